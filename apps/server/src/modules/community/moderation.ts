import {
  type CommunityStanding,
  type ModerationActionName,
  type ModerationLog,
  type ModerationPostItem,
  type ModerationQueue,
  type ModeratorList,
  moderationRules,
  type OwnPostReview,
  paths,
  type ReportReason,
  type ReportSummary,
} from '@tickerwise/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, min, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import {
  communityModerationActions,
  communityModerators,
  communityPostReviews,
  communityPosts,
  communityProfiles,
  communityReports,
  communitySuspensions,
  communityUserReports,
  user,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { insertNotification } from '../notifications/service.ts';
import { StaffRole } from '../operator/service.ts';
import { refusals, whenText } from './community-rules.ts';
import type { PumpGuard } from './pump-guard.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missingPost = () => notFound('This post does not exist.');
const missingMember = () => notFound('No one in the community has this handle.');
/** What a member who is not a moderator gets from every moderation route. */
const notAModerator = () => notFound('Not found');
const dayMs = 86_400_000;

/** "AAPL looks cheap here and…": the start of a post, for a notification. */
function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 57)}…` : flat;
}

/**
 * The community's safety work (docs/PRODUCT.md, "Community"; ADR 0042): the moderator role,
 * the queue of hidden, held and appealed posts and of reported members, the decisions on them
 * (each logged and told to the author), suspensions, appeals, reports of members and the pump
 * guard's part in writing a post.
 */
export class Moderation {
  /** The moderator role, granted by the operator (`npm run moderator`). */
  readonly moderators: StaffRole;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly pumpGuard: PumpGuard,
  ) {
    this.moderators = new StaffRole(db, clock, communityModerators);
  }

  async isModerator(userId: string): Promise<boolean> {
    return this.moderators.has(userId);
  }

  /** Moderation routes do not exist for members who are not moderators (404). */
  async requireModerator(userId: string): Promise<void> {
    if (!(await this.isModerator(userId))) throw notAModerator();
  }

  // --- Writing: suspensions and the pump guard -------------------------------------------

  private async suspension(userId: string): Promise<{ until: Date; reason: string } | null> {
    const [row] = await this.db
      .select({ until: communitySuspensions.until, reason: communitySuspensions.reason })
      .from(communitySuspensions)
      .where(
        and(eq(communitySuspensions.userId, userId), gt(communitySuspensions.until, this.clock())),
      );
    return row ?? null;
  }

  /** 403 while the member's posting is suspended, saying until when. */
  async assertMayWrite(userId: string): Promise<void> {
    const suspended = await this.suspension(userId);
    if (suspended) throw refusals.suspended(suspended.until, suspended.reason);
  }

  /**
   * Whether an edit of a post or reply is to be held: it names a surging symbol it did not name
   * before (editing a harmless post into a pump is posting one).
   */
  async guardEdit(userId: string, postId: string, symbols: readonly string[]): Promise<boolean> {
    await this.assertMayWrite(userId);
    if (!uuidPattern.test(postId)) return false;
    const [row] = await this.db
      .select({ symbols: communityPosts.symbols })
      .from(communityPosts)
      .where(and(eq(communityPosts.id, postId), eq(communityPosts.authorId, userId)));
    if (!row) return false;
    const added = symbols.filter((symbol) => !row.symbols.includes(symbol));
    return (await this.pumpGuard.surging(added, this.clock())).length > 0;
  }

  /** Takes a post out of the feed into the queue, held by the pump guard. */
  async hold(postId: string): Promise<void> {
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await tx
        .update(communityPosts)
        .set({ hiddenAt: now })
        .where(and(eq(communityPosts.id, postId), isNull(communityPosts.hiddenAt)));
      await tx
        .insert(communityPostReviews)
        .values({ postId, heldFor: 'pump' })
        .onConflictDoUpdate({ target: communityPostReviews.postId, set: { heldFor: 'pump' } });
    });
  }

  // --- The member's side --------------------------------------------------------------------

  async standing(userId: string): Promise<CommunityStanding> {
    const suspension = await this.suspension(userId);
    const rows = await this.db
      .select({ post: communityPosts, review: communityPostReviews })
      .from(communityPosts)
      .leftJoin(communityPostReviews, eq(communityPostReviews.postId, communityPosts.id))
      .where(
        and(
          eq(communityPosts.authorId, userId),
          isNotNull(communityPosts.hiddenAt),
          isNull(communityPosts.deletedAt),
        ),
      )
      .orderBy(desc(communityPosts.createdAt))
      .limit(20);
    const underReview: OwnPostReview[] = rows.map(({ post, review }) => {
      const removed = review?.removedAt != null;
      return {
        post: {
          id: post.id,
          parentId: post.parentId,
          body: post.body,
          symbols: post.symbols,
          createdAt: post.createdAt.toISOString(),
        },
        state: removed ? 'removed' : review?.heldFor === 'pump' ? 'held' : 'hidden',
        removalReason: removed ? (review?.removalReason ?? null) : null,
        appeal:
          review?.appeal && review.appealedAt
            ? {
                text: review.appeal,
                at: review.appealedAt.toISOString(),
                decided: review.appealDecidedAt !== null,
              }
            : null,
        canAppeal: removed && !review?.appealedAt,
      };
    });
    return {
      moderator: await this.isModerator(userId),
      suspension: suspension
        ? { until: suspension.until.toISOString(), reason: suspension.reason }
        : null,
      underReview,
    };
  }

  /** The author appeals the removal of their post, once; it goes back to the queue. */
  async appeal(userId: string, postId: string, text: string): Promise<void> {
    if (!uuidPattern.test(postId)) throw missingPost();
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ post: communityPosts, review: communityPostReviews })
        .from(communityPosts)
        .leftJoin(communityPostReviews, eq(communityPostReviews.postId, communityPosts.id))
        .where(
          and(
            eq(communityPosts.id, postId),
            eq(communityPosts.authorId, userId),
            isNull(communityPosts.deletedAt),
          ),
        )
        .for('update', { of: communityPosts });
      if (!row) throw missingPost();
      if (!row.review?.removedAt) {
        throw new AppError(409, 'not_removed', 'Only a post a moderator removed can be appealed.');
      }
      if (row.review.appealedAt) {
        throw new AppError(
          409,
          'already_appealed',
          'You have appealed this removal already; a post can be appealed once.',
        );
      }
      await tx
        .update(communityPostReviews)
        .set({ appeal: text, appealedAt: this.clock() })
        .where(eq(communityPostReviews.postId, postId));
    });
  }

  /** Reports a member once, with a reason; a moderator sees it in the queue. */
  async reportUser(
    userId: string,
    handle: string,
    reason: ReportReason,
    note: string,
  ): Promise<void> {
    const target = await this.memberByHandle(handle);
    if (target.userId === userId) {
      throw new AppError(409, 'own_profile', 'You cannot report yourself.');
    }
    await this.db
      .insert(communityUserReports)
      .values({ userId: target.userId, reporterId: userId, reason, note, createdAt: this.clock() })
      .onConflictDoNothing();
  }

  // --- The queue ----------------------------------------------------------------------------

  async queue(): Promise<ModerationQueue> {
    const now = this.clock();
    const rows = await this.db
      .select({
        post: communityPosts,
        handle: communityProfiles.handle,
        displayName: communityProfiles.displayName,
        review: communityPostReviews,
        suspendedUntil: communitySuspensions.until,
      })
      .from(communityPosts)
      .innerJoin(communityProfiles, eq(communityProfiles.userId, communityPosts.authorId))
      .leftJoin(communityPostReviews, eq(communityPostReviews.postId, communityPosts.id))
      .leftJoin(
        communitySuspensions,
        and(
          eq(communitySuspensions.userId, communityPosts.authorId),
          gt(communitySuspensions.until, now),
        ),
      )
      .where(
        and(
          isNotNull(communityPosts.hiddenAt),
          isNull(communityPosts.deletedAt),
          or(
            isNull(communityPostReviews.removedAt),
            and(
              isNotNull(communityPostReviews.appealedAt),
              isNull(communityPostReviews.appealDecidedAt),
            ),
          ),
        ),
      )
      .orderBy(
        sql`coalesce(case when ${communityPostReviews.removedAt} is not null then ${communityPostReviews.appealedAt} end, ${communityPosts.hiddenAt})`,
        asc(communityPosts.id),
      )
      .limit(moderationRules.queueLimit);
    const reports = await this.reportsOf(rows.map((row) => row.post.id));
    const posts: ModerationPostItem[] = rows.map(({ post, review, ...row }) => {
      const appealed = review?.removedAt != null && review.appealedAt !== null;
      return {
        kind: appealed ? 'appeal' : review?.heldFor === 'pump' ? 'pump' : 'reports',
        since: (appealed ? review.appealedAt! : post.hiddenAt!).toISOString(),
        post: {
          id: post.id,
          parentId: post.parentId,
          author: { handle: row.handle, displayName: row.displayName },
          body: post.body,
          symbols: post.symbols,
          createdAt: post.createdAt.toISOString(),
        },
        reports: reports.get(post.id) ?? emptySummary(),
        removal:
          appealed && review.removedAt
            ? { reason: review.removalReason ?? '', at: review.removedAt.toISOString() }
            : null,
        appeal:
          appealed && review.appeal && review.appealedAt
            ? { text: review.appeal, at: review.appealedAt.toISOString() }
            : null,
        authorSuspendedUntil: row.suspendedUntil?.toISOString() ?? null,
      };
    });
    return { posts, users: await this.reportedUsers(now) };
  }

  private async reportsOf(postIds: string[]): Promise<Map<string, ReportSummary>> {
    const summaries = new Map<string, ReportSummary>();
    if (postIds.length === 0) return summaries;
    const rows = await this.db
      .select({
        postId: communityReports.postId,
        reason: communityReports.reason,
        note: communityReports.note,
      })
      .from(communityReports)
      .where(and(inArray(communityReports.postId, postIds), isNull(communityReports.resolvedAt)))
      .orderBy(asc(communityReports.createdAt));
    for (const row of rows) {
      const summary = summaries.get(row.postId) ?? emptySummary();
      addReport(summary, row.reason, row.note);
      summaries.set(row.postId, summary);
    }
    return summaries;
  }

  private async reportedUsers(now: Date): Promise<ModerationQueue['users']> {
    const open = isNull(communityUserReports.resolvedAt);
    const members = await this.db
      .select({
        userId: communityUserReports.userId,
        since: min(communityUserReports.createdAt),
        handle: communityProfiles.handle,
        displayName: communityProfiles.displayName,
        suspendedUntil: communitySuspensions.until,
      })
      .from(communityUserReports)
      .innerJoin(communityProfiles, eq(communityProfiles.userId, communityUserReports.userId))
      .leftJoin(
        communitySuspensions,
        and(
          eq(communitySuspensions.userId, communityUserReports.userId),
          gt(communitySuspensions.until, now),
        ),
      )
      .where(open)
      .groupBy(
        communityUserReports.userId,
        communityProfiles.handle,
        communityProfiles.displayName,
        communitySuspensions.until,
      )
      .orderBy(min(communityUserReports.createdAt))
      .limit(moderationRules.queueLimit);
    if (members.length === 0) return [];
    const rows = await this.db
      .select({
        userId: communityUserReports.userId,
        reason: communityUserReports.reason,
        note: communityUserReports.note,
      })
      .from(communityUserReports)
      .where(
        and(
          open,
          inArray(
            communityUserReports.userId,
            members.map((member) => member.userId),
          ),
        ),
      )
      .orderBy(asc(communityUserReports.createdAt));
    return members.map((member) => {
      const summary = emptySummary();
      for (const row of rows) {
        if (row.userId === member.userId) addReport(summary, row.reason, row.note);
      }
      return {
        user: { handle: member.handle, displayName: member.displayName },
        since: (member.since ?? now).toISOString(),
        reports: summary,
        suspendedUntil: member.suspendedUntil?.toISOString() ?? null,
      };
    });
  }

  async log(): Promise<ModerationLog> {
    const moderatorProfile = alias(communityProfiles, 'moderator_profile');
    const moderatorAccount = alias(user, 'moderator_account');
    const subjectProfile = alias(communityProfiles, 'subject_profile');
    const rows = await this.db
      .select({
        action: communityModerationActions,
        moderatorHandle: moderatorProfile.handle,
        moderatorName: moderatorAccount.name,
        subjectHandle: subjectProfile.handle,
        subjectName: subjectProfile.displayName,
      })
      .from(communityModerationActions)
      .leftJoin(
        moderatorProfile,
        eq(moderatorProfile.userId, communityModerationActions.moderatorId),
      )
      .leftJoin(moderatorAccount, eq(moderatorAccount.id, communityModerationActions.moderatorId))
      .leftJoin(subjectProfile, eq(subjectProfile.userId, communityModerationActions.subjectId))
      .orderBy(desc(communityModerationActions.createdAt), desc(communityModerationActions.id))
      .limit(moderationRules.logLimit);
    return {
      entries: rows.map((row) => ({
        id: row.action.id,
        moderator: row.moderatorHandle ? `@${row.moderatorHandle}` : row.moderatorName,
        action: row.action.action as ModerationActionName,
        subject:
          row.subjectHandle && row.subjectName
            ? { handle: row.subjectHandle, displayName: row.subjectName }
            : null,
        postId: row.action.postId,
        reason: row.action.reason,
        days: row.action.days,
        at: row.action.createdAt.toISOString(),
      })),
    };
  }

  // --- Decisions ----------------------------------------------------------------------------

  /**
   * Puts a post back in the feed: a hidden or held one, or a removed one whose appeal is
   * accepted. Its open reports are settled, so it takes 3 new reporters to hide it again.
   */
  async restore(moderatorId: string, postId: string, note: string): Promise<void> {
    const now = this.clock();
    const decided = await this.db.transaction(async (tx) => {
      const { post, review } = await this.queuedPost(tx, moderatorId, postId);
      const appealed = review?.removedAt != null;
      await tx.update(communityPosts).set({ hiddenAt: null }).where(eq(communityPosts.id, postId));
      await tx
        .update(communityReports)
        .set({ resolvedAt: now })
        .where(and(eq(communityReports.postId, postId), isNull(communityReports.resolvedAt)));
      if (review) {
        await tx
          .update(communityPostReviews)
          .set({
            heldFor: null,
            removedAt: null,
            removedBy: null,
            removalReason: null,
            ...(appealed ? { appealDecidedAt: now } : {}),
          })
          .where(eq(communityPostReviews.postId, postId));
      }
      await this.record(tx, moderatorId, 'restore', post.authorId, postId, note, null);
      return { post, appealed };
    });
    const { post, appealed } = decided;
    await insertNotification(this.db, {
      userId: post.authorId,
      title: appealed ? 'Your appeal was accepted' : 'Your post is visible again',
      message: `A moderator reviewed your ${post.parentId ? 'reply' : 'post'} "${excerpt(post.body)}" and restored it.`,
      link: paths.socialFeed,
    });
  }

  /**
   * Removes a post for good, with a reason the author is told; the author may appeal once. On
   * an appealed post it upholds the removal, which is final.
   */
  async remove(moderatorId: string, postId: string, reason: string): Promise<void> {
    const now = this.clock();
    const decided = await this.db.transaction(async (tx) => {
      const { post, review } = await this.queuedPost(tx, moderatorId, postId);
      const appealed = review?.removedAt != null;
      if (appealed) {
        await tx
          .update(communityPostReviews)
          .set({ appealDecidedAt: now, removalReason: reason, removedBy: moderatorId })
          .where(eq(communityPostReviews.postId, postId));
      } else {
        await tx
          .insert(communityPostReviews)
          .values({ postId, removedAt: now, removedBy: moderatorId, removalReason: reason })
          .onConflictDoUpdate({
            target: communityPostReviews.postId,
            set: { heldFor: null, removedAt: now, removedBy: moderatorId, removalReason: reason },
          });
      }
      const action = appealed ? 'uphold' : 'remove';
      await this.record(tx, moderatorId, action, post.authorId, postId, reason, null);
      return { post, appealed };
    });
    const { post, appealed } = decided;
    const what = post.parentId ? 'reply' : 'post';
    await insertNotification(
      this.db,
      appealed
        ? {
            userId: post.authorId,
            title: 'Your appeal was reviewed',
            message: `The removal of your ${what} "${excerpt(post.body)}" stands: ${reason}`,
            link: paths.socialFeed,
          }
        : {
            userId: post.authorId,
            title: `Your ${what} was removed`,
            message: `A moderator removed your ${what} "${excerpt(post.body)}": ${reason} You can appeal once from the community feed.`,
            link: paths.socialFeed,
          },
    );
  }

  /** Suspends a member's posting and replying for `days` days; their open reports are settled. */
  async suspend(moderatorId: string, handle: string, days: number, reason: string): Promise<void> {
    const member = await this.memberByHandle(handle);
    if (member.userId === moderatorId) {
      throw new AppError(409, 'own_profile', 'Another moderator decides about your own account.');
    }
    const now = this.clock();
    const until = new Date(now.getTime() + days * dayMs);
    await this.db.transaction(async (tx) => {
      await tx
        .insert(communitySuspensions)
        .values({ userId: member.userId, until, reason, createdAt: now })
        .onConflictDoUpdate({
          target: communitySuspensions.userId,
          set: { until, reason, createdAt: now },
        });
      await tx
        .update(communityUserReports)
        .set({ resolvedAt: now })
        .where(
          and(
            eq(communityUserReports.userId, member.userId),
            isNull(communityUserReports.resolvedAt),
          ),
        );
      await this.record(tx, moderatorId, 'suspend', member.userId, null, reason, days);
    });
    await insertNotification(this.db, {
      userId: member.userId,
      title: 'Your community posting is suspended',
      message: `A moderator suspended your posting and replying until ${whenText(until)}: ${reason}`,
      link: paths.socialFeed,
    });
  }

  /** Settles the open reports of a member without acting on them. */
  async dismiss(moderatorId: string, handle: string, note: string): Promise<void> {
    const member = await this.memberByHandle(handle);
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      const settled = await tx
        .update(communityUserReports)
        .set({ resolvedAt: now })
        .where(
          and(
            eq(communityUserReports.userId, member.userId),
            isNull(communityUserReports.resolvedAt),
          ),
        )
        .returning({ reporterId: communityUserReports.reporterId });
      if (settled.length === 0) {
        throw new AppError(409, 'already_reviewed', 'No open reports of this member are left.');
      }
      await this.record(tx, moderatorId, 'dismiss', member.userId, null, note, null);
    });
  }

  /** A post waiting in the queue, locked for the decision (409 when another moderator was first). */
  private async queuedPost(tx: Db, moderatorId: string, postId: string) {
    if (!uuidPattern.test(postId)) throw missingPost();
    const [row] = await tx
      .select({ post: communityPosts, review: communityPostReviews })
      .from(communityPosts)
      .leftJoin(communityPostReviews, eq(communityPostReviews.postId, communityPosts.id))
      .where(and(eq(communityPosts.id, postId), isNull(communityPosts.deletedAt)))
      .for('update', { of: communityPosts });
    if (!row) throw missingPost();
    const { post, review } = row;
    if (post.authorId === moderatorId) {
      throw new AppError(409, 'own_post', 'Another moderator reviews your own posts.');
    }
    const waiting =
      post.hiddenAt !== null &&
      (!review?.removedAt || (review.appealedAt !== null && review.appealDecidedAt === null));
    if (!waiting) {
      throw new AppError(409, 'already_reviewed', 'This post is not waiting for review.');
    }
    return { post, review };
  }

  private async record(
    tx: Db,
    moderatorId: string,
    action: ModerationActionName,
    subjectId: string,
    postId: string | null,
    reason: string,
    days: number | null,
  ): Promise<void> {
    await tx.insert(communityModerationActions).values({
      moderatorId,
      subjectId,
      postId,
      action,
      reason,
      days,
      createdAt: this.clock(),
    });
  }

  private async memberByHandle(handle: string): Promise<{ userId: string }> {
    const [row] = await this.db
      .select({ userId: communityProfiles.userId })
      .from(communityProfiles)
      .where(eq(sql`lower(${communityProfiles.handle})`, handle.toLowerCase()));
    if (!row) throw missingMember();
    return row;
  }

  // --- The operator's side ------------------------------------------------------------------

  async listModerators(): Promise<ModeratorList> {
    const rows = await this.db
      .select({
        email: user.email,
        name: user.name,
        handle: communityProfiles.handle,
        grantedAt: communityModerators.grantedAt,
      })
      .from(communityModerators)
      .innerJoin(user, eq(user.id, communityModerators.userId))
      .leftJoin(communityProfiles, eq(communityProfiles.userId, communityModerators.userId))
      .orderBy(asc(communityModerators.grantedAt));
    return {
      moderators: rows.map((row) => ({ ...row, grantedAt: row.grantedAt.toISOString() })),
    };
  }

  /** Forgets pump-guard hours older than it reads. */
  prune(): Promise<void> {
    return this.pumpGuard.prune(this.clock());
  }
}

function emptySummary(): ReportSummary {
  return { total: 0, reasons: {}, notes: [] };
}

function addReport(summary: ReportSummary, reason: string, note: string): void {
  const key = reason as ReportReason;
  summary.total += 1;
  summary.reasons[key] = (summary.reasons[key] ?? 0) + 1;
  if (note && summary.notes.length < 10) summary.notes.push(note);
}
