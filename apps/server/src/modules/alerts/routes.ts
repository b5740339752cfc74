import {
  type Alert,
  type AlertCondition,
  type AlertFirings,
  type AlertList,
  type AlertSaved,
  type AlreadyMetChoice,
  alertFiringsQuerySchema,
  createAlertSchema,
  entitlementsFor,
  parseTickerSymbol,
  teamShareSchema,
  updateAlertSchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, parseInput } from '../../http/errors.ts';
import type { MarketService } from '../../market-data/index.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { tierOf } from '../profiles/service.ts';
import {
  alreadyMet,
  dayChangeNotice,
  fireAtOnce,
  latestQuote,
  reachedBy,
} from './alert-at-once.ts';
import type { AlertStore } from './alert-store.ts';

export interface AlertRoutesOptions {
  auth: Auth;
  store: AlertStore;
  market: MarketService;
  /** What time it is (the app clock). */
  now: () => number;
}

type IdParams = { Params: { id: string } };

/** 400 for an earnings alert on a fund: funds report no earnings, so it would never fire. */
async function checkReports(market: MarketService, symbol: string, condition: AlertCondition) {
  if (condition.kind !== 'earnings_within') return;
  const security = await market.security(symbol);
  if (security.type !== 'stock') {
    throw new AppError(
      400,
      'no_earnings_reports',
      `${security.symbol} is a fund: funds report no earnings, so an earnings alert would never fire.`,
    );
  }
}

export const alertRoutes: FastifyPluginAsync<AlertRoutesOptions> = async (
  app,
  { auth, store, market, now },
) => {
  /**
   * Judges an alert being set or armed against the latest price (docs/PRODUCT.md §3.22): a
   * price level already reached needs the user's choice (409 until given); a day-change alert
   * outside the session gets a notice. Says whether to wait for a crossing or fire at once.
   */
  async function judge(symbol: string, condition: AlertCondition, choice?: AlreadyMetChoice) {
    const kind = condition.kind;
    const quote =
      kind === 'price_above' ||
      kind === 'price_below' ||
      kind === 'change_up' ||
      kind === 'change_down'
        ? await latestQuote(market, symbol)
        : undefined;
    const reached = reachedBy(quote, condition);
    if (reached && !choice) throw alreadyMet(symbol, condition);
    return {
      awaitsCross: reached !== undefined && choice === 'wait_for_crossing',
      fireNow: reached !== undefined && choice === 'fire_now' ? reached : undefined,
      notice: dayChangeNotice(symbol, condition, market.marketStatus(), quote),
    };
  }

  app.get<{ Querystring: { symbol?: string } }>(
    '/api/alerts',
    { config: { access: 'user' } },
    async (request, reply): Promise<AlertList> => {
      const user = await requireUser(auth, request);
      const symbol = request.query.symbol ? parseTickerSymbol(request.query.symbol) : undefined;
      reply.header('cache-control', 'no-store');
      const [alerts, firings, tier] = await Promise.all([
        store.list(user.id, symbol),
        store.firings(user.id),
        tierOf(store.db, user.id),
      ]);
      return {
        alerts,
        firings: symbol ? firings.filter((firing) => firing.symbol === symbol) : firings,
        allowed: entitlementsFor(tier).customAlerts,
      };
    },
  );

  // The latest firings alone, for the dashboard's Recent Activity (docs/PRODUCT.md §3.22).
  app.get<{ Querystring: { limit?: string } }>(
    '/api/alerts/firings',
    { config: { access: 'user' } },
    async (request, reply): Promise<AlertFirings> => {
      const user = await requireUser(auth, request);
      const { limit } = parseInput(alertFiringsQuerySchema, request.query);
      reply.header('cache-control', 'no-store');
      return { firings: await store.firings(user.id, limit) };
    },
  );

  app.post('/api/alerts', { config: { access: 'user' } }, async (request, reply) => {
    const user = await requireUser(auth, request);
    const input = parseInput(createAlertSchema, request.body);
    await market.security(input.symbol);
    await store.requireAlerts(user.id);
    await checkReports(market, input.symbol, input.condition);
    const judged = await judge(input.symbol, input.condition, input.ifAlreadyMet);
    let alert = await store.create(user.id, input, { awaitsCross: judged.awaitsCross });
    if (judged.fireNow) {
      await fireAtOnce(store, alert.id, input.condition, judged.fireNow, now());
      alert = await store.get(user.id, alert.id);
    }
    const saved: AlertSaved = { alert, notice: judged.notice };
    return reply.status(201).send(saved);
  });

  app.get<IdParams>('/api/alerts/:id', { config: { access: 'user' } }, async (request, reply) => {
    const user = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    const alert = await store.get(user.id, request.params.id);
    return { alert, firings: await store.firingsOf(user.id, alert.id) };
  });

  app.patch<IdParams>(
    '/api/alerts/:id',
    { config: { access: 'user' } },
    async (request): Promise<AlertSaved> => {
      const user = await requireUser(auth, request);
      const current = await store.get(user.id, request.params.id);
      // A team's alert the user may only read is refused before anything is judged.
      if (current.shared) await store.requireChange(user.id, current.id);
      const input = parseInput(updateAlertSchema, request.body);
      // A team's alert is checked under the team's plan when it is saved.
      if (!current.shared) await store.requireAlerts(user.id);
      if (input.condition) await checkReports(market, current.symbol, input.condition);
      const condition = input.condition ?? current.condition;
      const rearmed = input.condition !== undefined || input.repeat !== undefined;
      const state = input.state ?? (rearmed && current.state === 'fired' ? 'armed' : current.state);
      // Judged again when the condition changes or the alert is armed again; a note or a
      // pause changes nothing of what it waits for.
      const judging =
        state === 'armed' && (input.condition !== undefined || current.state !== 'armed');
      const judged = judging
        ? await judge(current.symbol, condition, input.ifAlreadyMet)
        : undefined;
      let alert = await store.update(
        user.id,
        request.params.id,
        input,
        judged ? { awaitsCross: judged.awaitsCross } : {},
      );
      if (judged?.fireNow) {
        await fireAtOnce(store, alert.id, condition, judged.fireNow, now());
        alert = await store.get(user.id, alert.id);
      }
      return { alert, notice: judged?.notice ?? null };
    },
  );

  app.delete<IdParams>(
    '/api/alerts/:id',
    { config: { access: 'user' } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await store.delete(user, request.params.id);
      return reply.status(204).send();
    },
  );

  // Moves the alert into the user's team, or back out (docs/PRODUCT.md §3.26).
  app.put<IdParams>(
    '/api/alerts/:id/team',
    { config: { access: 'user' } },
    async (request): Promise<{ alert: Alert }> => {
      const user = await requireUser(auth, request);
      await store.get(user.id, request.params.id);
      const { shared } = parseInput(teamShareSchema, request.body);
      return { alert: await store.share(user, request.params.id, shared) };
    },
  );
};
