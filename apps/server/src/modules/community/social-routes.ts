import {
  type CommunityFollowCounts,
  type CommunityFollowing,
  type CommunityNewPosts,
  type CommunitySymbolPosts,
  type CommunityUpdates,
  feedTabs,
  followInputSchema,
  handleSchema,
  newPostsCountLimit,
  parseTickerSymbol,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound, parseInput } from '../../http/errors.ts';
import type { MarketService } from '../../market-data/index.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { CommunityStore } from './community-store.ts';
import type { FollowStore } from './follows.ts';
import { type HeldSymbols, verifiedHoldings } from './holdings.ts';
import { mentionedMembers } from './mentions.ts';
import { NewPostsCounter } from './new-posts.ts';
import type { NewPost } from './post-write.ts';
import { updatesOf } from './updates.ts';

export interface CommunitySocial {
  db: Db;
  follows: FollowStore;
  /** What the user's real portfolios hold now, for "Holds AAPL". */
  heldSymbols: HeldSymbols;
}

/**
 * A checked post with what the social side adds: the members it mentions, and (for a new
 * post) the holdings its author claims, verified against their real portfolios.
 */
export async function withMentionsAndHoldings(
  social: CommunitySocial,
  userId: string,
  post: NewPost,
  claimedHoldings: readonly string[] = [],
): Promise<NewPost> {
  const heldSymbols = await verifiedHoldings(
    social.heldSymbols,
    userId,
    post.symbols,
    claimedHoldings,
  );
  return { ...post, heldSymbols, mentions: await mentionedMembers(social.db, post.body) };
}

export interface SocialRoutesOptions {
  auth: Auth;
  store: CommunityStore;
  market: MarketService;
  social: CommunitySocial;
}

const user = { config: { access: 'user' as const } };
const cursorSchema = z.string().max(200);
const newPostsQuerySchema = z.object({
  tab: z.enum(feedTabs, { error: 'Choose the Following or All tab' }).default('all'),
  /** The reader's newest post (`headCursor`); without one, nothing is new. */
  after: cursorSchema.optional(),
  /** The `mark` of the live event that prompted the count: counts naming it share a reading. */
  mark: z.string().max(64).optional(),
});
const pageQuerySchema = z.object({ cursor: cursorSchema.optional() });

const unknownSymbol = () => notFound('Tickerwise does not cover this symbol.');

/**
 * Following members and symbols, a symbol's posts, the count of posts newer than the reader's,
 * and the Updates page (docs/PRODUCT.md, "Community").
 */
export const socialRoutes: FastifyPluginAsync<SocialRoutesOptions> = async (
  app,
  { auth, store, market, social },
) => {
  const newPosts = new NewPostsCounter(store, newPostsCountLimit);
  const knownSymbol = async (value: string) => {
    const symbol = parseTickerSymbol(value);
    if (!symbol || (await market.unknownSymbols([symbol])).length > 0) throw unknownSymbol();
    return symbol;
  };

  app.get('/api/community/following', user, async (request, reply): Promise<CommunityFollowing> => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return social.follows.following(id);
  });

  app.put<{ Params: { handle: string } }>(
    '/api/community/users/:handle/follow',
    user,
    async (request): Promise<CommunityFollowCounts> => {
      const { id } = await requireUser(auth, request);
      const handle = handleSchema.safeParse(request.params.handle);
      if (!handle.success) throw notFound('No one in the community has this handle.');
      const { following } = parseInput(followInputSchema, request.body);
      return social.follows.followUser(id, handle.data, following);
    },
  );

  app.put<{ Params: { symbol: string } }>(
    '/api/community/symbols/:symbol/follow',
    user,
    async (request) => {
      const { id } = await requireUser(auth, request);
      const { following } = parseInput(followInputSchema, request.body);
      const symbol = await knownSymbol(request.params.symbol);
      await social.follows.followSymbol(id, symbol, following);
      return { symbol, followedByMe: following };
    },
  );

  app.get<{ Params: { symbol: string } }>(
    '/api/community/symbols/:symbol/posts',
    user,
    async (request, reply): Promise<CommunitySymbolPosts> => {
      const { id } = await requireUser(auth, request);
      reply.header('cache-control', 'no-store');
      const { cursor } = parseInput(pageQuerySchema, request.query);
      const symbol = await knownSymbol(request.params.symbol);
      const [page, followedByMe] = await Promise.all([
        store.feed(id, { kind: 'symbol', symbol }, cursor),
        social.follows.followsSymbol(id, symbol),
      ]);
      return { symbol, followedByMe, posts: page.posts, nextCursor: page.nextCursor };
    },
  );

  app.get('/api/community/feed/new', user, async (request, reply): Promise<CommunityNewPosts> => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    const { tab, after, mark } = parseInput(newPostsQuerySchema, request.query);
    if (after === undefined) return { count: 0, ids: [] };
    const ids = await newPosts.count(id, tab, after, mark);
    return { count: ids.length, ids };
  });

  app.get('/api/community/updates', user, async (request, reply): Promise<CommunityUpdates> => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    const { cursor } = parseInput(pageQuerySchema, request.query);
    return updatesOf(social.db, store, id, cursor);
  });
};
