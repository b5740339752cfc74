import { z } from 'zod';
import type { CommunityAuthor, CommunityPost, CommunityUserPage } from './community.ts';

/** How much one account may follow, and how many members one post may mention. */
export const followLimits = {
  users: 1_000,
  symbols: 500,
  mentionsPerPost: 5,
} as const;

export const feedTabs = ['following', 'all'] as const;
export type FeedTab = (typeof feedTabs)[number];

/** `PUT /api/community/users/:handle/follow` and `PUT /api/community/symbols/:symbol/follow`. */
export const followInputSchema = z.object({
  following: z.boolean({ error: 'Say whether to follow' }),
});

/** A member's follower and following counts, and whether the reader follows them. */
export type CommunityFollowCounts = CommunityUserPage['follows'];

/** `GET /api/community/following`: the members and symbols the user follows, and the bounds. */
export interface CommunityFollowing {
  users: CommunityAuthor[];
  symbols: string[];
  limits: { users: number; symbols: number };
}

/** `GET /api/community/symbols/:symbol/posts`: a symbol's posts, newest first. */
export interface CommunitySymbolPosts {
  symbol: string;
  followedByMe: boolean;
  posts: CommunityPost[];
  nextCursor: string | null;
}

/** `GET /api/community/feed/new`: posts newer than the one the reader has at the top. */
export interface CommunityNewPosts {
  /** At most `newPostsCountLimit`; the screen shows "99+" at the limit. */
  count: number;
  /**
   * The ids of the posts counted (the oldest `newPostsCountLimit` of them), so that a tab can
   * add the posts announced while it asked without counting one twice (ADR 0076).
   */
  ids: string[];
}
export const newPostsCountLimit = 99;

/** Something that happened to the user's posts: a reply, a like or a mention of them. */
export interface CommunityActivity {
  kind: 'reply' | 'like' | 'mention';
  who: CommunityAuthor;
  at: string;
  /** The post or reply it happened on (for a mention: the post that mentions the user). */
  postId: string;
  excerpt: string;
}

/** The user's own post or reply on the Updates page; for a reply, what it answers. */
export interface CommunityOwnPost {
  post: CommunityPost;
  inReplyTo: { id: string; author: CommunityAuthor; excerpt: string } | null;
}

/** `GET /api/community/updates` */
export interface CommunityUpdates {
  /** Newest first, the latest few (first page only; empty on later pages). */
  activity: CommunityActivity[];
  posts: CommunityOwnPost[];
  nextCursor: string | null;
}

const mentionPattern = /(^|[^\w@.])@([A-Za-z0-9_]{3,20})(?![\w@])/g;

/**
 * The `@handle` mentions of a text, lower case, each once, in order of appearance. A mention
 * is `@` then a handle (3 to 20 letters, digits or underscores), not inside a word or address.
 */
export function mentionsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(mentionPattern)) {
    const handle = match[2]!.toLowerCase();
    if (!found.includes(handle)) found.push(handle);
  }
  return found;
}
