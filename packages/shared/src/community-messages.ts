import { z } from 'zod';
import type { CommunityAuthor } from './community.ts';
import type { ReportReason } from './community-moderation.ts';

/**
 * Direct messages between two members (docs/PRODUCT.md, "Community": "Messages"; ADR 0049).
 * Messages do not count against the plan's post quotas; they are rate limited the same on
 * every plan.
 */
export const messageRules = {
  bodyMaxLength: 2_000,
  /** Messages a member may send in any minute, and in any 24 hours. */
  perMinute: 20,
  perDay: 500,
  /** Conversations a member may start (send the first message of) in any 24 hours. */
  newConversationsPerDay: 20,
  /** The same for accounts under `communityRules.newAccountHours` hours old. */
  newAccountConversationsPerDay: 3,
  /** A page of a conversation, and of the conversation list. */
  pageSize: 30,
  /** A moderator sees a reported message and at most this many before it, nothing else. */
  reportContext: 4,
} as const;

/** `PUT /api/community/message-settings`: who may start a conversation with the member. */
export const messageSettingsInputSchema = z.object({
  /** false (the default): only members they follow; true: any member. */
  fromAnyone: z.boolean({ error: 'Say whether anyone may message you' }),
});
export type MessageSettings = z.infer<typeof messageSettingsInputSchema>;

/** `POST /api/community/conversations`: the conversation with this member (made if new). */
export const startConversationInputSchema = z.object({
  handle: z.string({ error: 'Choose a member' }).trim().toLowerCase().min(1, 'Choose a member'),
});

/** `POST /api/community/conversations/:id/messages`. */
export const messageInputSchema = z.object({
  body: z
    .string({ error: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .max(messageRules.bodyMaxLength, 'A message has at most 2,000 characters'),
});

/** `PUT /api/community/conversations/:id/mute`. */
export const muteInputSchema = z.object({
  muted: z.boolean({ error: 'Say whether to mute the conversation' }),
});

/** A message as one of the two members sees it. */
export interface DirectMessage {
  id: string;
  /** null once a moderator removed it. */
  body: string | null;
  mine: boolean;
  createdAt: string;
  removed: boolean;
}

export interface ConversationSummary {
  id: string;
  with: CommunityAuthor;
  /** The newest message (null for a conversation with none yet). */
  last: { body: string | null; mine: boolean; at: string } | null;
  unread: number;
  muted: boolean;
  /** The member blocked the other: the conversation stays readable to them, closed to writing. */
  blocked: boolean;
}

/** `GET /api/community/conversations`: the member's conversations, latest first. */
export interface ConversationList {
  conversations: ConversationSummary[];
  nextCursor: string | null;
  settings: MessageSettings;
}

/** `GET /api/community/conversations/unread`: unread messages outside muted conversations. */
export interface UnreadMessages {
  unread: number;
}

/**
 * Why the member cannot write in a conversation now, or null when they can: the other member
 * accepts messages only from members they follow, a moderator suspended the member's posting,
 * or the member blocked the other (they unblock to write again).
 */
export type MessageRefusal = 'not_accepted' | 'suspended' | 'blocked' | null;

/** `GET /api/community/conversations/:id`: a page of messages, oldest first. */
export interface ConversationPage {
  conversation: {
    id: string;
    with: CommunityAuthor;
    muted: boolean;
    /** The other member read up to here (null: nothing yet). */
    otherReadAt: string | null;
    refusal: MessageRefusal;
  };
  messages: DirectMessage[];
  /** Asks for the page of older messages (`?before=`). */
  olderCursor: string | null;
}

/** `POST /api/community/conversations`. */
export interface StartedConversation {
  id: string;
  with: CommunityAuthor;
}

/** A reported message in the moderators' queue, with the few messages before it. */
export interface ModerationMessageItem {
  message: { id: string; body: string; createdAt: string; sender: CommunityAuthor };
  recipient: CommunityAuthor;
  /** Up to `messageRules.reportContext` messages before it, oldest first. */
  context: { id: string; body: string | null; createdAt: string; sender: CommunityAuthor }[];
  reports: { total: number; reasons: Partial<Record<ReportReason, number>>; notes: string[] };
  since: string;
}

/** `GET /api/community/moderation/messages`: reported messages, oldest report first. */
export interface ModerationMessages {
  messages: ModerationMessageItem[];
}
