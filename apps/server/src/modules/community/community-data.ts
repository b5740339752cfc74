import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  communityLikes,
  communityPostSymbols,
  communityPosts,
  communityProfiles,
  communityReports,
} from '../../db/schema/index.ts';
import { type UserDataPart, userRows } from '../../user-data/user-data.ts';

/** The user's community profile, posts, replies, likes and reports in the data export. */
export function communityDataPart(db: Db): UserDataPart {
  return {
    name: 'community',
    // The symbols' index of the posts holds nothing the posts do not: exported with them.
    tables: [
      communityProfiles,
      communityPosts,
      communityPostSymbols,
      communityLikes,
      communityReports,
    ],
    async collect(userId) {
      const [profiles, posts, likes, reports] = await Promise.all([
        userRows(
          db,
          {
            handle: communityProfiles.handle,
            displayName: communityProfiles.displayName,
            bio: communityProfiles.bio,
            createdAt: communityProfiles.createdAt,
          },
          communityProfiles.userId,
          userId,
        ),
        userRows(
          db,
          {
            id: communityPosts.id,
            parentId: communityPosts.parentId,
            body: communityPosts.body,
            sentiment: communityPosts.sentiment,
            paid: communityPosts.paid,
            symbols: communityPosts.symbols,
            chart: communityPosts.chart,
            createdAt: communityPosts.createdAt,
            editedAt: communityPosts.editedAt,
            deletedAt: communityPosts.deletedAt,
          },
          communityPosts.authorId,
          userId,
          asc(communityPosts.createdAt),
        ),
        userRows(
          db,
          { postId: communityLikes.postId, createdAt: communityLikes.createdAt },
          communityLikes.userId,
          userId,
        ),
        userRows(
          db,
          {
            postId: communityReports.postId,
            reason: communityReports.reason,
            note: communityReports.note,
            createdAt: communityReports.createdAt,
          },
          communityReports.reporterId,
          userId,
        ),
      ]);
      return { profile: profiles[0] ?? null, posts, likes, reports };
    },
  };
}
