import { asc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  communityConversationMembers,
  communityConversations,
  communityMessageReports,
  communityMessageSettings,
  communityMessages,
  communityProfiles,
} from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/**
 * The member's direct messages in the data export: each conversation (with whom, muted or
 * not) and its messages both ways, who may message them, and the messages they reported.
 */
export function communityMessagesDataPart(db: Db): UserDataPart {
  return {
    name: 'communityMessages',
    tables: [
      communityConversations,
      communityConversationMembers,
      communityMessages,
      communityMessageReports,
      communityMessageSettings,
    ],
    async collect(userId) {
      const other = alias(communityProfiles, 'other_profile');
      const conversations = await db
        .select({
          id: communityConversationMembers.conversationId,
          with: other.handle,
          muted: communityConversationMembers.muted,
          lastReadAt: communityConversationMembers.lastReadAt,
        })
        .from(communityConversationMembers)
        .leftJoin(other, eq(other.userId, communityConversationMembers.otherId))
        .where(eq(communityConversationMembers.userId, userId));
      const sender = alias(communityProfiles, 'sender_profile');
      const messages = await db
        .select({
          conversationId: communityMessages.conversationId,
          from: sender.handle,
          body: communityMessages.body,
          createdAt: communityMessages.createdAt,
          removedAt: communityMessages.removedAt,
        })
        .from(communityMessages)
        .innerJoin(
          communityConversations,
          eq(communityConversations.id, communityMessages.conversationId),
        )
        .leftJoin(sender, eq(sender.userId, communityMessages.senderId))
        .where(
          or(eq(communityConversations.lowId, userId), eq(communityConversations.highId, userId)),
        )
        .orderBy(asc(communityMessages.createdAt));
      const [settings] = await db
        .select({ fromAnyone: communityMessageSettings.fromAnyone })
        .from(communityMessageSettings)
        .where(eq(communityMessageSettings.userId, userId));
      const reports = await db
        .select({
          messageId: communityMessageReports.messageId,
          reason: communityMessageReports.reason,
          note: communityMessageReports.note,
          createdAt: communityMessageReports.createdAt,
        })
        .from(communityMessageReports)
        .where(eq(communityMessageReports.reporterId, userId));
      return {
        acceptsMessagesFromAnyone: settings?.fromAnyone ?? false,
        conversations: conversations.map(plainRow),
        messages: messages.map(plainRow),
        messagesReported: reports.map(plainRow),
      };
    },
  };
}
