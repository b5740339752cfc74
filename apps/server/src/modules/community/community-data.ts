import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  communityLikes,
  communityPosts,
  communityProfiles,
  communityReports,
} from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/** The user's community profile, posts, replies, likes and reports in the data export. */
export function communityDataPart(db: Db): UserDataPart {
  return {
    name: 'community',
    tables: [communityProfiles, communityPosts, communityLikes, communityReports],
    async collect(userId) {
      const [profile] = await db
        .select({
          handle: communityProfiles.handle,
          displayName: communityProfiles.displayName,
          bio: communityProfiles.bio,
          createdAt: communityProfiles.createdAt,
        })
        .from(communityProfiles)
        .where(eq(communityProfiles.userId, userId));
      const posts = await db
        .select({
          id: communityPosts.id,
          parentId: communityPosts.parentId,
          body: communityPosts.body,
          sentiment: communityPosts.sentiment,
          paid: communityPosts.paid,
          symbols: communityPosts.symbols,
          createdAt: communityPosts.createdAt,
          editedAt: communityPosts.editedAt,
          deletedAt: communityPosts.deletedAt,
        })
        .from(communityPosts)
        .where(eq(communityPosts.authorId, userId))
        .orderBy(asc(communityPosts.createdAt));
      const likes = await db
        .select({ postId: communityLikes.postId, createdAt: communityLikes.createdAt })
        .from(communityLikes)
        .where(eq(communityLikes.userId, userId));
      const reports = await db
        .select({
          postId: communityReports.postId,
          reason: communityReports.reason,
          note: communityReports.note,
          createdAt: communityReports.createdAt,
        })
        .from(communityReports)
        .where(eq(communityReports.reporterId, userId));
      return {
        profile: profile ? plainRow(profile) : null,
        posts: posts.map(plainRow),
        likes: likes.map(plainRow),
        reports: reports.map(plainRow),
      };
    },
  };
}
