import { type CommunityBlockList, moderationRules } from '@tickerwise/shared';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import {
  communityBlocks,
  communityConversations,
  communityPosts,
  communityProfiles,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';

const missingMember = () => notFound('No one in the community has this handle.');

/**
 * Neither the viewer blocked the author nor the author the viewer: the condition every read of
 * posts for a member adds, so that blocked members see nothing of each other (ADR 0042). The
 * members on either side of a block with the viewer are read once for the query (an init plan
 * over the blocks' primary key and `community_blocks_blocked_idx`), never once a post, so the
 * feed's index scans only compare each post's author with that short list (ADR 0052).
 */
export function notBlockedWith(
  viewerId: string,
  author: AnyPgColumn = communityPosts.authorId,
): SQL {
  return sql`${author} <> all(array(select ${communityBlocks.blockedId} from ${communityBlocks} where ${communityBlocks.blockerId} = ${viewerId} union all select ${communityBlocks.blockerId} from ${communityBlocks} where ${communityBlocks.blockedId} = ${viewerId}))`;
}

/** Neither deleted nor hidden, nor between the viewer and a member either of them blocked. */
export function visibleTo(viewerId: string): SQL | undefined {
  return and(
    isNull(communityPosts.deletedAt),
    isNull(communityPosts.hiddenAt),
    notBlockedWith(viewerId),
  );
}

/** A member's id, as a value or as a column of the query. */
type MemberRef = string | AnyPgColumn;

/** `blocker` blocked `blocked`: one probe of the blocks' primary key. */
export function blocking(blocker: MemberRef, blocked: MemberRef): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${communityBlocks} where ${communityBlocks.blockerId} = ${blocker} and ${communityBlocks.blockedId} = ${blocked})`;
}

/** A member's block list, at most `moderationRules.blockListLimit` long. */
export class Blocks {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(userId: string): Promise<CommunityBlockList> {
    const rows = await this.db
      .select({
        handle: communityProfiles.handle,
        displayName: communityProfiles.displayName,
        blockedAt: communityBlocks.createdAt,
      })
      .from(communityBlocks)
      .innerJoin(communityProfiles, eq(communityProfiles.userId, communityBlocks.blockedId))
      .where(eq(communityBlocks.blockerId, userId))
      .orderBy(desc(communityBlocks.createdAt));
    return {
      blocks: rows.map((row) => ({ ...row, blockedAt: row.blockedAt.toISOString() })),
      limit: moderationRules.blockListLimit,
    };
  }

  /**
   * Blocks the member with this handle. Counted and written under a lock on the blocker's
   * profile row, so two tabs cannot pass the limit together; the pair's conversation row is
   * locked too, as a send locks it, so a message is either sent before the block or refused
   * after it (ADR 0058).
   */
  async block(userId: string, handle: string): Promise<CommunityBlockList> {
    const target = await this.memberId(handle);
    if (target === userId) {
      throw new AppError(409, 'own_profile', 'You cannot block yourself.');
    }
    await this.db.transaction(async (tx) => {
      const [member] = await tx
        .select({ userId: communityProfiles.userId })
        .from(communityProfiles)
        .where(eq(communityProfiles.userId, userId))
        .for('update');
      if (!member) {
        throw new AppError(
          409,
          'profile_required',
          'Choose a handle and display name before you block anyone.',
        );
      }
      const [already] = await tx
        .select({ blockedId: communityBlocks.blockedId })
        .from(communityBlocks)
        .where(and(eq(communityBlocks.blockerId, userId), eq(communityBlocks.blockedId, target)));
      if (already) return;
      const [lowId, highId] = userId < target ? [userId, target] : [target, userId];
      await tx
        .select({ id: communityConversations.id })
        .from(communityConversations)
        .where(
          and(eq(communityConversations.lowId, lowId), eq(communityConversations.highId, highId)),
        )
        .for('update');
      const [blocked] = await tx
        .select({ count: count() })
        .from(communityBlocks)
        .where(eq(communityBlocks.blockerId, userId));
      if ((blocked?.count ?? 0) >= moderationRules.blockListLimit) {
        throw new AppError(
          422,
          'block_limit',
          `You can block at most ${moderationRules.blockListLimit} members. Unblock someone to block another.`,
        );
      }
      await tx
        .insert(communityBlocks)
        .values({ blockerId: userId, blockedId: target, createdAt: this.clock() })
        .onConflictDoNothing();
    });
    return this.list(userId);
  }

  async unblock(userId: string, handle: string): Promise<void> {
    const target = await this.memberId(handle);
    await this.db
      .delete(communityBlocks)
      .where(and(eq(communityBlocks.blockerId, userId), eq(communityBlocks.blockedId, target)));
  }

  private async memberId(handle: string): Promise<string> {
    const [row] = await this.db
      .select({ userId: communityProfiles.userId })
      .from(communityProfiles)
      .where(eq(sql`lower(${communityProfiles.handle})`, handle.toLowerCase()));
    if (!row) throw missingMember();
    return row.userId;
  }
}
