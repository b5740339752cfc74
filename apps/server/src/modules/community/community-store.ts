import {
  type CommunityFeed,
  type CommunityMe,
  type CommunityPost,
  type CommunityProfile,
  type CommunityQuota,
  communityRules,
  entitlementsFor,
  hasLink,
  type Sentiment,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { and, count, desc, eq, gte, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  communityBlocks,
  communityFollows,
  communityLikes,
  communityPostSymbols,
  communityPosts,
  communityProfiles,
  communityReports,
  communitySymbolFollows,
  user,
} from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { tierOf } from '../profiles/service.ts';
import { notBlockedWith, visibleTo as visible } from './blocks.ts';
import { refusals } from './community-rules.ts';
import { recordMentions } from './mentions.ts';
import {
  lockedAuthor,
  type NewPost,
  periodAround,
  refusalOf,
  writeLimits,
  writeUnderLimits,
} from './post-write.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missingPost = () => notFound('This post does not exist.');
const missingUser = () => notFound('No one in the community has this handle.');
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

export const feedPageSize = 20;
/**
 * How many of the newest posts the Following tab reads in order, at most, before it looks
 * elsewhere: enough for a reader who matches one post in ten (the benchmark's readers) to fill
 * a page from it whatever the page (ADR 0084).
 */
export const followingWindow = 500;
const hour = 3_600_000;

type PostRow = typeof communityPosts.$inferSelect;

/** Which posts a feed page reads: every one, the Following tab's, or those naming a symbol. */
export type FeedSource =
  | { kind: 'all' }
  | { kind: 'following' }
  | { kind: 'symbol'; symbol: string };

/**
 * Profiles, posts, replies, likes and reports. Every post and reply of a user is written
 * under a lock on their profile row, so the month's quota, the new-account limits and the
 * duplicate check each see every earlier post (ADR 0038, ADR 0059).
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

  /**
   * A page of visible top-level posts from `source`, newest first, after `cursor` and, when
   * `until` is given (the reader's head), none newer than it. Each source reads an index in
   * the page's order, so a page costs about its own rows however many posts there are
   * (ADR 0052).
   */
  async feed(
    viewerId: string,
    source: FeedSource,
    cursor?: string,
    until?: string,
  ): Promise<CommunityFeed> {
    const after = cursor === undefined ? undefined : parseCursor(cursor);
    const head = until === undefined ? undefined : parseCursor(until);
    const within = (place: PlaceColumns) =>
      and(
        after ? compared(place, '<', after) : undefined,
        head ? compared(place, '<=', head) : undefined,
      );
    const limit = feedPageSize + 1;
    if (source.kind === 'symbol') {
      const rows = await this.posts(viewerId)
        .innerJoin(
          communityPostSymbols,
          and(
            eq(communityPostSymbols.postId, communityPosts.id),
            eq(communityPostSymbols.symbol, source.symbol),
          ),
        )
        .where(and(visible(viewerId), within(symbolPlace)))
        .orderBy(desc(communityPostSymbols.createdAt), desc(communityPostSymbols.postId))
        .limit(limit);
      return this.pageOf(rows, viewerId);
    }
    if (source.kind === 'following') {
      return this.pageOf(await this.followingPage(viewerId, within, limit), viewerId);
    }
    const rows = await this.posts(viewerId)
      .where(and(visible(viewerId), isNull(communityPosts.parentId), within(postPlace)))
      .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
      .limit(limit);
    return this.pageOf(rows, viewerId);
  }

  /**
   * The newest `limit` posts of the viewer's Following tab `within` the page's bounds (ADR
   * 0084): those of the newest posts that match, and only when they leave the page short, the
   * next ones from each followed member's and symbol's own index, older than the last found.
   */
  private async followingPage(
    viewerId: string,
    within: (place: PlaceColumns) => SQL | undefined,
    limit: number,
  ) {
    const newest = (where: SQL, count: number) =>
      this.posts(viewerId)
        .where(where)
        .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
        .limit(count);
    const found = await newest(
      sql`${communityPosts.id} in (${followingInWindow(viewerId, within, limit)})`,
      limit,
    );
    if (found.length === limit) return found;
    const last = found.at(-1)?.post;
    const older = (place: PlaceColumns) =>
      and(within(place), last ? compared(place, '<', last) : undefined);
    const wanted = limit - found.length;
    const more = await newest(
      sql`${communityPosts.id} in (${followedSources(viewerId, older, wanted)})`,
      wanted,
    );
    return [...found, ...more];
  }

  /** Visible posts and replies that `where` keeps, newest first, a page at a time. */
  async page(viewerId: string, cursor: string | undefined, where?: SQL): Promise<CommunityFeed> {
    const after = cursor === undefined ? undefined : parseCursor(cursor);
    const rows = await this.posts(viewerId)
      .where(and(visible(viewerId), where, after ? compared(postPlace, '<', after) : undefined))
      .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
      .limit(feedPageSize + 1);
    return this.pageOf(rows, viewerId);
  }

  private pageOf(
    rows: { post: PostRow; handle: string; displayName: string; likedByMe: boolean }[],
    viewerId: string,
  ): CommunityFeed {
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

  /**
   * The ids of the visible top-level posts of `source` that came after `cursor` (at most
   * `limit` of them): the new-posts count, and what a tab adds the posts announced since to.
   */
  async newAfter(
    viewerId: string,
    source: FeedSource,
    cursor: string,
    limit: number,
  ): Promise<string[]> {
    const after = parseCursor(cursor);
    const newer = (place: PlaceColumns) => compared(place, '>', after);
    if (source.kind === 'following') return this.newInFollowing(viewerId, newer, limit);
    const where = and(
      visible(viewerId),
      isNull(communityPosts.parentId),
      newer(postPlace),
      source.kind === 'symbol'
        ? sql`${communityPosts.id} in (select ${communityPostSymbols.postId} from ${communityPostSymbols} where ${communityPostSymbols.symbol} = ${source.symbol} and ${newer(symbolPlace)})`
        : undefined,
    );
    const rows = await this.db
      .select({ id: communityPosts.id })
      .from(communityPosts)
      .where(where)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /**
   * The ids of the newest `limit` posts of the viewer's Following tab `newer` than a head, as
   * `followingPage` finds them: the matches among the newest posts, and only when those were a
   * whole window and left the count short, the next ones from each followed member's and
   * symbol's own index.
   */
  private async newInFollowing(
    viewerId: string,
    newer: (place: PlaceColumns) => SQL | undefined,
    limit: number,
  ): Promise<string[]> {
    const [window] = rowsOf<{
      read: number;
      ids: string[];
      lastAt: string | Date | null;
      lastId: string | null;
    }>(await this.db.execute(followingInWindowCounted(viewerId, newer, limit)));
    const ids = window?.ids ?? [];
    if (ids.length === limit || (window?.read ?? 0) < followingWindow) return ids;
    const last =
      window?.lastAt && window.lastId
        ? { createdAt: new Date(window.lastAt), id: window.lastId }
        : undefined;
    const older = (place: PlaceColumns) =>
      and(newer(place), last ? compared(place, '<', last) : undefined);
    const more = rowsOf<{ id: string }>(
      await this.db.execute(followedSources(viewerId, older, limit - ids.length)),
    );
    return [...ids, ...more.map((row) => row.id)];
  }

  /**
   * The visible top-level posts after `cursor` as every reader would see them but for blocks
   * (the oldest `limit` of them), by author: how many each wrote, the symbols of each post, and
   * the members on either side of a block with the author. One statement that answers the
   * new-posts count of every reader with the same head (`new-posts.ts`, ADR 0070).
   */
  async newPostsByAuthor(cursor: string, limit: number): Promise<NewPostsOfAuthor[]> {
    const after = parseCursor(cursor);
    const posts = communityPosts;
    const rows = rowsOf<{
      authorId: string;
      posts: { id: string; symbols: string[] }[];
      partners: string[];
    }>(
      await this.db.execute(sql`
        with newer as materialized (
          select ${posts.id} as id, ${posts.authorId} as author_id, ${posts.symbols} as symbols
          from ${posts}
          where ${and(isNull(posts.parentId), isNull(posts.deletedAt), isNull(posts.hiddenAt), compared(postPlace, '>', after))}
          order by ${posts.createdAt}, ${posts.id}
          limit ${limit}
        )
        select newer.author_id as "authorId",
          json_agg(json_build_object('id', newer.id, 'symbols', newer.symbols)) as posts,
          array(select ${communityBlocks.blockedId} from ${communityBlocks}
                 where ${communityBlocks.blockerId} = newer.author_id
                union all
                select ${communityBlocks.blockerId} from ${communityBlocks}
                 where ${communityBlocks.blockedId} = newer.author_id) as partners
        from newer group by newer.author_id`),
    );
    return rows.map((row) => ({
      authorId: row.authorId,
      posts: row.posts,
      partners: row.partners,
    }));
  }

  /**
   * The posts and replies of `ids` that may be announced (neither deleted nor hidden, so never
   * one held for review), each with what its announcement needs to tell each of `readers`
   * apart: the members on either side of a block with its author, and which of `readers`
   * have it in their Following tab (they follow its author or a symbol it names). One
   * statement however many posts and readers (ADR 0076).
   */
  async announced(ids: string[], readers: string[]): Promise<AnnouncedRow[]> {
    const posts = communityPosts;
    const audience = sql`${sql.param(readers)}::text[]`;
    const rows = rowsOf<{
      id: string;
      parentId: string | null;
      authorId: string;
      createdAt: string | Date;
      partners: string[];
      followers: string[];
    }>(
      await this.db.execute(sql`
        select ${posts.id} as id, ${posts.parentId} as "parentId", ${posts.authorId} as "authorId",
          ${posts.createdAt} as "createdAt",
          array(select ${communityBlocks.blockedId} from ${communityBlocks}
                 where ${communityBlocks.blockerId} = ${posts.authorId}
                union all
                select ${communityBlocks.blockerId} from ${communityBlocks}
                 where ${communityBlocks.blockedId} = ${posts.authorId}) as partners,
          case when ${posts.parentId} is null then array(
            select ${communityFollows.followerId} from ${communityFollows}
             where ${communityFollows.followeeId} = ${posts.authorId}
               and ${communityFollows.followerId} = any(${audience})
            union
            select ${communitySymbolFollows.userId} from ${communitySymbolFollows}
             where ${communitySymbolFollows.userId} = any(${audience})
               and ${communitySymbolFollows.symbol} = any(${posts.symbols})
          ) else '{}'::text[] end as followers
        from ${posts}
        where ${and(sql`${posts.id} = any(${sql.param(ids)}::uuid[])`, isNull(posts.deletedAt), isNull(posts.hiddenAt))}
        order by ${posts.createdAt}, ${posts.id}`),
    );
    return rows.map((row) => ({
      id: row.id,
      parentId: row.parentId,
      authorId: row.authorId,
      cursor: cursorOf({ createdAt: new Date(row.createdAt), id: row.id }),
      partners: row.partners,
      followers: row.followers,
    }));
  }

  /** The reader's Following lists and blocks, in one query (the shared counts, `new-posts.ts`). */
  async following(viewerId: string): Promise<Following> {
    const [row] = rowsOf<Following>(
      await this.db.execute(sql`
        select
          array(select ${communityFollows.followeeId} from ${communityFollows}
                 where ${communityFollows.followerId} = ${viewerId}) || ${viewerId}::text as members,
          array(select ${communitySymbolFollows.symbol} from ${communitySymbolFollows}
                 where ${communitySymbolFollows.userId} = ${viewerId}) as symbols,
          array(select ${communityBlocks.blockedId} from ${communityBlocks}
                 where ${communityBlocks.blockerId} = ${viewerId}
                union all
                select ${communityBlocks.blockerId} from ${communityBlocks}
                 where ${communityBlocks.blockedId} = ${viewerId}) as blocked`),
    );
    return row ?? { members: [viewerId], symbols: [], blocked: [] };
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
   * Writes a post, or a reply under `parentId`, after the user's limits: a suspension (403),
   * the plan's month (402 naming it), the new-account day (429), the pause between posts
   * (429), links (422), the day's charts (429) and the same text twice (409); held for review
   * when the pump guard says one of its symbols surges. All under the lock on the author's
   * profile row, in two statements (ADR 0059, `post-write.ts`): the lock, which also reads the
   * author's plan, join date, suspension, the parent and the pump guard's counts; then one
   * statement that counts the author's recent posts, taken after the lock so it sees every
   * earlier post, and inserts the post only when those counts are within the limits, counting
   * it into its symbols' hours and a reply into its parent's count.
   */
  async write(
    userId: string,
    input: NewPost,
    parentId?: string,
  ): Promise<{ post: CommunityPost; heldForReview: boolean }> {
    const now = this.clock();
    if (parentId !== undefined && !uuidPattern.test(parentId)) throw missingPost();
    const reply = parentId !== undefined;
    return this.db.transaction(async (tx) => {
      const author = await lockedAuthor(tx, userId, { symbols: input.symbols, parentId }, now);
      if (!author) throw refusals.profileRequired();
      if (author.suspension) {
        throw refusals.suspended(author.suspension.until, author.suspension.reason);
      }
      if (!author.parentShown) throw missingPost();
      const limits = writeLimits(author, input, reply, now);
      const { counts, postId } = await writeUnderLimits(
        tx,
        userId,
        author,
        { ...input, parentId },
        limits,
      );
      if (postId === null) {
        throw refusalOf(counts, limits) ?? new Error('The post was refused by no limit');
      }
      // A post the pump guard holds tells nobody until a moderator restores it.
      if (!author.held) {
        await recordMentions(tx, {
          postId,
          authorId: userId,
          authorHandle: author.handle,
          input,
          now,
        });
      }
      const row: PostRow = {
        id: postId,
        authorId: userId,
        parentId: parentId ?? null,
        body: input.body,
        sentiment: reply ? null : input.sentiment,
        paid: input.paid,
        symbols: input.symbols,
        heldSymbols: reply ? [] : (input.heldSymbols ?? []),
        mentions: (input.mentions ?? []).map((member) => member.handle),
        chart: reply ? null : (input.chart ?? null),
        createdAt: now,
        editedAt: null,
        deletedAt: null,
        hiddenAt: author.held ? now : null,
        likeCount: 0,
        replyCount: 0,
      };
      const post = this.postOf(
        { post: row, handle: author.handle, displayName: author.displayName, likedByMe: false },
        userId,
      );
      return { post, heldForReview: author.held };
    });
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
      chart: post.chart ?? null,
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

/** The columns that place a post in a newest-first list: its time, then its id. */
interface PlaceColumns {
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
}
const postPlace: PlaceColumns = { createdAt: communityPosts.createdAt, id: communityPosts.id };
const symbolPlace: PlaceColumns = {
  createdAt: communityPostSymbols.createdAt,
  id: communityPostSymbols.postId,
};

/**
 * Posts before, at or before, or after a place, as one row comparison: an index on
 * (created_at, id) starts its scan there instead of filtering every newer row.
 */
function compared(
  columns: PlaceColumns,
  operator: '<' | '<=' | '>',
  place: { createdAt: Date; id: string },
): SQL {
  return sql`(${columns.createdAt}, ${columns.id}) ${sql.raw(operator)} (${place.createdAt.toISOString()}::timestamptz, ${place.id}::uuid)`;
}

/** A post or reply to announce, as `CommunityStore.announced` reads it. */
export interface AnnouncedRow {
  id: string;
  /** The post a reply answers; null for a post of the feed. */
  parentId: string | null;
  authorId: string;
  /** Its place in the feed, as the feed's cursors. */
  cursor: string;
  /** The members on either side of a block with the author. */
  partners: string[];
  /** The readers asked about who follow its author or one of its symbols (posts only). */
  followers: string[];
}

/** An author's new posts, as `CommunityStore.newPostsByAuthor` reads them. */
export interface NewPostsOfAuthor {
  authorId: string;
  /** Each of the author's new posts: its id and symbols. */
  posts: { id: string; symbols: string[] }[];
  /** The members on either side of a block with the author. */
  partners: string[];
}

/** Whom and what a reader follows, and the members on either side of a block with them. */
export interface Following {
  members: string[];
  symbols: string[];
  blocked: string[];
}

/**
 * Whose posts and which symbols' posts are in the viewer's Following tab: the members they
 * follow and themself, and the symbols they follow (read inside each statement, ADR 0084).
 */
const followedMembers = (viewerId: string) =>
  sql`select ${communityFollows.followeeId} from ${communityFollows} where ${communityFollows.followerId} = ${viewerId} union all select ${viewerId}::text`;
const followedSymbols = (viewerId: string) =>
  sql`array(select ${communitySymbolFollows.symbol} from ${communitySymbolFollows} where ${communitySymbolFollows.userId} = ${viewerId})`;

/** The newest `followingWindow` visible top-level posts `within` bounds, newest first. */
const newestPosts = (viewerId: string, within: (place: PlaceColumns) => SQL | undefined) =>
  sql`select ${communityPosts.id} as id, ${communityPosts.createdAt} as created_at,
        ${communityPosts.authorId} as author_id, ${communityPosts.symbols} as symbols
      from ${communityPosts}
      where ${and(visible(viewerId), isNull(communityPosts.parentId), within(postPlace))}
      order by ${communityPosts.createdAt} desc, ${communityPosts.id} desc
      limit ${followingWindow}`;
const matchesFollowing = (viewerId: string) =>
  sql`(recent.author_id in (${followedMembers(viewerId)}) or recent.symbols && ${followedSymbols(viewerId)})`;

/**
 * The Following tab's first reading (ADR 0084): the ids of the newest `limit` posts it shows
 * among the newest `followingWindow` posts `within` bounds, read newest first from
 * `community_posts_visible_idx` and stopping at the `limit`th match. For a reader who follows
 * busy members or symbols, the page.
 */
function followingInWindow(
  viewerId: string,
  within: (place: PlaceColumns) => SQL | undefined,
  limit: number,
): SQL {
  return sql`select recent.id from (${newestPosts(viewerId, within)}) recent
    where ${matchesFollowing(viewerId)}
    order by recent.created_at desc, recent.id desc
    limit ${limit}`;
}

/**
 * `followingInWindow` as one row, with how many posts the window read (a whole window, or all
 * there were) and the place of the last id, for the new-posts count.
 */
function followingInWindowCounted(
  viewerId: string,
  within: (place: PlaceColumns) => SQL | undefined,
  limit: number,
): SQL {
  return sql`with recent as materialized (${newestPosts(viewerId, within)}),
    matched as materialized (
      select recent.id, recent.created_at from recent
      where ${matchesFollowing(viewerId)}
      order by recent.created_at desc, recent.id desc
      limit ${limit}
    )
    select (select count(*)::int from recent) as read,
      array(select matched.id from matched order by matched.created_at desc, matched.id desc) as ids,
      last.created_at as "lastAt", last.id as "lastId"
    from (select 1) one
    left join (select matched.id, matched.created_at from matched
               order by matched.created_at, matched.id limit 1) last on true`;
}

/**
 * The Following tab where the window left it short (ADR 0084): the ids of the newest `limit`
 * posts `within` bounds of the viewer's followed members (and their own) and followed
 * symbols, each read newest first from its own index (`community_posts_author_visible_idx`,
 * `community_post_symbols`), at most `limit` of each, merged. Each member's and symbol's
 * posts are all theirs, so nothing is read in search of a match, however few there are.
 */
function followedSources(
  viewerId: string,
  within: (place: PlaceColumns) => SQL | undefined,
  limit: number,
): SQL {
  const posts = communityPosts;
  const tagged = communityPostSymbols;
  const shown = and(isNull(posts.deletedAt), isNull(posts.hiddenAt), notBlockedWith(viewerId));
  return sql`select following.id from (
      select member_posts.id, member_posts.created_at
        from (${followedMembers(viewerId)}) as followed(author_id)
        cross join lateral (
          select ${posts.id} as id, ${posts.createdAt} as created_at from ${posts}
          where ${and(sql`${posts.authorId} = followed.author_id`, isNull(posts.parentId), shown, within(postPlace))}
          order by ${posts.createdAt} desc, ${posts.id} desc limit ${limit}
        ) member_posts
      union
      select symbol_posts.id, symbol_posts.created_at
        from unnest(${followedSymbols(viewerId)}) as followed(symbol)
        cross join lateral (
          select ${tagged.postId} as id, ${tagged.createdAt} as created_at from ${tagged}
          inner join ${posts} on ${posts.id} = ${tagged.postId}
          where ${and(sql`${tagged.symbol} = followed.symbol`, shown, within(symbolPlace))}
          order by ${tagged.createdAt} desc, ${tagged.postId} desc limit ${limit}
        ) symbol_posts
    ) following
    order by following.created_at desc, following.id desc
    limit ${limit}`;
}

function profileOf(row: typeof communityProfiles.$inferSelect): CommunityProfile {
  return {
    handle: row.handle,
    displayName: row.displayName,
    bio: row.bio,
    joinedAt: row.createdAt.toISOString(),
  };
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
