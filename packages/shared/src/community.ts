import { z } from 'zod';
import type { DataSource } from './company.ts';

/** Community rules in one place (docs/PRODUCT.md, "Community"). */
export const communityRules = {
  bodyMaxLength: 1_000,
  cashtagsPerPost: 5,
  editWindowMinutes: 15,
  /** Posts about companies smaller than this, or priced under `minPrice`, are refused. */
  minMarketCap: 300_000_000,
  minPrice: 5,
  /** An account younger than this is new: the limits below apply. */
  newAccountHours: 24,
  newAccountPostsPerDay: 3,
  newAccountRepliesPerDay: 10,
  newAccountSecondsBetweenPosts: 30,
  duplicateWindowMinutes: 5,
  reportsToHide: 3,
  /** Posts with a chart snapshot a member may write in a UTC day (deleting one gives none back). */
  chartsPerDay: 10,
  /** A snapshot keeps at most this many closes (a year's are thinned evenly to fit). */
  chartMaxPoints: 130,
} as const;

/** The ranges a post's chart snapshot may cover (the stock chart's, without five years). */
export const postChartRanges = ['1m', '3m', '6m', '1y'] as const;
export type PostChartRange = (typeof postChartRanges)[number];

/**
 * A chart of a symbol attached to a post: the daily closes as Tickerwise stored them when the
 * post was written, drawn by the app (never an uploaded image), with their source and last day.
 */
export interface PostChart {
  symbol: string;
  range: PostChartRange;
  /** Oldest first; at most `communityRules.chartMaxPoints`. */
  points: { date: string; close: number }[];
  source: DataSource;
  /** The last day the closes cover (YYYY-MM-DD). */
  asOf: string;
}

/** A public handle: 3 to 20 letters, digits or underscores, kept in lower case. */
export const handleSchema = z
  .string({ error: 'Choose a handle' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_]{3,20}$/, 'A handle has 3 to 20 letters, digits or underscores');

/** `PUT /api/community/profile`. */
export const communityProfileInputSchema = z.object({
  handle: handleSchema,
  displayName: z
    .string({ error: 'Choose a display name' })
    .trim()
    .min(1, 'Choose a display name')
    .max(40, 'A display name has at most 40 characters'),
  bio: z.string().trim().max(280, 'A bio has at most 280 characters').default(''),
});
export type CommunityProfileInput = z.input<typeof communityProfileInputSchema>;

export const sentiments = ['bullish', 'bearish'] as const;
export type Sentiment = (typeof sentiments)[number];

const bodySchema = z
  .string({ error: 'Write something' })
  .trim()
  .min(1, 'Write something')
  .max(communityRules.bodyMaxLength, 'A post has at most 1,000 characters');

/** `POST /api/community/posts` and `PATCH /api/community/posts/:id`. */
export const postInputSchema = z.object({
  body: bodySchema,
  sentiment: z.enum(sentiments).nullable().default(null),
  /** "I was paid or compensated to write this." */
  paid: z.boolean().default(false),
  /**
   * Cashtag symbols of the post the author says they hold: checked against their real
   * portfolios when posting (a post then shows "Holds AAPL"); ignored when editing.
   */
  holds: z
    .array(z.string().trim().toUpperCase().max(12), { error: 'List the symbols you hold' })
    .max(communityRules.cashtagsPerPost, 'A post names at most 5 symbols')
    .default([]),
  /**
   * A chart snapshot of one of the post's cashtag symbols, drawn from our stored closes when
   * posting; ignored when editing (a snapshot stays as of its post).
   */
  chart: z
    .object(
      {
        symbol: z.string({ error: 'Choose the symbol to chart' }).trim().toUpperCase().max(12),
        range: z.enum(postChartRanges, { error: 'Choose 1M, 3M, 6M or 1Y' }).default('3m'),
      },
      { error: 'Choose the symbol and range to chart' },
    )
    .nullable()
    .default(null),
});
export type PostInput = z.input<typeof postInputSchema>;

/** `POST /api/community/posts/:id/replies`. */
export const replyInputSchema = z.object({ body: bodySchema });

export const reportReasons = ['spam', 'misleading', 'pump', 'abuse', 'other'] as const;
/** `POST /api/community/posts/:id/report`. */
export const reportInputSchema = z.object({
  reason: z.enum(reportReasons, { error: 'Choose a reason' }),
  note: z.string().trim().max(500, 'A note has at most 500 characters').default(''),
});

export interface CommunityAuthor {
  handle: string;
  displayName: string;
}

export interface CommunityProfile extends CommunityAuthor {
  bio: string;
  joinedAt: string;
}

/** A post or a reply (`parentId` set) as a reader sees it. */
export interface CommunityPost {
  id: string;
  parentId: string | null;
  author: CommunityAuthor;
  body: string;
  sentiment: Sentiment | null;
  paid: boolean;
  symbols: string[];
  /** Symbols the author held in their real portfolios when posting (checked by the server). */
  heldSymbols: string[];
  /** Handles of members the text mentions (`@handle`), as they were when it was written. */
  mentions: string[];
  /** The chart snapshot attached when posting, or null. */
  chart: PostChart | null;
  createdAt: string;
  /** Set when the author edited it. */
  editedAt: string | null;
  likes: number;
  likedByMe: boolean;
  replyCount: number;
  mine: boolean;
  /** Whether the author may still edit it (within 15 minutes of posting). */
  editableUntil: string | null;
}

/**
 * `GET /api/community/preview` (public): the latest visible posts for the `/community` page,
 * with nothing of their authors but the handle (docs/PRODUCT.md §3.29).
 */
export interface CommunityPreviewPost {
  id: string;
  handle: string;
  body: string;
  sentiment: Sentiment | null;
  paid: boolean;
  symbols: string[];
  heldSymbols: string[];
  mentions: string[];
  createdAt: string;
  likes: number;
  replyCount: number;
}
export interface CommunityPreview {
  posts: CommunityPreviewPost[];
}

/** How many posts the public preview shows. */
export const communityPreviewSize = 10;

export interface CommunityQuota {
  posts: { used: number; limit: number | null };
  replies: { used: number; limit: number | null };
  resetsAt: string;
}

/** `GET /api/community/me` */
export interface CommunityMe {
  profile: CommunityProfile | null;
  quota: CommunityQuota;
}

/** `GET /api/community/feed`: newest first; `nextCursor` asks for the page after. */
export interface CommunityFeed {
  posts: CommunityPost[];
  nextCursor: string | null;
  /** The first post's place, for asking how many posts came after it (`/feed/new?after=`). */
  headCursor: string | null;
}

/** `GET /api/community/posts/:id` */
export interface CommunityThread {
  post: CommunityPost;
  replies: CommunityPost[];
}

/** `GET /api/community/users/:handle` */
export interface CommunityUserPage {
  profile: CommunityProfile;
  posts: CommunityPost[];
  /** Follower and following counts, and whether the reader follows them. */
  follows: { followers: number; following: number; followedByMe: boolean };
  /** The reader's own profile. */
  mine: boolean;
}

/**
 * The `$TICKER` cashtags of a text, upper case, each once, in order of appearance. A cashtag
 * is `$` then 1 to 5 letters (and an optional `.B` class), not inside a word or an amount.
 */
export function cashtagsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(cashtagPattern)) {
    const symbol = match[2]!.toUpperCase();
    if (!found.includes(symbol)) found.push(symbol);
  }
  return found;
}
export const cashtagPattern = /(^|[^\w$])\$([A-Za-z]{1,5}(?:\.[A-Za-z])?)(?!\w)/g;

/** Whether the text holds a link (a Markdown link or a bare address). */
export function hasLink(text: string): boolean {
  return /\]\(|https?:\/\/|www\./i.test(text);
}
