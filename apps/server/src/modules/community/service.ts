import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { MarketService } from '../../market-data/index.ts';
import type { Auth } from '../auth/auth.ts';
import { CommunityStore } from './community-store.ts';
import { communityRoutes } from './routes.ts';

export interface CommunityOptions {
  auth: Auth;
  db: Db;
  clock: Clock;
  market: MarketService;
}

/** The community: profiles, posts, replies, likes and reports (docs/PRODUCT.md, "Community"). */
export async function registerCommunity(
  app: FastifyInstance,
  { auth, db, clock, market }: CommunityOptions,
): Promise<CommunityStore> {
  const store = new CommunityStore(db, clock);
  await app.register(communityRoutes, { auth, store, market });
  return store;
}
