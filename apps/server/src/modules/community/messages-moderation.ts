import {
  type ModerationMessageItem,
  type ModerationMessages,
  messageRules,
  moderationRules,
  paths,
  type ReportReason,
} from '@tickerwise/shared';
import { and, asc, desc, eq, inArray, isNull, lt, min, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import {
  communityConversationMembers,
  communityMessageReports,
  communityMessages,
  communityModerationActions,
  communityProfiles,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { insertNotification } from '../notifications/service.ts';
import { excerptOf, missingMessage } from './messages.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reported direct messages in the moderators' queue (ADR 0049). A moderator sees the reported
 * message and the few before it in its conversation, for context, and nothing else of the
 * conversation; they remove the message (the sender is told why) or dismiss its reports.
 */
export class MessageModeration {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async queue(): Promise<ModerationMessages> {
    const open = await this.db
      .select({
        messageId: communityMessageReports.messageId,
        since: min(communityMessageReports.createdAt),
      })
      .from(communityMessageReports)
      .innerJoin(communityMessages, eq(communityMessages.id, communityMessageReports.messageId))
      .where(and(isNull(communityMessageReports.resolvedAt), isNull(communityMessages.removedAt)))
      .groupBy(communityMessageReports.messageId)
      .orderBy(asc(min(communityMessageReports.createdAt)))
      .limit(moderationRules.queueLimit);
    if (open.length === 0) return { messages: [] };
    const ids = open.map((row) => row.messageId);
    const reports = await this.db
      .select({
        messageId: communityMessageReports.messageId,
        reason: communityMessageReports.reason,
        note: communityMessageReports.note,
      })
      .from(communityMessageReports)
      .where(
        and(
          inArray(communityMessageReports.messageId, ids),
          isNull(communityMessageReports.resolvedAt),
        ),
      );
    const sender = alias(communityProfiles, 'sender_profile');
    const recipient = alias(communityProfiles, 'recipient_profile');
    const member = communityConversationMembers;
    const messages = await this.db
      .select({
        message: communityMessages,
        senderHandle: sender.handle,
        senderName: sender.displayName,
        recipientHandle: recipient.handle,
        recipientName: recipient.displayName,
      })
      .from(communityMessages)
      .innerJoin(sender, eq(sender.userId, communityMessages.senderId))
      .innerJoin(
        member,
        and(
          eq(member.conversationId, communityMessages.conversationId),
          eq(member.userId, communityMessages.senderId),
        ),
      )
      .innerJoin(recipient, eq(recipient.userId, member.otherId))
      .where(inArray(communityMessages.id, ids));
    const items: ModerationMessageItem[] = [];
    for (const { messageId, since } of open) {
      const row = messages.find((candidate) => candidate.message.id === messageId);
      if (!row) continue;
      const own = reports.filter((report) => report.messageId === messageId);
      const reasons: Partial<Record<ReportReason, number>> = {};
      for (const report of own) {
        const reason = report.reason as ReportReason;
        reasons[reason] = (reasons[reason] ?? 0) + 1;
      }
      items.push({
        message: {
          id: row.message.id,
          body: row.message.body,
          createdAt: row.message.createdAt.toISOString(),
          sender: { handle: row.senderHandle, displayName: row.senderName },
        },
        recipient: { handle: row.recipientHandle, displayName: row.recipientName },
        context: await this.context(row.message),
        reports: {
          total: own.length,
          reasons,
          notes: own.map((report) => report.note).filter((note) => note !== ''),
        },
        since: (since ?? row.message.createdAt).toISOString(),
      });
    }
    return { messages: items };
  }

  /** The few messages before the reported one in its conversation, oldest first. */
  private async context(message: typeof communityMessages.$inferSelect) {
    const rows = await this.db
      .select({
        id: communityMessages.id,
        body: communityMessages.body,
        removedAt: communityMessages.removedAt,
        createdAt: communityMessages.createdAt,
        handle: communityProfiles.handle,
        displayName: communityProfiles.displayName,
      })
      .from(communityMessages)
      .innerJoin(communityProfiles, eq(communityProfiles.userId, communityMessages.senderId))
      .where(
        and(
          eq(communityMessages.conversationId, message.conversationId),
          or(
            lt(communityMessages.createdAt, message.createdAt),
            and(
              eq(communityMessages.createdAt, message.createdAt),
              lt(communityMessages.id, message.id),
            ),
          ),
        ),
      )
      .orderBy(desc(communityMessages.createdAt), desc(communityMessages.id))
      .limit(messageRules.reportContext);
    return rows.reverse().map((row) => ({
      id: row.id,
      body: row.removedAt ? null : row.body,
      createdAt: row.createdAt.toISOString(),
      sender: { handle: row.handle, displayName: row.displayName },
    }));
  }

  /** Removes a reported message for both members; the sender is told why. */
  async remove(moderatorId: string, messageId: string, reason: string): Promise<void> {
    await this.decide(moderatorId, messageId, async (tx, message, now) => {
      await tx
        .update(communityMessages)
        .set({ removedAt: now })
        .where(eq(communityMessages.id, messageId));
      await this.record(tx, moderatorId, 'remove_message', message.senderId, reason);
      // Both members' rows change, so their open conversation refetches without the text.
      await tx
        .update(communityConversationMembers)
        .set({ unread: sql`${communityConversationMembers.unread}` })
        .where(eq(communityConversationMembers.conversationId, message.conversationId));
      await insertNotification(tx, {
        userId: message.senderId,
        title: 'A moderator removed your message',
        message: `“${excerptOf(message.body, 80)}” was removed: ${reason}`,
        link: paths.socialMessages,
      });
    });
  }

  /** Settles the message's reports and leaves it as it was. */
  async dismiss(moderatorId: string, messageId: string, note: string): Promise<void> {
    await this.decide(moderatorId, messageId, async (tx, message) => {
      await this.record(tx, moderatorId, 'dismiss_message', message.senderId, note);
    });
  }

  /**
   * A decision on a reported message, under the lock on its row: 409 when another moderator
   * decided first, or when the message is to or from the moderator.
   */
  private async decide(
    moderatorId: string,
    messageId: string,
    apply: (tx: Db, message: typeof communityMessages.$inferSelect, now: Date) => Promise<void>,
  ): Promise<void> {
    if (!uuidPattern.test(messageId)) throw missingMessage();
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ message: communityMessages, otherId: communityConversationMembers.otherId })
        .from(communityMessages)
        .innerJoin(
          communityConversationMembers,
          and(
            eq(communityConversationMembers.conversationId, communityMessages.conversationId),
            eq(communityConversationMembers.userId, communityMessages.senderId),
          ),
        )
        .where(eq(communityMessages.id, messageId))
        .for('update', { of: communityMessages });
      if (!row) throw missingMessage();
      if (row.message.senderId === moderatorId || row.otherId === moderatorId) {
        throw new AppError(409, 'own_message', 'Another moderator reviews your own conversations.');
      }
      const settled = await tx
        .update(communityMessageReports)
        .set({ resolvedAt: now })
        .where(
          and(
            eq(communityMessageReports.messageId, messageId),
            isNull(communityMessageReports.resolvedAt),
          ),
        )
        .returning({ reporterId: communityMessageReports.reporterId });
      if (settled.length === 0 || row.message.removedAt !== null) {
        throw new AppError(409, 'already_reviewed', 'This message is not waiting for review.');
      }
      await apply(tx, row.message, now);
    });
  }

  private async record(
    tx: Db,
    moderatorId: string,
    action: 'remove_message' | 'dismiss_message',
    subjectId: string,
    reason: string,
  ): Promise<void> {
    await tx.insert(communityModerationActions).values({
      moderatorId,
      subjectId,
      postId: null,
      action,
      reason,
      createdAt: this.clock(),
    });
  }
}
