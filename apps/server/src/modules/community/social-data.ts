import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  communityFollows,
  communityMentions,
  communityProfiles,
  communitySymbolFollows,
} from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/** Who and which symbols the user follows, and the posts that mentioned them, in the export. */
export function communitySocialDataPart(db: Db): UserDataPart {
  return {
    name: 'communityFollows',
    tables: [communityFollows, communitySymbolFollows, communityMentions],
    async collect(userId) {
      const members = await db
        .select({ handle: communityProfiles.handle, since: communityFollows.createdAt })
        .from(communityFollows)
        .innerJoin(communityProfiles, eq(communityProfiles.userId, communityFollows.followeeId))
        .where(eq(communityFollows.followerId, userId))
        .orderBy(asc(communityFollows.createdAt));
      const symbols = await db
        .select({ symbol: communitySymbolFollows.symbol, since: communitySymbolFollows.createdAt })
        .from(communitySymbolFollows)
        .where(eq(communitySymbolFollows.userId, userId))
        .orderBy(asc(communitySymbolFollows.createdAt));
      const mentions = await db
        .select({ postId: communityMentions.postId, createdAt: communityMentions.createdAt })
        .from(communityMentions)
        .where(eq(communityMentions.userId, userId))
        .orderBy(asc(communityMentions.createdAt));
      return {
        members: members.map(plainRow),
        symbols: symbols.map(plainRow),
        mentionsOfYou: mentions.map(plainRow),
      };
    },
  };
}
