import {
  communityRules,
  entitlementsFor,
  hasLink,
  type PostChart,
  paidTiers,
  planFor,
  type Sentiment,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  communityPostReviews,
  communityPosts,
  communityProfiles,
  communitySuspensions,
  profiles,
  user,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { visibleTo } from './blocks.ts';
import { refusals } from './community-rules.ts';
import type { MentionedMember } from './mentions.ts';
import {
  activityOf,
  countedInHours,
  type HourCounts,
  hourCounts,
  isNewForPumpGuard,
  isSurging,
} from './pump-guard.ts';

const hour = 3_600_000;
const name = (column: AnyPgColumn) => sql.identifier(column.name);
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const dateOf = (value: string | Date) => new Date(value);

/** What a new post or reply says, already checked against the symbols' rules. */
export interface NewPost {
  body: string;
  sentiment: Sentiment | null;
  paid: boolean;
  symbols: string[];
  /** Symbols of the post the author's real portfolios hold (checked before writing). */
  heldSymbols?: string[];
  /** Members the text mentions, resolved from its `@handles`. */
  mentions?: MentionedMember[];
  /** A chart snapshot drawn when posting (posts only; ADR 0058). */
  chart?: PostChart | null;
}

/** The UTC month or day `now` falls in, as [start, end): the quota's and the new account's. */
export function periodAround(period: 'day' | 'month', now: Date): { start: Date; end: Date } {
  const [year, month, day] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  return period === 'month'
    ? { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) }
    : {
        start: new Date(Date.UTC(year, month, day)),
        end: new Date(Date.UTC(year, month, day + 1)),
      };
}

/** The author of a post being written, as the lock statement reads them. */
export interface LockedAuthor {
  handle: string;
  displayName: string;
  joinedAt: Date;
  tier: SubscriptionTier;
  suspension: { until: Date; reason: string } | null;
  /** A reply's parent is a visible top-level post (always true for a post). */
  parentShown: boolean;
  /** The pump guard holds the post: one of its symbols surges. */
  held: boolean;
}

/**
 * The first statement of writing a post or reply (ADR 0059): the lock on the author's profile
 * row, which reads, with it, the author's display fields, join date, plan and unexpired
 * suspension, whether a reply's parent is a visible top-level post, and the pump guard's
 * counts of the post's symbols (judged before the post is counted in them). Undefined when
 * the author has no profile.
 */
export async function lockedAuthor(
  tx: Db,
  userId: string,
  post: { symbols: readonly string[]; parentId: string | undefined },
  now: Date,
): Promise<LockedAuthor | undefined> {
  const { symbols, parentId } = post;
  const parentShown =
    parentId === undefined
      ? sql`true`
      : sql`exists (select 1 from ${communityPosts} where ${and(
          sql`${communityPosts.id} = ${parentId}::uuid`,
          sql`${communityPosts.parentId} is null`,
          visibleTo(userId),
        )})`;
  const counts = symbols.length === 0 ? sql`null::json` : hourCounts(symbols, now);
  const [row] = rowsOf<{
    handle: string;
    displayName: string;
    joinedAt: string | Date;
    tier: SubscriptionTier | null;
    suspendedUntil: string | Date | null;
    suspensionReason: string | null;
    parentShown: boolean;
    hourCounts: HourCounts[] | null;
  }>(
    await tx.execute(sql`
      select ${communityProfiles.handle} as handle,
        ${communityProfiles.displayName} as "displayName",
        ${user.createdAt} as "joinedAt",
        ${profiles.subscriptionTier} as tier,
        ${communitySuspensions.until} as "suspendedUntil",
        ${communitySuspensions.reason} as "suspensionReason",
        ${parentShown} as "parentShown",
        ${counts} as "hourCounts"
      from ${communityProfiles}
      inner join ${user} on ${user.id} = ${communityProfiles.userId}
      left join ${profiles} on ${profiles.id} = ${communityProfiles.userId}
      left join ${communitySuspensions}
        on ${communitySuspensions.userId} = ${communityProfiles.userId}
        and ${communitySuspensions.until} > ${at(now)}
      where ${communityProfiles.userId} = ${userId}
      for update of ${communityProfiles}`),
  );
  if (!row) return undefined;
  return {
    handle: row.handle,
    displayName: row.displayName,
    joinedAt: dateOf(row.joinedAt),
    tier: row.tier ?? 'free',
    suspension:
      row.suspendedUntil === null
        ? null
        : { until: dateOf(row.suspendedUntil), reason: row.suspensionReason ?? '' },
    parentShown: Boolean(row.parentShown),
    held: activityOf(row.hourCounts, symbols, now).some(isSurging),
  };
}

/**
 * The limits a post or reply is written under, from its author's plan and age and what it
 * carries (docs/PRODUCT.md, "Community"). The insert checks the counts against them in SQL
 * (`writeUnderLimits`) and, when it wrote nothing, `refusalOf` names the first one reached.
 */
export interface WriteLimits {
  reply: boolean;
  tier: SubscriptionTier;
  now: Date;
  /** The plan's posts (or replies) a month; null when unlimited. */
  perMonth: number | null;
  /** A new account's text with a link: refused whatever the counts. */
  link: boolean;
  /** A new account's posts (or replies) a day; null for an established account. */
  perDay: number | null;
  /** A new account's newest post must be at or before this to post again; else null. */
  lastPostBy: Date | null;
  /** The day's charts, when the post carries one; else null. */
  chartsPerDay: number | null;
  /** An account under 24 hours old (its counts reach 24 hours back). */
  isNew: boolean;
}

/** The limits of `input` by `author` at `now`, as the lock statement read the author. */
export function writeLimits(
  author: LockedAuthor,
  input: NewPost,
  reply: boolean,
  now: Date,
): WriteLimits {
  const isNew = now.getTime() - author.joinedAt.getTime() < communityRules.newAccountHours * hour;
  const plan = entitlementsFor(author.tier);
  const pause = communityRules.newAccountSecondsBetweenPosts * 1000;
  const dayLimit = reply
    ? communityRules.newAccountRepliesPerDay
    : communityRules.newAccountPostsPerDay;
  return {
    reply,
    tier: author.tier,
    now,
    perMonth: reply ? plan.repliesPerMonth : plan.postsPerMonth,
    link: isNew && hasLink(input.body),
    perDay: isNew ? dayLimit : null,
    lastPostBy: isNew && !reply ? new Date(now.getTime() - pause) : null,
    chartsPerDay: !reply && input.chart ? communityRules.chartsPerDay : null,
    isNew,
  };
}

/** The author's recent posts or replies (deleted ones too) as the limits count them. */
export interface RecentCounts {
  /** Posts (or, for a reply, replies) this UTC month. */
  month: number;
  /** Posts (or replies) this UTC day. */
  today: number;
  /** Posts with a chart this UTC day. */
  charts: number;
  /** The newest top-level post's time. */
  lastPostAt: Date | null;
  /** The same text, not deleted, within the duplicate window. */
  duplicate: boolean;
}

/**
 * The refusal a post or reply meets under `limits` with these counts, in the order the rules
 * are told: the plan's month (402 naming it), a new account's link (422), day (429) and pause
 * between posts (429), the day's charts (429), the same text twice (409); null when none.
 */
export function refusalOf(counts: RecentCounts, limits: WriteLimits): AppError | null {
  if (limits.perMonth !== null && counts.month >= limits.perMonth) {
    const resetsAt = periodAround('month', limits.now).end.toISOString();
    return quotaReached(limits.reply ? 'replies' : 'posts', limits.tier, limits.perMonth, resetsAt);
  }
  if (limits.link) return refusals.linksNotYet();
  if (limits.perDay !== null && counts.today >= limits.perDay) {
    return refusals.newAccountDaily(limits.reply ? 'replies' : 'posts', limits.perDay);
  }
  if (limits.lastPostBy !== null && counts.lastPostAt !== null) {
    const early = counts.lastPostAt.getTime() - limits.lastPostBy.getTime();
    if (early > 0) return refusals.tooSoon(Math.ceil(early / 1000));
  }
  if (limits.chartsPerDay !== null && counts.charts >= limits.chartsPerDay) {
    return refusals.chartsDaily();
  }
  if (counts.duplicate) return refusals.duplicate();
  return null;
}

/** The same limits as `refusalOf`, as the insert's condition on the `recent` counts. */
function withinLimits(limits: WriteLimits): SQL {
  return sql.join(
    [
      limits.perMonth === null ? undefined : sql`recent.month < ${limits.perMonth}`,
      limits.link ? sql`false` : undefined,
      limits.perDay === null ? undefined : sql`recent.today < ${limits.perDay}`,
      limits.lastPostBy === null
        ? undefined
        : sql`(recent.last_post_at is null or recent.last_post_at <= ${at(limits.lastPostBy)})`,
      limits.chartsPerDay === null ? undefined : sql`recent.charts < ${limits.chartsPerDay}`,
      sql`not recent.duplicate`,
    ].filter((condition) => condition !== undefined),
    sql` and `,
  );
}

/** What the second statement of a write answers: the counts, and the post's id if written. */
export interface WriteResult {
  counts: RecentCounts;
  /** The new post's id; null when a limit refused it (nothing was written). */
  postId: string | null;
}

/**
 * The second and last statement of writing a post or reply (ADR 0059), under the lock the
 * first took, so its snapshot holds every earlier post of the author: it counts the author's
 * recent posts and replies (back to the month's start, or 24 hours for a new account, and the
 * duplicate window) and, only when they are `withinLimits`, inserts the post and, in the same
 * statement, counts it into its symbols' hours for the pump guard, a reply into its parent's
 * count, and puts a held post in the moderation queue.
 */
export async function writeUnderLimits(
  tx: Db,
  userId: string,
  author: LockedAuthor,
  post: NewPost & { parentId: string | undefined },
  limits: WriteLimits,
): Promise<WriteResult> {
  const { now, reply } = limits;
  const { held } = author;
  const posts = communityPosts;
  const month = periodAround('month', now).start;
  const day = periodAround('day', now).start;
  const duplicateSince = new Date(now.getTime() - communityRules.duplicateWindowMinutes * 60_000);
  const since = new Date(
    Math.min(
      month.getTime(),
      duplicateSince.getTime(),
      limits.isNew ? now.getTime() - communityRules.newAccountHours * hour : month.getTime(),
    ),
  );
  const kind = reply ? sql`${posts.parentId} is not null` : sql`${posts.parentId} is null`;
  const chart = reply ? null : (post.chart ?? null);
  const written = sql`exists (select 1 from written)`;
  const parts: SQL[] = [];
  if (post.symbols.length > 0) {
    parts.push(
      sql`counted as (${countedInHours(post.symbols, isNewForPumpGuard(author.joinedAt, now), now, written)})`,
    );
  }
  if (post.parentId !== undefined) {
    parts.push(sql`bumped as (update ${posts} set ${name(posts.replyCount)} = ${posts.replyCount} + 1
      where ${posts.id} = ${post.parentId}::uuid and ${written})`);
  }
  if (held) {
    // A post the pump guard holds waits in the moderation queue and tells nobody.
    parts.push(sql`reviewed as (insert into ${communityPostReviews}
      (${name(communityPostReviews.postId)}, ${name(communityPostReviews.heldFor)})
      select id, 'pump' from written)`);
  }
  const [row] = rowsOf<{
    month: number;
    today: number;
    charts: number;
    lastPostAt: string | Date | null;
    duplicate: boolean;
    postId: string | null;
  }>(
    await tx.execute(sql`
      with recent as (
        select
          (count(*) filter (where ${kind} and ${posts.createdAt} >= ${at(month)}))::int as month,
          (count(*) filter (where ${kind} and ${posts.createdAt} >= ${at(day)}))::int as today,
          (count(*) filter (where ${posts.chart} is not null
            and ${posts.createdAt} >= ${at(day)}))::int as charts,
          max(${posts.createdAt}) filter (where ${posts.parentId} is null) as last_post_at,
          coalesce(bool_or(${posts.body} = ${post.body} and ${posts.deletedAt} is null
            and ${posts.createdAt} >= ${at(duplicateSince)}), false) as duplicate
        from ${posts}
        where ${posts.authorId} = ${userId} and ${posts.createdAt} >= ${at(since)}
      ),
      written as (
        insert into ${posts} (${name(posts.authorId)}, ${name(posts.parentId)}, ${name(posts.body)},
          ${name(posts.sentiment)}, ${name(posts.paid)}, ${name(posts.symbols)},
          ${name(posts.heldSymbols)}, ${name(posts.mentions)}, ${name(posts.chart)},
          ${name(posts.createdAt)}, ${name(posts.hiddenAt)})
        select ${userId}::text, ${post.parentId ?? null}::uuid, ${post.body}::text,
          ${reply ? null : post.sentiment}::text, ${post.paid}::boolean,
          ${sql.param(post.symbols)}::text[],
          ${sql.param(reply ? [] : (post.heldSymbols ?? []))}::text[],
          ${sql.param((post.mentions ?? []).map((member) => member.handle))}::text[],
          ${chart === null ? null : JSON.stringify(chart)}::jsonb,
          ${at(now)}, ${held ? now.toISOString() : null}::timestamptz
        from recent
        where ${withinLimits(limits)}
        returning ${posts.id} as id
      )${parts.length > 0 ? sql`, ${sql.join(parts, sql`, `)}` : sql``}
      select recent.month, recent.today, recent.charts, recent.last_post_at as "lastPostAt",
        recent.duplicate, (select id from written) as "postId"
      from recent`),
  );
  if (!row) throw new Error('The post was not counted');
  return {
    counts: {
      month: row.month,
      today: row.today,
      charts: row.charts,
      lastPostAt: row.lastPostAt === null ? null : dateOf(row.lastPostAt),
      duplicate: Boolean(row.duplicate),
    },
    postId: row.postId,
  };
}

/** 402: the month's posts or replies are used up; names the limit, the reset and a bigger plan. */
function quotaReached(
  what: 'posts' | 'replies',
  tier: SubscriptionTier,
  limit: number,
  resetsAt: string,
): AppError {
  const key = what === 'posts' ? 'postsPerMonth' : 'repliesPerMonth';
  const bigger = paidTiers.find((paid) => {
    const more = entitlementsFor(paid)[key];
    return more === null || more > limit;
  });
  const from = new Date(resetsAt).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const more = bigger
    ? ` The ${planFor(bigger).name} plan includes ${entitlementsFor(bigger)[key] ?? 'unlimited'} a month.`
    : '';
  return new AppError(
    402,
    'community_quota_reached',
    `You have used all ${limit} ${what} your ${planFor(tier).name} plan includes this month. More are available from ${from}.${more}`,
    undefined,
    undefined,
    { resetsAt, ...(bigger ? { requiredTier: bigger } : {}) },
  );
}
