import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { MarketService } from '../../market-data/index.ts';
import type { Auth } from '../auth/auth.ts';
import { CommunityStore } from './community-store.ts';
import { FollowStore } from './follows.ts';
import type { HeldSymbols } from './holdings.ts';
import { communityRoutes } from './routes.ts';
import { socialRoutes } from './social-routes.ts';

export interface CommunityOptions {
  auth: Auth;
  db: Db;
  clock: Clock;
  market: MarketService;
  /** The symbols a user's real portfolios hold now, for verified holdings on posts. */
  heldSymbols: HeldSymbols;
}

/** The community: profiles, posts, replies, likes and reports (docs/PRODUCT.md, "Community"). */
export async function registerCommunity(
  app: FastifyInstance,
  { auth, db, clock, market, heldSymbols }: CommunityOptions,
): Promise<CommunityStore> {
  const store = new CommunityStore(db, clock);
  const social = { db, follows: new FollowStore(db), heldSymbols };
  await app.register(communityRoutes, { auth, store, market, social });
  await app.register(socialRoutes, { auth, store, market, social });
  return store;
}
