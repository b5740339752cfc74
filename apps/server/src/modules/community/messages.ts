import {
  type CommunityAuthor,
  type ConversationList,
  type ConversationPage,
  type ConversationSummary,
  communityRules,
  type DirectMessage,
  hasLink,
  type MessageRefusal,
  type MessageSettings,
  messageRules,
  paths,
  type StartedConversation,
  type UnreadMessages,
} from '@tickerwise/shared';
import { and, count, desc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  communityConversationMembers,
  communityConversations,
  communityFollows,
  communityMessageReports,
  communityMessageSettings,
  communityMessages,
  communityProfiles,
  user,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { insertNotification } from '../notifications/service.ts';
import { blocking, notBlockedWith } from './blocks.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hour = 3_600_000;
const day = 24 * hour;

const missingConversation = () => notFound('This conversation does not exist.');
export const missingMessage = () => notFound('This message does not exist.');
const missingMember = () => notFound('No one in the community has this handle.');

const messageRefusals = {
  profileRequired: () =>
    new AppError(
      409,
      'profile_required',
      'Choose a handle and display name before you send messages.',
    ),
  ownConversation: () => new AppError(409, 'own_profile', 'You cannot message yourself.'),
  notAccepted: (handle: string) =>
    new AppError(
      403,
      'messages_not_accepted',
      `@${handle} accepts messages only from members they follow.`,
    ),
  perMinute: () =>
    new AppError(
      429,
      'messages_too_fast',
      `You can send ${messageRules.perMinute} messages a minute. Wait a moment and send it again.`,
      undefined,
      { 'retry-after': '60' },
    ),
  perDay: () =>
    new AppError(
      429,
      'message_daily_limit',
      `You can send ${messageRules.perDay} messages in 24 hours. More are possible tomorrow.`,
    ),
  newConversations: (limit: number, newAccount: boolean) =>
    new AppError(
      429,
      'conversation_limit',
      newAccount
        ? `Accounts under ${communityRules.newAccountHours} hours old may start ${limit} conversations a day. More are possible tomorrow.`
        : `You can start ${limit} new conversations in 24 hours. More are possible tomorrow.`,
    ),
  linksNotYet: () =>
    new AppError(
      422,
      'links_not_yet',
      `New accounts can send links ${communityRules.newAccountHours} hours after signing up. Remove the link, or send it later.`,
    ),
  blockedByOther: (handle: string) =>
    new AppError(
      403,
      'messages_blocked',
      `@${handle} does not accept messages from you. Your message was not sent.`,
    ),
  blockedByMe: (handle: string) =>
    new AppError(403, 'member_blocked', `You blocked @${handle}. Unblock them to send a message.`),
  ownMessage: () => new AppError(409, 'own_message', 'You cannot report your own message.'),
  badCursor: () => new AppError(400, 'bad_cursor', 'This page of the conversation does not exist.'),
};

/** A message's or conversation's place in a newest-first list. */
function cursorOf(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

function parseCursor(cursor: string): { at: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  const year = at.getUTCFullYear();
  if (!id || !uuidPattern.test(id) || !(year >= 2000 && year <= 3000)) {
    throw messageRefusals.badCursor();
  }
  return { at, id };
}

/** "AAPL looks cheap here and…": the start of a message, for the list and a notification. */
export function excerptOf(body: string, length = 120): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

type MessageRow = typeof communityMessages.$inferSelect;

function messageOf(row: MessageRow, viewerId: string): DirectMessage {
  return {
    id: row.id,
    body: row.removedAt ? null : row.body,
    mine: row.senderId === viewerId,
    createdAt: row.createdAt.toISOString(),
    removed: row.removedAt !== null,
  };
}

interface Side {
  conversationId: string;
  otherId: string;
  with: CommunityAuthor;
  muted: boolean;
  unread: number;
  /** The member blocked the other: they still read the conversation, and cannot write. */
  blockedByMe: boolean;
  /** The other member blocked this one: the conversation is absent for them (404). */
  blockedByOther: boolean;
}

/**
 * Direct messages between two members (ADR 0049). A conversation is visible to its two
 * members only. While one blocks the other it stays readable, closed to writing, to the member
 * who blocked, and is absent (404, as posts are) for the member blocked, whose sends are
 * refused with a reason (ADR 0058). Sending is counted under the lock on the sender's profile
 * row, as posts are, so two tabs cannot pass a rate limit together.
 */
export class MessageStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** 403 while the member's posting is suspended (messages included). */
    private readonly assertMayWrite: (userId: string) => Promise<void>,
  ) {}

  // --- Reading --------------------------------------------------------------------------

  async list(userId: string, cursor?: string): Promise<ConversationList> {
    const after = cursor === undefined ? undefined : parseCursor(cursor);
    const member = communityConversationMembers;
    const rows = rowsOf<{
      conversation_id: string;
      last_message_at: Date | string;
      unread: number;
      muted: boolean;
      handle: string;
      display_name: string;
      blocked: boolean;
      body: string | null;
      sender_id: string | null;
      removed_at: Date | string | null;
      created_at: Date | string | null;
    }>(
      await this.db.execute(sql`
        select ${member.conversationId} as conversation_id, ${member.lastMessageAt} as last_message_at,
               ${member.unread} as unread, ${member.muted} as muted,
               ${communityProfiles.handle} as handle, ${communityProfiles.displayName} as display_name,
               ${blocking(userId, member.otherId)} as blocked,
               last.body, last.sender_id, last.removed_at, last.created_at
          from ${member}
          join ${communityProfiles} on ${communityProfiles.userId} = ${member.otherId}
          left join lateral (
            select m.body, m.sender_id, m.removed_at, m.created_at
              from ${communityMessages} m
             where m.conversation_id = ${member.conversationId}
             order by m.created_at desc, m.id desc
             limit 1
          ) last on true
         where ${member.userId} = ${userId}
           and ${member.lastMessageAt} is not null
           and not ${blocking(member.otherId, userId)}
           ${
             after
               ? sql`and (${member.lastMessageAt} < ${after.at.toISOString()}
                     or (${member.lastMessageAt} = ${after.at.toISOString()} and ${member.conversationId} < ${after.id}))`
               : sql``
           }
         order by ${member.lastMessageAt} desc, ${member.conversationId} desc
         limit ${messageRules.pageSize + 1}`),
    );
    const page = rows.slice(0, messageRules.pageSize);
    const conversations: ConversationSummary[] = page.map((row) => ({
      id: row.conversation_id,
      with: { handle: row.handle, displayName: row.display_name },
      last:
        row.created_at === null
          ? null
          : {
              body: row.removed_at === null ? excerptOf(row.body ?? '') : null,
              mine: row.sender_id === userId,
              at: new Date(row.created_at).toISOString(),
            },
      unread: Number(row.unread),
      muted: Boolean(row.muted),
      blocked: Boolean(row.blocked),
    }));
    const last = page.at(-1);
    return {
      conversations,
      nextCursor:
        rows.length > messageRules.pageSize && last
          ? cursorOf(new Date(last.last_message_at), last.conversation_id)
          : null,
      settings: await this.settings(userId),
    };
  }

  /** Unread messages outside muted conversations and blocked members: the sidebar's count. */
  async unread(userId: string): Promise<UnreadMessages> {
    const member = communityConversationMembers;
    const [row] = await this.db
      .select({ unread: sql<string | number>`coalesce(sum(${member.unread}), 0)` })
      .from(member)
      .where(
        and(
          eq(member.userId, userId),
          gt(member.unread, 0),
          eq(member.muted, false),
          notBlockedWith(userId, member.otherId),
        ),
      );
    return { unread: Number(row?.unread ?? 0) };
  }

  /** A page of the conversation, oldest first; `before` asks for the page of older ones. */
  async page(userId: string, id: string, before?: string): Promise<ConversationPage> {
    const side = await this.openSide(userId, id);
    const older = before === undefined ? undefined : parseCursor(before);
    const rows = await this.db
      .select()
      .from(communityMessages)
      .where(
        and(
          eq(communityMessages.conversationId, id),
          older
            ? or(
                lt(communityMessages.createdAt, older.at),
                and(eq(communityMessages.createdAt, older.at), lt(communityMessages.id, older.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(communityMessages.createdAt), desc(communityMessages.id))
      .limit(messageRules.pageSize + 1);
    const page = rows.slice(0, messageRules.pageSize);
    const oldest = page.at(-1);
    const [other] = await this.db
      .select({ lastReadAt: communityConversationMembers.lastReadAt })
      .from(communityConversationMembers)
      .where(
        and(
          eq(communityConversationMembers.conversationId, id),
          eq(communityConversationMembers.userId, side.otherId),
        ),
      );
    return {
      conversation: {
        id,
        with: side.with,
        muted: side.muted,
        otherReadAt: other?.lastReadAt?.toISOString() ?? null,
        refusal: await this.refusal(userId, side),
      },
      messages: page.reverse().map((row) => messageOf(row, userId)),
      olderCursor:
        rows.length > messageRules.pageSize && oldest
          ? cursorOf(oldest.createdAt, oldest.id)
          : null,
    };
  }

  async settings(userId: string, db: Db = this.db): Promise<MessageSettings> {
    const [row] = await db
      .select({ fromAnyone: communityMessageSettings.fromAnyone })
      .from(communityMessageSettings)
      .where(eq(communityMessageSettings.userId, userId));
    return { fromAnyone: row?.fromAnyone ?? false };
  }

  // --- Writing ----------------------------------------------------------------------------

  async setSettings(userId: string, settings: MessageSettings): Promise<MessageSettings> {
    await this.db
      .insert(communityMessageSettings)
      .values({ userId, fromAnyone: settings.fromAnyone, updatedAt: this.clock() })
      .onConflictDoUpdate({
        target: communityMessageSettings.userId,
        set: { fromAnyone: settings.fromAnyone, updatedAt: this.clock() },
      });
    return this.settings(userId);
  }

  /**
   * The conversation with the member of this handle, made (with no message yet) when the pair
   * has none: 404 for a member who does not exist or blocks (or is blocked by) the caller, 403
   * when they accept messages only from members they follow.
   */
  async start(userId: string, handle: string): Promise<StartedConversation> {
    const [me] = await this.db
      .select({ userId: communityProfiles.userId })
      .from(communityProfiles)
      .where(eq(communityProfiles.userId, userId));
    if (!me) throw messageRefusals.profileRequired();
    const [other] = await this.db
      .select({
        userId: communityProfiles.userId,
        handle: communityProfiles.handle,
        displayName: communityProfiles.displayName,
      })
      .from(communityProfiles)
      .where(
        and(
          eq(sql`lower(${communityProfiles.handle})`, handle.toLowerCase()),
          notBlockedWith(userId, communityProfiles.userId),
        ),
      );
    if (!other) throw missingMember();
    if (other.userId === userId) throw messageRefusals.ownConversation();
    const [lowId, highId] = userId < other.userId ? [userId, other.userId] : [other.userId, userId];
    const pair = and(
      eq(communityConversations.lowId, lowId),
      eq(communityConversations.highId, highId),
    );
    const [existing] = await this.db
      .select({ id: communityConversations.id })
      .from(communityConversations)
      .where(pair);
    if (!(await this.accepts(other.userId, userId, existing?.id ?? null))) {
      throw messageRefusals.notAccepted(other.handle);
    }
    const id = await this.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(communityConversations)
        .values({ lowId, highId, createdAt: this.clock() })
        .onConflictDoNothing()
        .returning({ id: communityConversations.id });
      const [found] = made
        ? [made]
        : await tx
            .select({ id: communityConversations.id })
            .from(communityConversations)
            .where(pair);
      await tx
        .insert(communityConversationMembers)
        .values([
          { conversationId: found!.id, userId, otherId: other.userId },
          { conversationId: found!.id, userId: other.userId, otherId: userId },
        ])
        .onConflictDoNothing();
      return found!.id;
    });
    return { id, with: { handle: other.handle, displayName: other.displayName } };
  }

  /**
   * Sends a message after the sender's limits, all under the lock on their profile row: the
   * messages of the last minute and of the last 24 hours, the conversations started in the
   * last 24 hours (fewer for a new account, which may not send links either).
   */
  async send(userId: string, id: string, body: string): Promise<DirectMessage> {
    if (!uuidPattern.test(id)) throw missingConversation();
    await this.assertMayWrite(userId);
    const now = this.clock();
    const row = await this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ handle: communityProfiles.handle, joinedAt: user.createdAt })
        .from(communityProfiles)
        .innerJoin(user, eq(user.id, communityProfiles.userId))
        .where(eq(communityProfiles.userId, userId))
        .for('update', { of: communityProfiles });
      if (!locked) throw messageRefusals.profileRequired();
      // Locked too: both members sending the first message at once start it once, and a block
      // (which locks it as well) falls before or after this message, never across it.
      const [conversation] = await tx
        .select({ startedAt: communityConversations.startedAt })
        .from(communityConversations)
        .where(
          and(
            eq(communityConversations.id, id),
            or(eq(communityConversations.lowId, userId), eq(communityConversations.highId, userId)),
          ),
        )
        .for('update');
      if (!conversation) throw missingConversation();
      const side = await this.side(userId, id, tx);
      // Refused with its reason, and nothing written: no message, no unread, no notification.
      if (side.blockedByOther) throw messageRefusals.blockedByOther(side.with.handle);
      if (side.blockedByMe) throw messageRefusals.blockedByMe(side.with.handle);
      if (!(await this.accepts(side.otherId, userId, id, tx))) {
        throw messageRefusals.notAccepted(side.with.handle);
      }
      const newAccount =
        now.getTime() - locked.joinedAt.getTime() < communityRules.newAccountHours * hour;
      if (newAccount && hasLink(body)) throw messageRefusals.linksNotYet();
      const [sent] = await tx
        .select({
          minute: sql<number>`count(*) filter (where ${communityMessages.createdAt} > ${new Date(now.getTime() - 60_000).toISOString()})`,
          day: count(),
        })
        .from(communityMessages)
        .where(
          and(
            eq(communityMessages.senderId, userId),
            gt(communityMessages.createdAt, new Date(now.getTime() - day)),
          ),
        );
      if (Number(sent?.minute ?? 0) >= messageRules.perMinute) throw messageRefusals.perMinute();
      if (Number(sent?.day ?? 0) >= messageRules.perDay) throw messageRefusals.perDay();
      const first = conversation.startedAt === null;
      if (first) {
        const [started] = await tx
          .select({ count: count() })
          .from(communityConversations)
          .where(
            and(
              eq(communityConversations.startedBy, userId),
              gte(communityConversations.startedAt, new Date(now.getTime() - day)),
            ),
          );
        const limit = newAccount
          ? messageRules.newAccountConversationsPerDay
          : messageRules.newConversationsPerDay;
        if ((started?.count ?? 0) >= limit) {
          throw messageRefusals.newConversations(limit, newAccount);
        }
        await tx
          .update(communityConversations)
          .set({ startedBy: userId, startedAt: now })
          .where(eq(communityConversations.id, id));
      }
      const [message] = await tx
        .insert(communityMessages)
        .values({ conversationId: id, senderId: userId, body, createdAt: now })
        .returning();
      // Each member's row changes, and its change is announced to that member's tabs.
      const member = communityConversationMembers;
      await tx
        .update(member)
        .set({ lastMessageAt: now, unread: 0, lastReadAt: now })
        .where(and(eq(member.conversationId, id), eq(member.userId, userId)));
      await tx
        .update(member)
        .set({ lastMessageAt: now, unread: sql`${member.unread} + 1` })
        .where(and(eq(member.conversationId, id), eq(member.userId, side.otherId)));
      // A new conversation is told once; later messages only count as unread.
      if (first) {
        await insertNotification(tx, {
          userId: side.otherId,
          title: `@${locked.handle} sent you a message`,
          message: excerptOf(body),
          link: `${paths.socialMessages}?c=${id}`,
        });
      }
      return message!;
    });
    return messageOf(row, userId);
  }

  /** Marks the conversation read up to now (a no-op, announcing nothing, when it was). */
  async read(userId: string, id: string): Promise<void> {
    await this.openSide(userId, id);
    const member = communityConversationMembers;
    await this.db
      .update(member)
      .set({ unread: 0, lastReadAt: this.clock() })
      .where(and(eq(member.conversationId, id), eq(member.userId, userId), gt(member.unread, 0)));
  }

  /** A muted conversation still lists its unread messages, but not in the sidebar's count. */
  async mute(userId: string, id: string, muted: boolean): Promise<{ muted: boolean }> {
    await this.openSide(userId, id);
    const member = communityConversationMembers;
    await this.db
      .update(member)
      .set({ muted })
      .where(and(eq(member.conversationId, id), eq(member.userId, userId)));
    return { muted };
  }

  /** Reports the other member's message, once, into the moderators' queue. */
  async report(userId: string, messageId: string, reason: string, note: string): Promise<void> {
    if (!uuidPattern.test(messageId)) throw missingMessage();
    const [row] = await this.db
      .select({ senderId: communityMessages.senderId })
      .from(communityMessages)
      .innerJoin(
        communityConversationMembers,
        and(
          eq(communityConversationMembers.conversationId, communityMessages.conversationId),
          eq(communityConversationMembers.userId, userId),
        ),
      )
      .where(
        and(
          eq(communityMessages.id, messageId),
          isNull(communityMessages.removedAt),
          sql`not ${blocking(communityConversationMembers.otherId, userId)}`,
        ),
      );
    if (!row) throw missingMessage();
    if (row.senderId === userId) throw messageRefusals.ownMessage();
    await this.db
      .insert(communityMessageReports)
      .values({ messageId, reporterId: userId, reason, note, createdAt: this.clock() })
      .onConflictDoNothing();
  }

  // --- Helpers ------------------------------------------------------------------------------

  /**
   * The caller's side of a conversation as they may open it: 404 unless they are in it and the
   * other member has not blocked them (the member who blocked still opens it).
   */
  private async openSide(userId: string, id: string): Promise<Side> {
    const side = await this.side(userId, id);
    if (side.blockedByOther) throw missingConversation();
    return side;
  }

  /** The caller's side of a conversation, with the blocks between the two: 404 unless in it. */
  private async side(userId: string, id: string, db: Db = this.db): Promise<Side> {
    if (!uuidPattern.test(id)) throw missingConversation();
    const member = communityConversationMembers;
    const [row] = await db
      .select({
        otherId: member.otherId,
        muted: member.muted,
        unread: member.unread,
        handle: communityProfiles.handle,
        displayName: communityProfiles.displayName,
        blockedByMe: blocking(userId, member.otherId),
        blockedByOther: blocking(member.otherId, userId),
      })
      .from(member)
      .innerJoin(communityProfiles, eq(communityProfiles.userId, member.otherId))
      .where(and(eq(member.conversationId, id), eq(member.userId, userId)));
    if (!row) throw missingConversation();
    return {
      conversationId: id,
      otherId: row.otherId,
      with: { handle: row.handle, displayName: row.displayName },
      muted: row.muted,
      unread: row.unread,
      blockedByMe: Boolean(row.blockedByMe),
      blockedByOther: Boolean(row.blockedByOther),
    };
  }

  /**
   * Whether `recipientId` accepts messages from `senderId`: they follow the sender, they accept
   * messages from anyone, or they have written in this conversation themselves.
   */
  private async accepts(
    recipientId: string,
    senderId: string,
    conversationId: string | null,
    db: Db = this.db,
  ): Promise<boolean> {
    const [row] = rowsOf<{ accepts: boolean }>(
      await db.execute(sql`
        select (
          exists (select 1 from ${communityFollows}
                   where ${communityFollows.followerId} = ${recipientId}
                     and ${communityFollows.followeeId} = ${senderId})
          or exists (select 1 from ${communityMessageSettings}
                      where ${communityMessageSettings.userId} = ${recipientId}
                        and ${communityMessageSettings.fromAnyone})
          ${
            conversationId === null
              ? sql``
              : sql`or exists (select 1 from ${communityMessages}
                      where ${communityMessages.conversationId} = ${conversationId}
                        and ${communityMessages.senderId} = ${recipientId})`
          }
        ) as accepts`),
    );
    return Boolean(row?.accepts);
  }

  private async refusal(userId: string, side: Side): Promise<MessageRefusal> {
    if (side.blockedByMe) return 'blocked';
    if (!(await this.accepts(side.otherId, userId, side.conversationId))) return 'not_accepted';
    try {
      await this.assertMayWrite(userId);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 403) return 'suspended';
      throw error;
    }
    return null;
  }
}
