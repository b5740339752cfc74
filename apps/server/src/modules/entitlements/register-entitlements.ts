import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { repeatWhileUp } from '../../lifecycle/repeat-while-up.ts';
import type { Auth } from '../auth/auth.ts';
import { entitlementRoutes } from './routes.ts';
import { createEntitlementService, type EntitlementService } from './service.ts';
import { forgetUsageBefore } from './usage-counter.ts';

/** Usage counts are kept this long: the longest quota period is a month. */
const usageKeptMs = 90 * 24 * 3600 * 1000;
const pruneIntervalMs = 60 * 60 * 1000;

/** Entitlements for every module, `GET /api/me/usage`, and an hourly clean-up of old counts. */
export async function registerEntitlements(
  app: FastifyInstance,
  options: { auth: Auth; db: Db; clock: Clock },
): Promise<EntitlementService> {
  const { db, clock } = options;
  const entitlements = createEntitlementService({ db, clock });
  await app.register(entitlementRoutes, { auth: options.auth, entitlements });

  repeatWhileUp(app, 'usage clean-up', pruneIntervalMs, () =>
    forgetUsageBefore(db, new Date(clock().getTime() - usageKeptMs)),
  );
  return entitlements;
}
