import {
  type CommunityFeed,
  type CommunityMe,
  type CommunityPost,
  type CommunityProfile,
  type CommunityQuota,
  communityRules,
  entitlementsFor,
  hasLink,
  paidTiers,
  planFor,
  type Sentiment,
  type SubscriptionTier,
} from '@tickerwise/shared';
import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import {
  communityLikes,
  communityPostReviews,
  communityPosts,
  communityProfiles,
  communityReports,
  user,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { tierOf } from '../profiles/service.ts';
import { notBlockedWith } from './blocks.ts';
import { refusals } from './community-rules.ts';
import { type MentionedMember, recordMentions } from './mentions.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missingPost = () => notFound('This post does not exist.');
const missingUser = () => notFound('No one in the community has this handle.');
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

export const feedPageSize = 20;
const hour = 3_600_000;

type PostRow = typeof communityPosts.$inferSelect;

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
  /** The pump guard holds it: written hidden, waiting in the moderation queue (ADR 0042). */
  heldForReview?: boolean;
}

/**
 * Profiles, posts, replies, likes and reports. Every post and reply of a user is written
 * under a lock on their profile row, so the month's quota, the new-account limits and the
 * duplicate check each see every earlier post (ADR 0038).
 */
export class CommunityStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async me(userId: string): Promise<CommunityMe> {
    const [profile] = await this.db
      .select()
      .from(communityProfiles)
      .where(eq(communityProfiles.userId, userId));
    const tier = await tierOf(this.db, userId);
    return { profile: profile ? profileOf(profile) : null, quota: await this.quota(userId, tier) };
  }

  /** Posts and replies written this month (deleted ones too) against the plan's quota. */
  async quota(userId: string, tier: SubscriptionTier, db: Db = this.db): Promise<CommunityQuota> {
    const period = periodAround('month', this.clock());
    const rows = await db
      .select({ reply: isNotNull(communityPosts.parentId), count: count() })
      .from(communityPosts)
      .where(and(eq(communityPosts.authorId, userId), gte(communityPosts.createdAt, period.start)))
      .groupBy(isNotNull(communityPosts.parentId));
    const plan = entitlementsFor(tier);
    return {
      posts: { used: rows.find((row) => !row.reply)?.count ?? 0, limit: plan.postsPerMonth },
      replies: { used: rows.find((row) => row.reply)?.count ?? 0, limit: plan.repliesPerMonth },
      resetsAt: period.end.toISOString(),
    };
  }

  async setProfile(
    userId: string,
    input: { handle: string; displayName: string; bio: string },
  ): Promise<CommunityProfile> {
    try {
      const [row] = await this.db
        .insert(communityProfiles)
        .values({ userId, ...input, createdAt: this.clock() })
        .onConflictDoUpdate({ target: communityProfiles.userId, set: input })
        .returning();
      return profileOf(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw refusals.handleTaken(input.handle);
      throw error;
    }
  }

  async userPage(viewerId: string, handle: string) {
    const [profile] = await this.db
      .select()
      .from(communityProfiles)
      .where(eq(sql`lower(${communityProfiles.handle})`, handle.toLowerCase()));
    if (!profile) throw missingUser();
    const rows = await this.posts(viewerId)
      .where(
        and(
          visible(viewerId),
          isNull(communityPosts.parentId),
          eq(communityPosts.authorId, profile.userId),
        ),
      )
      .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
      .limit(feedPageSize);
    return { profile: profileOf(profile), posts: rows.map((row) => this.postOf(row, viewerId)) };
  }

  /** Every visible post (or those `filter` keeps), newest first, a page at a time. */
  feed(viewerId: string, cursor: string | undefined, filter?: SQL): Promise<CommunityFeed> {
    return this.page(viewerId, cursor, and(isNull(communityPosts.parentId), filter));
  }

  /** Visible posts and replies that `where` keeps, newest first, a page at a time. */
  async page(viewerId: string, cursor: string | undefined, where?: SQL): Promise<CommunityFeed> {
    const after = cursor === undefined ? undefined : parseCursor(cursor);
    const rows = await this.posts(viewerId)
      .where(
        and(
          visible(viewerId),
          where,
          after
            ? or(
                lt(communityPosts.createdAt, after.createdAt),
                and(eq(communityPosts.createdAt, after.createdAt), lt(communityPosts.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
      .limit(feedPageSize + 1);
    const page = rows.slice(0, feedPageSize);
    const last = page.at(-1);
    const first = page[0];
    return {
      posts: page.map((row) => this.postOf(row, viewerId)),
      nextCursor: rows.length > feedPageSize && last ? cursorOf(last.post) : null,
      // With nothing to show yet, the head is this moment: posts after it are new.
      headCursor: first
        ? cursorOf(first.post)
        : cursorOf({ createdAt: this.clock(), id: '00000000-0000-0000-0000-000000000000' }),
    };
  }

  /** How many visible top-level posts `filter` keeps came after `cursor` (at most `limit`). */
  async countAfter(viewerId: string, cursor: string, limit: number, filter?: SQL): Promise<number> {
    const after = parseCursor(cursor);
    const newer = this.db
      .select({ id: communityPosts.id })
      .from(communityPosts)
      .where(
        and(
          visible(viewerId),
          isNull(communityPosts.parentId),
          filter,
          or(
            gt(communityPosts.createdAt, after.createdAt),
            and(eq(communityPosts.createdAt, after.createdAt), gt(communityPosts.id, after.id)),
          ),
        ),
      )
      .limit(limit)
      .as('newer');
    const [row] = await this.db.select({ count: count() }).from(newer);
    return row?.count ?? 0;
  }

  async thread(viewerId: string, id: string) {
    if (!uuidPattern.test(id)) throw missingPost();
    const [post] = await this.posts(viewerId).where(
      and(visible(viewerId), eq(communityPosts.id, id), isNull(communityPosts.parentId)),
    );
    if (!post) throw missingPost();
    const replies = await this.posts(viewerId)
      .where(and(visible(viewerId), eq(communityPosts.parentId, id)))
      .orderBy(communityPosts.createdAt, communityPosts.id);
    return {
      post: this.postOf(post, viewerId),
      replies: replies.map((row) => this.postOf(row, viewerId)),
    };
  }

  /**
   * Writes a post, or a reply under `parentId`, after the user's limits: the plan's month
   * (402 naming it), the new-account day (429), the pause between posts (429), links (422) and
   * the same text twice (409). All under the lock on the author's profile row.
   */
  async write(userId: string, input: NewPost, parentId?: string): Promise<CommunityPost> {
    const now = this.clock();
    if (parentId !== undefined && !uuidPattern.test(parentId)) throw missingPost();
    const id = await this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ userId: communityProfiles.userId, joinedAt: user.createdAt })
        .from(communityProfiles)
        .innerJoin(user, eq(user.id, communityProfiles.userId))
        .where(eq(communityProfiles.userId, userId))
        .for('update', { of: communityProfiles });
      if (!locked) throw refusals.profileRequired();
      if (parentId !== undefined) {
        const [parent] = await tx
          .select({ id: communityPosts.id })
          .from(communityPosts)
          .where(
            and(eq(communityPosts.id, parentId), isNull(communityPosts.parentId), visible(userId)),
          );
        if (!parent) throw missingPost();
      }
      const reply = parentId !== undefined;
      const tier = await tierOf(tx, userId);
      const quota = await this.quota(userId, tier, tx);
      const standing = reply ? quota.replies : quota.posts;
      if (standing.limit !== null && standing.used >= standing.limit) {
        throw quotaReached(reply ? 'replies' : 'posts', tier, standing.limit, quota.resetsAt);
      }
      const isNew =
        now.getTime() - locked.joinedAt.getTime() < communityRules.newAccountHours * hour;
      if (isNew) await this.newAccountLimits(tx, userId, input.body, reply, now);
      const [duplicate] = await tx
        .select({ id: communityPosts.id })
        .from(communityPosts)
        .where(
          and(
            eq(communityPosts.authorId, userId),
            isNull(communityPosts.deletedAt),
            eq(communityPosts.body, input.body),
            gte(
              communityPosts.createdAt,
              new Date(now.getTime() - communityRules.duplicateWindowMinutes * 60_000),
            ),
          ),
        )
        .limit(1);
      if (duplicate) throw refusals.duplicate();
      const [row] = await tx
        .insert(communityPosts)
        .values({
          authorId: userId,
          parentId: parentId ?? null,
          body: input.body,
          sentiment: reply ? null : input.sentiment,
          paid: input.paid,
          symbols: input.symbols,
          heldSymbols: reply ? [] : (input.heldSymbols ?? []),
          mentions: (input.mentions ?? []).map((member) => member.handle),
          createdAt: now,
          hiddenAt: input.heldForReview ? now : null,
        })
        .returning({ id: communityPosts.id });
      // A post the pump guard holds tells nobody until a moderator restores it.
      if (!input.heldForReview) {
        await recordMentions(tx, { postId: row!.id, authorId: userId, input, now });
      }
      if (input.heldForReview) {
        await tx.insert(communityPostReviews).values({ postId: row!.id, heldFor: 'pump' });
      }
      if (parentId !== undefined) {
        await tx
          .update(communityPosts)
          .set({ replyCount: sql`${communityPosts.replyCount} + 1` })
          .where(eq(communityPosts.id, parentId));
      }
      return row!.id;
    });
    return this.one(userId, id);
  }

  private async newAccountLimits(tx: Db, userId: string, body: string, reply: boolean, now: Date) {
    if (hasLink(body)) throw refusals.linksNotYet();
    const day = periodAround('day', now);
    const [today] = await tx
      .select({ count: count() })
      .from(communityPosts)
      .where(
        and(
          eq(communityPosts.authorId, userId),
          reply ? isNotNull(communityPosts.parentId) : isNull(communityPosts.parentId),
          gte(communityPosts.createdAt, day.start),
        ),
      );
    const limit = reply
      ? communityRules.newAccountRepliesPerDay
      : communityRules.newAccountPostsPerDay;
    if ((today?.count ?? 0) >= limit)
      throw refusals.newAccountDaily(reply ? 'replies' : 'posts', limit);
    if (reply) return;
    const [last] = await tx
      .select({ createdAt: communityPosts.createdAt })
      .from(communityPosts)
      .where(and(eq(communityPosts.authorId, userId), isNull(communityPosts.parentId)))
      .orderBy(desc(communityPosts.createdAt))
      .limit(1);
    const wait = communityRules.newAccountSecondsBetweenPosts * 1000;
    const since = last ? now.getTime() - last.createdAt.getTime() : Number.POSITIVE_INFINITY;
    if (since < wait) throw refusals.tooSoon(Math.ceil((wait - since) / 1000));
  }

  /** The author's own post or reply, still editable (404 for anyone else's). */
  async edit(userId: string, id: string, input: NewPost): Promise<CommunityPost> {
    const row = await this.own(userId, id);
    const now = this.clock();
    if (now.getTime() - row.createdAt.getTime() > communityRules.editWindowMinutes * 60_000) {
      throw refusals.editWindowClosed();
    }
    const [joined] = await this.db
      .select({ createdAt: user.createdAt })
      .from(user)
      .where(eq(user.id, userId));
    const isNew =
      !joined || now.getTime() - joined.createdAt.getTime() < communityRules.newAccountHours * hour;
    if (isNew && hasLink(input.body)) throw refusals.linksNotYet();
    await this.db.transaction(async (tx) => {
      await tx
        .update(communityPosts)
        .set({
          body: input.body,
          sentiment: row.parentId ? null : input.sentiment,
          paid: input.paid,
          symbols: input.symbols,
          // Holdings were checked when posting: an edit keeps those still named, adds none.
          heldSymbols: row.heldSymbols.filter((symbol) => input.symbols.includes(symbol)),
          mentions: (input.mentions ?? []).map((member) => member.handle),
          editedAt: now,
        })
        .where(eq(communityPosts.id, id));
      await recordMentions(tx, { postId: id, authorId: userId, input, now });
    });
    return this.one(userId, id);
  }

  /** Deletes the author's post or reply; its row stays, emptied, and still counts this month. */
  async delete(userId: string, id: string): Promise<void> {
    const row = await this.own(userId, id);
    await this.db.transaction(async (tx) => {
      await tx
        .update(communityPosts)
        .set({ body: '', symbols: [], deletedAt: this.clock() })
        .where(eq(communityPosts.id, id));
      if (row.parentId) {
        await tx
          .update(communityPosts)
          .set({ replyCount: sql`greatest(${communityPosts.replyCount} - 1, 0)` })
          .where(eq(communityPosts.id, row.parentId));
      }
    });
  }

  async like(userId: string, id: string, liked: boolean): Promise<CommunityPost> {
    await this.visibleRow(id, userId);
    await this.db.transaction(async (tx) => {
      const changed = liked
        ? await tx
            .insert(communityLikes)
            .values({ postId: id, userId })
            .onConflictDoNothing()
            .returning({ postId: communityLikes.postId })
        : await tx
            .delete(communityLikes)
            .where(and(eq(communityLikes.postId, id), eq(communityLikes.userId, userId)))
            .returning({ postId: communityLikes.postId });
      if (changed.length === 0) return;
      await tx
        .update(communityPosts)
        .set({ likeCount: sql`${communityPosts.likeCount} + ${liked ? 1 : -1}` })
        .where(eq(communityPosts.id, id));
    });
    return this.one(userId, id);
  }

  /** Reports a post or reply once per user; enough different users hide it for everyone. */
  async report(userId: string, id: string, reason: string, note: string): Promise<void> {
    const row = await this.visibleRow(id, userId);
    if (row.authorId === userId) throw refusals.ownPost();
    await this.db.transaction(async (tx) => {
      await tx
        .insert(communityReports)
        .values({ postId: id, reporterId: userId, reason, note, createdAt: this.clock() })
        .onConflictDoNothing();
      const [reports] = await tx
        .select({ count: count() })
        .from(communityReports)
        .where(and(eq(communityReports.postId, id), isNull(communityReports.resolvedAt)));
      if ((reports?.count ?? 0) >= communityRules.reportsToHide) {
        await tx
          .update(communityPosts)
          .set({ hiddenAt: this.clock() })
          .where(and(eq(communityPosts.id, id), isNull(communityPosts.hiddenAt)));
      }
    });
  }

  private async visibleRow(id: string, viewerId: string): Promise<PostRow> {
    if (!uuidPattern.test(id)) throw missingPost();
    const [row] = await this.db
      .select()
      .from(communityPosts)
      .where(and(eq(communityPosts.id, id), visible(viewerId)));
    if (!row) throw missingPost();
    return row;
  }

  private async own(userId: string, id: string): Promise<PostRow> {
    if (!uuidPattern.test(id)) throw missingPost();
    const [row] = await this.db
      .select()
      .from(communityPosts)
      .where(
        and(
          eq(communityPosts.id, id),
          eq(communityPosts.authorId, userId),
          isNull(communityPosts.deletedAt),
        ),
      );
    if (!row) throw missingPost();
    return row;
  }

  private async one(viewerId: string, id: string): Promise<CommunityPost> {
    const [row] = await this.posts(viewerId).where(eq(communityPosts.id, id));
    if (!row) throw missingPost();
    return this.postOf(row, viewerId);
  }

  /** Posts with their authors, as `postOf` reads them. */
  posts(viewerId: string) {
    return this.db
      .select({
        post: communityPosts,
        handle: communityProfiles.handle,
        displayName: communityProfiles.displayName,
        likedByMe: sql<boolean>`exists (select 1 from ${communityLikes} where ${communityLikes.postId} = ${communityPosts.id} and ${communityLikes.userId} = ${viewerId})`,
      })
      .from(communityPosts)
      .innerJoin(communityProfiles, eq(communityProfiles.userId, communityPosts.authorId))
      .$dynamic();
  }

  postOf(
    row: { post: PostRow; handle: string; displayName: string; likedByMe: boolean },
    viewerId: string,
  ): CommunityPost {
    const { post } = row;
    const editableUntil = new Date(
      post.createdAt.getTime() + communityRules.editWindowMinutes * 60_000,
    );
    const mine = post.authorId === viewerId;
    return {
      id: post.id,
      parentId: post.parentId,
      author: { handle: row.handle, displayName: row.displayName },
      body: post.body,
      sentiment: (post.sentiment as Sentiment | null) ?? null,
      paid: post.paid,
      symbols: post.symbols,
      heldSymbols: post.heldSymbols,
      mentions: post.mentions,
      createdAt: post.createdAt.toISOString(),
      editedAt: post.editedAt?.toISOString() ?? null,
      likes: post.likeCount,
      likedByMe: Boolean(row.likedByMe),
      replyCount: post.replyCount,
      mine,
      editableUntil:
        mine && editableUntil.getTime() > this.clock().getTime()
          ? editableUntil.toISOString()
          : null,
    };
  }
}

/** The UTC month or day `now` falls in, as [start, end): the quota's and the new account's. */
function periodAround(period: 'day' | 'month', now: Date): { start: Date; end: Date } {
  const [year, month, day] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  return period === 'month'
    ? { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) }
    : {
        start: new Date(Date.UTC(year, month, day)),
        end: new Date(Date.UTC(year, month, day + 1)),
      };
}

/** Neither deleted nor hidden, nor between the viewer and a member either of them blocked. */
const visible = (viewerId: string) =>
  and(isNull(communityPosts.deletedAt), isNull(communityPosts.hiddenAt), notBlockedWith(viewerId));

function profileOf(row: typeof communityProfiles.$inferSelect): CommunityProfile {
  return {
    handle: row.handle,
    displayName: row.displayName,
    bio: row.bio,
    joinedAt: row.createdAt.toISOString(),
  };
}

/** Posts at or before a cursor's place: a reading the posts after it do not shift. */
export function atOrBefore(cursor: string): SQL | undefined {
  const until = parseCursor(cursor);
  return or(
    lt(communityPosts.createdAt, until.createdAt),
    and(eq(communityPosts.createdAt, until.createdAt), lte(communityPosts.id, until.id)),
  );
}

/** A post's place in a newest-first list: its time and id. */
function cursorOf(post: { createdAt: Date; id: string }): string {
  return Buffer.from(`${post.createdAt.toISOString()}|${post.id}`).toString('base64url');
}

function parseCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  const year = createdAt.getUTCFullYear();
  if (!id || !uuidPattern.test(id) || !(year >= 2000 && year <= 3000)) throw refusals.badCursor();
  return { createdAt, id };
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
