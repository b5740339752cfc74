import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  communityBlocks,
  communityModerationActions,
  communityModerators,
  communityPostReviews,
  communityPosts,
  communityProfiles,
  communitySuspensions,
  communityUserReports,
} from '../../db/schema/index.ts';
import { plainRow, type UserDataPart, userRows } from '../../user-data/user-data.ts';

/**
 * The member's side of community moderation in the data export: the moderator role, a
 * suspension, the reviews of their own posts (with their appeals), the decisions about them,
 * the members they blocked and reported. Who reported them stays out.
 */
export function communityModerationDataPart(db: Db): UserDataPart {
  return {
    name: 'communityModeration',
    tables: [
      communityModerators,
      communitySuspensions,
      communityPostReviews,
      communityModerationActions,
      communityBlocks,
      communityUserReports,
    ],
    async collect(userId) {
      const [moderator] = await userRows(
        db,
        { grantedAt: communityModerators.grantedAt },
        communityModerators.userId,
        userId,
      );
      const [suspension] = await userRows(
        db,
        {
          until: communitySuspensions.until,
          reason: communitySuspensions.reason,
          createdAt: communitySuspensions.createdAt,
        },
        communitySuspensions.userId,
        userId,
      );
      const reviews = await db
        .select({
          postId: communityPostReviews.postId,
          heldFor: communityPostReviews.heldFor,
          removedAt: communityPostReviews.removedAt,
          removalReason: communityPostReviews.removalReason,
          appeal: communityPostReviews.appeal,
          appealedAt: communityPostReviews.appealedAt,
          appealDecidedAt: communityPostReviews.appealDecidedAt,
        })
        .from(communityPostReviews)
        .innerJoin(communityPosts, eq(communityPosts.id, communityPostReviews.postId))
        .where(eq(communityPosts.authorId, userId));
      const decisions = await userRows(
        db,
        {
          action: communityModerationActions.action,
          postId: communityModerationActions.postId,
          reason: communityModerationActions.reason,
          days: communityModerationActions.days,
          createdAt: communityModerationActions.createdAt,
        },
        communityModerationActions.subjectId,
        userId,
        asc(communityModerationActions.createdAt),
      );
      const blocks = await db
        .select({ handle: communityProfiles.handle, createdAt: communityBlocks.createdAt })
        .from(communityBlocks)
        .innerJoin(communityProfiles, eq(communityProfiles.userId, communityBlocks.blockedId))
        .where(eq(communityBlocks.blockerId, userId));
      const reports = await db
        .select({
          handle: communityProfiles.handle,
          reason: communityUserReports.reason,
          note: communityUserReports.note,
          createdAt: communityUserReports.createdAt,
        })
        .from(communityUserReports)
        .innerJoin(communityProfiles, eq(communityProfiles.userId, communityUserReports.userId))
        .where(eq(communityUserReports.reporterId, userId));
      return {
        moderatorSince: moderator?.grantedAt ?? null,
        suspension: suspension ?? null,
        reviewsOfYourPosts: reviews.map(plainRow),
        decisionsAboutYou: decisions,
        blocked: blocks.map(plainRow),
        membersReported: reports.map(plainRow),
      };
    },
  };
}
