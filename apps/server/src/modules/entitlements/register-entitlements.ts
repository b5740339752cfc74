import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../auth/auth.ts';
import { entitlementRoutes } from './routes.ts';
import {
  createEntitlementService,
  type EntitlementService,
  planChangedChannel,
} from './service.ts';
import { forgetUsageBefore } from './usage-counter.ts';

/** Usage counts are kept this long: the longest quota period is a month. */
const usageKeptMs = 90 * 24 * 3600 * 1000;
const pruneIntervalMs = 60 * 60 * 1000;

/**
 * Entitlements for every module, `GET /api/me/usage`, plans remembered until the database
 * announces a change, and an hourly clean-up of old counts.
 */
export async function registerEntitlements(
  app: FastifyInstance,
  options: { auth: Auth; database: Database; clock: Clock },
): Promise<EntitlementService> {
  const { database, clock } = options;
  const { db } = database;
  const entitlements = createEntitlementService({ db, clock });
  // Every instance forgets a user's remembered plan the moment it changes, wherever it changed.
  const unlisten = await database.listen(planChangedChannel, (userId) =>
    entitlements.forgetTier(userId),
  );
  const unrestored = database.onListenRestored(() => entitlements.forgetTiers());
  app.addHook('onClose', async () => {
    unrestored();
    await unlisten();
  });
  await app.register(entitlementRoutes, { auth: options.auth, entitlements });

  app.scheduler.every('usage clean-up', pruneIntervalMs, () =>
    forgetUsageBefore(db, new Date(clock().getTime() - usageKeptMs)),
  );
  return entitlements;
}
