import {
  type CommunityFollowCounts,
  type CommunityFollowing,
  followLimits,
} from '@tickerwise/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  communityFollows,
  communityProfiles,
  communitySymbolFollows,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';

const missingUser = () => notFound('No one in the community has this handle.');

const followLimitReached = (what: 'users' | 'symbols') =>
  new AppError(
    409,
    'follow_limit_reached',
    what === 'users'
      ? `You can follow at most ${followLimits.users.toLocaleString('en-US')} members. Unfollow someone to follow another.`
      : `You can follow at most ${followLimits.symbols.toLocaleString('en-US')} symbols. Unfollow one to follow another.`,
  );

/**
 * Who and which symbols members follow. Following is bounded per account (1,000 members,
 * 500 symbols); each follow takes a lock of the follower's own, so two tabs cannot both add
 * the last one.
 */
export class FollowStore {
  constructor(private readonly db: Db) {}

  /** The member with this handle (404 when there is none): their user id. */
  async memberId(handle: string): Promise<string> {
    const [row] = await this.db
      .select({ userId: communityProfiles.userId })
      .from(communityProfiles)
      .where(eq(sql`lower(${communityProfiles.handle})`, handle.toLowerCase()));
    if (!row) throw missingUser();
    return row.userId;
  }

  async followUser(
    userId: string,
    handle: string,
    following: boolean,
  ): Promise<CommunityFollowCounts> {
    const followeeId = await this.memberId(handle);
    if (followeeId === userId) {
      throw new AppError(400, 'follow_self', 'You cannot follow yourself.');
    }
    if (!following) {
      await this.db
        .delete(communityFollows)
        .where(
          and(eq(communityFollows.followerId, userId), eq(communityFollows.followeeId, followeeId)),
        );
    } else {
      await this.db.transaction(async (tx) => {
        await lockFollower(tx, userId);
        const [row] = await tx
          .select({ count: count() })
          .from(communityFollows)
          .where(eq(communityFollows.followerId, userId));
        const already = await tx
          .select({ id: communityFollows.followeeId })
          .from(communityFollows)
          .where(
            and(
              eq(communityFollows.followerId, userId),
              eq(communityFollows.followeeId, followeeId),
            ),
          );
        if (already.length > 0) return;
        if ((row?.count ?? 0) >= followLimits.users) throw followLimitReached('users');
        await tx.insert(communityFollows).values({ followerId: userId, followeeId });
      });
    }
    return this.counts(userId, followeeId);
  }

  async followSymbol(userId: string, symbol: string, following: boolean): Promise<void> {
    if (!following) {
      await this.db
        .delete(communitySymbolFollows)
        .where(
          and(eq(communitySymbolFollows.userId, userId), eq(communitySymbolFollows.symbol, symbol)),
        );
      return;
    }
    await this.db.transaction(async (tx) => {
      await lockFollower(tx, userId);
      const rows = await tx
        .select({ symbol: communitySymbolFollows.symbol })
        .from(communitySymbolFollows)
        .where(eq(communitySymbolFollows.userId, userId));
      if (rows.some((row) => row.symbol === symbol)) return;
      if (rows.length >= followLimits.symbols) throw followLimitReached('symbols');
      await tx.insert(communitySymbolFollows).values({ userId, symbol });
    });
  }

  async followsSymbol(userId: string, symbol: string): Promise<boolean> {
    const rows = await this.db
      .select({ symbol: communitySymbolFollows.symbol })
      .from(communitySymbolFollows)
      .where(
        and(eq(communitySymbolFollows.userId, userId), eq(communitySymbolFollows.symbol, symbol)),
      );
    return rows.length > 0;
  }

  /** A member's followers and following, and whether the viewer follows them. */
  async counts(viewerId: string, memberId: string): Promise<CommunityFollowCounts> {
    const [row] = rowsOf<{ followers: number | string; following: number | string; mine: boolean }>(
      await this.db.execute(sql`
        select
          (select count(*) from ${communityFollows} where ${communityFollows.followeeId} = ${memberId}) as followers,
          (select count(*) from ${communityFollows} where ${communityFollows.followerId} = ${memberId}) as following,
          exists (select 1 from ${communityFollows}
                   where ${communityFollows.followerId} = ${viewerId}
                     and ${communityFollows.followeeId} = ${memberId}) as mine`),
    );
    return {
      followers: Number(row?.followers ?? 0),
      following: Number(row?.following ?? 0),
      followedByMe: Boolean(row?.mine),
    };
  }

  async following(userId: string): Promise<CommunityFollowing> {
    const users = await this.db
      .select({ handle: communityProfiles.handle, displayName: communityProfiles.displayName })
      .from(communityFollows)
      .innerJoin(communityProfiles, eq(communityProfiles.userId, communityFollows.followeeId))
      .where(eq(communityFollows.followerId, userId))
      .orderBy(asc(communityProfiles.handle));
    const symbols = await this.db
      .select({ symbol: communitySymbolFollows.symbol })
      .from(communitySymbolFollows)
      .where(eq(communitySymbolFollows.userId, userId))
      .orderBy(asc(communitySymbolFollows.symbol));
    return {
      users,
      symbols: symbols.map((row) => row.symbol),
      limits: { users: followLimits.users, symbols: followLimits.symbols },
    };
  }
}

async function lockFollower(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`community_follows:${userId}`}))`);
}
