import { z } from 'zod';
import type { CommunityAuthor, reportReasons } from './community.ts';

/** The community's safety rules (docs/PRODUCT.md, "Community": "Safety and moderation"). */
export const moderationRules = {
  /** A member blocks at most this many others. */
  blockListLimit: 500,
  suspensionMaxDays: 365,
  reasonMaxLength: 500,
  appealMaxLength: 500,
  /** The queue shows at most this many posts (oldest first) and reported members. */
  queueLimit: 100,
  /** Recent actions shown beside the queue. */
  logLimit: 50,
  /**
   * The pump guard: new posts naming a symbol are held for review while its posts of the last
   * hour exceed `factor` times its hourly average of the 30 days before, at least
   * `minimumPosts` of them, and most of them by accounts under `newAccountDays` days old.
   */
  pump: { factor: 5, baselineDays: 30, minimumPosts: 20, newAccountDays: 7 },
} as const;

const reasonSchema = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(1, 'Give a reason')
  .max(moderationRules.reasonMaxLength, 'A reason has at most 500 characters');

/** `POST /api/community/moderation/posts/:id/restore`. */
export const restoreInputSchema = z.object({
  note: z.string().trim().max(moderationRules.reasonMaxLength).default(''),
});

/** `POST /api/community/moderation/posts/:id/remove`: the reason is shown to the author. */
export const removeInputSchema = z.object({ reason: reasonSchema });

/** `POST /api/community/moderation/users/:handle/suspend`. */
export const suspendInputSchema = z.object({
  days: z
    .number({ error: 'Say for how many days' })
    .int('A whole number of days')
    .min(1, 'At least 1 day')
    .max(moderationRules.suspensionMaxDays, 'At most 365 days'),
  reason: reasonSchema,
});

/** `POST /api/community/moderation/users/:handle/dismiss`. */
export const dismissInputSchema = z.object({
  note: z.string().trim().max(moderationRules.reasonMaxLength).default(''),
});

/** `POST /api/community/posts/:id/appeal`: once per removed post. */
export const appealInputSchema = z.object({
  text: z
    .string({ error: 'Say why the post should come back' })
    .trim()
    .min(1, 'Say why the post should come back')
    .max(moderationRules.appealMaxLength, 'An appeal has at most 500 characters'),
});

export type ReportReason = (typeof reportReasons)[number];

/** The open reports of a post or member: how many, by reason, and the notes reporters left. */
export interface ReportSummary {
  total: number;
  reasons: Partial<Record<ReportReason, number>>;
  notes: string[];
}

/** Why a post waits in the queue: reported by members, held by the pump guard, or appealed. */
export type ModerationKind = 'reports' | 'pump' | 'appeal';

export interface ModerationPostItem {
  kind: ModerationKind;
  /** When it entered the queue (hidden, held or appealed). */
  since: string;
  post: {
    id: string;
    /** Set for a reply: the post it answers. */
    parentId: string | null;
    author: CommunityAuthor;
    body: string;
    symbols: string[];
    createdAt: string;
  };
  reports: ReportSummary;
  /** For an appeal: the removal and the author's text. */
  removal: { reason: string; at: string } | null;
  appeal: { text: string; at: string } | null;
  /** The author's posting is suspended until then. */
  authorSuspendedUntil: string | null;
}

export interface ModerationUserItem {
  user: CommunityAuthor;
  since: string;
  reports: ReportSummary;
  suspendedUntil: string | null;
}

/** `GET /api/community/moderation/queue`: oldest first. */
export interface ModerationQueue {
  posts: ModerationPostItem[];
  users: ModerationUserItem[];
}

export type ModerationActionName =
  | 'restore'
  | 'remove'
  | 'uphold'
  | 'suspend'
  | 'dismiss'
  /** Decisions on a reported direct message (ADR 0049). */
  | 'remove_message'
  | 'dismiss_message';

/** One logged decision: who, what, when and why. */
export interface ModerationLogEntry {
  id: string;
  /** The moderator's handle, or their account name when they have no community profile. */
  moderator: string | null;
  action: ModerationActionName;
  subject: CommunityAuthor | null;
  postId: string | null;
  reason: string;
  days: number | null;
  at: string;
}

/** `GET /api/community/moderation/log`: newest first. */
export interface ModerationLog {
  entries: ModerationLogEntry[];
}

/** A post of the member that readers do not see, and why. */
export interface OwnPostReview {
  post: { id: string; parentId: string | null; body: string; symbols: string[]; createdAt: string };
  /** `held`: by the pump guard; `hidden`: after reports; `removed`: by a moderator. */
  state: 'held' | 'hidden' | 'removed';
  removalReason: string | null;
  appeal: { text: string; at: string; decided: boolean } | null;
  /** A removed post may be appealed once. */
  canAppeal: boolean;
}

/** `GET /api/community/standing`: the member's standing in the community. */
export interface CommunityStanding {
  moderator: boolean;
  suspension: { until: string; reason: string } | null;
  underReview: OwnPostReview[];
}

export interface CommunityBlock {
  handle: string;
  displayName: string;
  blockedAt: string;
}

/** `GET /api/community/blocks`. */
export interface CommunityBlockList {
  blocks: CommunityBlock[];
  limit: number;
}

/** `GET /api/operator/moderators`. */
export interface ModeratorList {
  moderators: { email: string; name: string; handle: string | null; grantedAt: string }[];
}
