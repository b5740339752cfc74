import type { CommunityActivity, CommunityOwnPost, CommunityUpdates } from '@tickerwise/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { communityPosts, communityProfiles } from '../../db/schema/index.ts';
import type { CommunityStore } from './community-store.ts';

/** How many recent replies, likes and mentions the Updates page lists. */
const activityShown = 20;

const excerptOf = (body: string) => (body.length > 120 ? `${body.slice(0, 119)}…` : body);

interface ActivityRow {
  kind: CommunityActivity['kind'];
  handle: string;
  display_name: string;
  at: Date | string;
  post_id: string;
  body: string;
}

/**
 * The Updates page: what happened lately to the user's posts (replies and likes by others,
 * mentions of the user), and their own posts and replies, newest first, a page at a time.
 */
export async function updatesOf(
  db: Db,
  store: CommunityStore,
  userId: string,
  cursor: string | undefined,
): Promise<CommunityUpdates> {
  const page = await store.page(userId, cursor, eq(communityPosts.authorId, userId));
  const parentIds = [
    ...new Set(page.posts.flatMap((post) => (post.parentId ? [post.parentId] : []))),
  ];
  const parents =
    parentIds.length === 0
      ? []
      : await db
          .select({
            id: communityPosts.id,
            body: communityPosts.body,
            handle: communityProfiles.handle,
            displayName: communityProfiles.displayName,
          })
          .from(communityPosts)
          .innerJoin(communityProfiles, eq(communityProfiles.userId, communityPosts.authorId))
          .where(and(inArray(communityPosts.id, parentIds)));
  const posts: CommunityOwnPost[] = page.posts.map((post) => {
    const parent = parents.find((row) => row.id === post.parentId);
    return {
      post,
      inReplyTo: parent
        ? {
            id: parent.id,
            author: { handle: parent.handle, displayName: parent.displayName },
            excerpt: excerptOf(parent.body),
          }
        : null,
    };
  });
  return {
    activity: cursor === undefined ? await activityOf(db, userId) : [],
    posts,
    nextCursor: page.nextCursor,
  };
}

/** The latest replies to the user's posts, likes of their posts and replies, and mentions. */
async function activityOf(db: Db, userId: string): Promise<CommunityActivity[]> {
  const rows = rowsOf<ActivityRow>(
    await db.execute(sql`
      select * from (
        (select 'reply' as kind, author.handle, author.display_name, reply.created_at as at,
                reply.parent_id as post_id, reply.body
           from community_posts reply
           join community_posts mine on mine.id = reply.parent_id
           join community_profiles author on author.user_id = reply.author_id
          where mine.author_id = ${userId} and reply.author_id <> ${userId}
            and reply.deleted_at is null and reply.hidden_at is null
            and mine.deleted_at is null
          order by reply.created_at desc limit ${activityShown})
        union all
        (select 'like', liker.handle, liker.display_name, liked.created_at,
                coalesce(mine.parent_id, mine.id), mine.body
           from community_likes liked
           join community_posts mine on mine.id = liked.post_id
           join community_profiles liker on liker.user_id = liked.user_id
          where mine.author_id = ${userId} and liked.user_id <> ${userId}
            and mine.deleted_at is null
          order by liked.created_at desc limit ${activityShown})
        union all
        (select 'mention', author.handle, author.display_name, mention.created_at,
                coalesce(post.parent_id, post.id), post.body
           from community_mentions mention
           join community_posts post on post.id = mention.post_id
           join community_profiles author on author.user_id = post.author_id
          where mention.user_id = ${userId}
            and post.deleted_at is null and post.hidden_at is null
          order by mention.created_at desc limit ${activityShown})
      ) as activity
      order by at desc
      limit ${activityShown}`),
  );
  return rows.map((row) => ({
    kind: row.kind,
    who: { handle: row.handle, displayName: row.display_name },
    at: new Date(row.at).toISOString(),
    postId: row.post_id,
    excerpt: excerptOf(row.body),
  }));
}
