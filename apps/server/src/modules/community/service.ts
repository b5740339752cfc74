import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { HistoryService, MarketService } from '../../market-data/index.ts';
import type { Auth } from '../auth/auth.ts';
import type { ChangeBus } from '../realtime/index.ts';
import { Blocks } from './blocks.ts';
import { CommunityStore } from './community-store.ts';
import { FollowStore } from './follows.ts';
import type { HeldSymbols } from './holdings.ts';
import { MessageStore } from './messages.ts';
import { MessageModeration } from './messages-moderation.ts';
import { messageRoutes } from './messages-routes.ts';
import { Moderation } from './moderation.ts';
import { moderationRoutes } from './moderation-routes.ts';
import { PostAnnouncements } from './post-announcements.ts';
import { chartSnapshots } from './post-charts.ts';
import { PumpGuard } from './pump-guard.ts';
import { communityRoutes } from './routes.ts';
import { socialRoutes } from './social-routes.ts';
import { defaultWriteSlots, type WriteSlotLimits, WriteSlots } from './write-slots.ts';

export interface CommunityOptions {
  auth: Auth;
  db: Db;
  clock: Clock;
  market: MarketService;
  /** Stored daily closes, for the chart snapshots posts carry. */
  history: HistoryService;
  /** The symbols a user's real portfolios hold now, for verified holdings on posts. */
  heldSymbols: HeldSymbols;
  /** Posts and replies written at once on this instance, and how long the rest wait (ADR 0059). */
  writeSlots?: WriteSlotLimits | undefined;
  /** The live streams' change bus: new posts are announced through it, per reader (ADR 0076). */
  changes: ChangeBus;
}

/** How often an instance forgets the pump guard's hours it no longer reads. */
const pumpHoursPruneMs = 3_600_000;

/** The community: profiles, posts, replies, likes and reports (docs/PRODUCT.md, "Community"). */
export async function registerCommunity(
  app: FastifyInstance,
  { auth, db, clock, market, history, heldSymbols, writeSlots, changes }: CommunityOptions,
): Promise<CommunityStore> {
  const store = new CommunityStore(db, clock);
  const announcements = new PostAnnouncements({
    store,
    bus: changes,
    onError: (error) => app.log.warn({ err: error }, 'could not announce new community posts'),
  });
  app.addHook('onClose', async () => announcements.stop());
  const social = { db, follows: new FollowStore(db), heldSymbols };
  // Safety and moderation: the queue, suspensions, appeals, blocks and the pump guard (ADR 0042).
  const moderation = new Moderation(db, clock, new PumpGuard(db));
  const charts = chartSnapshots(history, market);
  await app.register(communityRoutes, {
    auth,
    store,
    market,
    social,
    moderation,
    charts,
    writeSlots: new WriteSlots(writeSlots ?? defaultWriteSlots),
  });
  await app.register(socialRoutes, { auth, store, market, social });
  await app.register(moderationRoutes, { auth, moderation, blocks: new Blocks(db, clock) });
  // Direct messages between two members (ADR 0049); a suspension stops them too.
  await app.register(messageRoutes, {
    auth,
    messages: new MessageStore(db, clock, (userId) => moderation.assertMayWrite(userId)),
    messageModeration: new MessageModeration(db, clock),
    moderation,
  });
  app.scheduler.every('pump guard clean-up', pumpHoursPruneMs, () => moderation.prune());
  return store;
}
