import {
  type LiveSymbolsResponse,
  liveSymbolsInputSchema,
  tickerSymbolSchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import type { MarketService } from '../../market-data/index.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { type EntitlementService, planChangedChannel } from '../entitlements/service.ts';
import type { LivePrices } from './live-prices.ts';

/** The NOTIFY channel that carries a tab's symbols to the instance holding its stream. */
export const liveSymbolsChannel = 'live_symbols';

const relayedSchema = z.object({
  streamId: z.string(),
  userId: z.string(),
  symbols: z.array(tickerSymbolSchema),
});

export interface LiveRoutesOptions {
  auth: Auth;
  database: Database;
  live: LivePrices;
  market: MarketService;
  entitlements: EntitlementService;
  /**
   * How often the plans of users with live tabs are checked again, in case an announced plan
   * change was missed.
   */
  recheckMs?: number;
}

/**
 * `PUT /api/live/symbols`: a tab says which symbols it shows, naming the stream
 * `GET /api/events` announced (`hello`); an empty list ends its live prices. Real-time plans
 * only (402 otherwise, docs/PRODUCT.md §7.5). The tab's stream may be held by another
 * instance: the symbols then reach it over NOTIFY, and the answer is 202. A plan change the
 * database announces (on whichever instance it was made) stops the user's live prices here at
 * once: none is written while the new plan is read, and a plan without real-time data gets no
 * more. Every minute, and whenever announcements may have been missed, the plans of all users
 * with live tabs are checked again.
 */
export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (
  app,
  { auth, database, live, market, entitlements, recheckMs = 60_000 },
) => {
  const unlisten = await database.listen(liveSymbolsChannel, (payload) => {
    try {
      const relayed = relayedSchema.parse(JSON.parse(payload));
      live.setSymbols(relayed.streamId, relayed.userId, relayed.symbols);
    } catch {
      app.log.warn({ payload }, 'ignored a malformed live symbols announcement');
    }
  });
  /** Ends the live prices of those of `users` whose plan has no real-time data now. */
  const endLost = async (users: Set<string>) => {
    const allowed = await entitlements.membersWith([...users], 'realtimeData');
    live.endFor(new Set([...users].filter((id) => !allowed.has(id))));
  };
  const checks = new Set<Promise<void>>();
  const check = (users: Set<string>, release = () => {}) => {
    const done = endLost(users)
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'live plans could not be checked');
        // Unsure of the plan, the user's tabs get no real-time price (they can ask again).
        live.endFor(users);
      })
      .finally(() => {
        release();
        checks.delete(done);
      });
    checks.add(done);
  };
  const checkEveryone = () => {
    const users = live.liveUsers();
    if (users.size > 0 && checks.size === 0) check(users);
  };
  const unlistenPlans = await database.listen(planChangedChannel, (userId) => {
    if (!live.liveUsers().has(userId)) return;
    check(new Set([userId]), live.hold(userId));
  });
  const unrestored = database.onListenRestored(checkEveryone);
  const recheck = app.scheduler.every('live plan recheck', recheckMs, checkEveryone);
  app.addHook('preClose', async () => {
    recheck.stop();
    unrestored();
    await unlistenPlans();
    await Promise.all(checks);
    await unlisten();
    live.stop();
  });

  app.put('/api/live/symbols', { config: { access: 'user' } }, async (request, reply) => {
    const user = await requireUser(auth, request);
    const input = parseInput(liveSymbolsInputSchema, request.body);
    const symbols = [...new Set(input.symbols)];
    if (symbols.length > 0) {
      await entitlements.requireEntitlement(user, 'realtimeData');
      const unknown = await market.unknownSymbols(symbols);
      if (unknown.length > 0) {
        throw new AppError(
          400,
          'unknown_symbol',
          `No US stock or ETF has the symbol ${unknown.slice(0, 5).join(', ')}.`,
        );
      }
    }
    const here = live.setSymbols(input.streamId, user.id, symbols);
    if (here) return { symbols: here } satisfies LiveSymbolsResponse;
    await database.notify(
      liveSymbolsChannel,
      JSON.stringify({ streamId: input.streamId, userId: user.id, symbols }),
    );
    return reply.status(202).send({ symbols } satisfies LiveSymbolsResponse);
  });
};
