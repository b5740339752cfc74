import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { MarketData } from '../../market-data/index.ts';
import type { Auth } from '../auth/auth.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { AlertStore } from './alert-store.ts';
import { BarAlerts, type IndicatorSource } from './bar-alerts.ts';
import { keepAlertBars, keepAlertBarsEveryMs } from './bar-keeper.ts';
import { EarningsAlerts, earningsAlertsEveryMs } from './earnings-alerts.ts';
import { QuoteAlerts } from './quote-alerts.ts';
import { alertRoutes } from './routes.ts';

export interface AlertsOptions {
  auth: Auth;
  /** The app's clock (the market's time comes from `marketData.now`). */
  clock: Clock;
  database: Database;
  room: Pick<EntitlementService, 'requireEntitlement' | 'requireRoomFor'>;
  marketData: MarketData;
  /**
   * Reads SMA 50 and 200, RSI 14 and the technical rating on bars (the analyst's indicators);
   * without it only price and day-change alerts can be set.
   */
  indicators?: IndicatorSource;
  /** Keep the quotes of alert symbols fresh from this instance (the background jobs' switch). */
  keepQuotes: boolean;
}

export interface Alerts {
  store: AlertStore;
  quotes: QuoteAlerts;
  bars: BarAlerts | undefined;
  /** Undefined when the server has no earnings calendar (offline). */
  earnings: EarningsAlerts | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    alerts: Alerts;
  }
}

/**
 * Custom alerts (docs/PRODUCT.md §3.22): the routes, this instance's book of armed quote alerts (checked on every
 * quote the market service takes in), the bar alerts checked after the daily refresh, the
 * scheduled pass that keeps alert symbols' daily bars, and the hourly check of earnings alerts
 * against the earnings calendar.
 */
export async function registerAlerts(
  app: FastifyInstance,
  { auth, clock, database, room, marketData, indicators, keepQuotes }: AlertsOptions,
): Promise<Alerts> {
  const { market, history, research } = marketData;
  const log = app.log;
  const store = new AlertStore({
    db: database.db,
    clock,
    room,
    lastBarDate: async (symbol) => (await history.state(symbol)).asOf,
    barAlerts: indicators !== undefined,
    earningsAlerts: research.offersEarnings,
  });
  // The market's time (the app clock unless a simulated market runs at another instant), so
  // the session alerts judge is the one the screens show (docs/PRODUCT.md §7.6).
  const now = marketData.now;
  const quotes = new QuoteAlerts({ database, store, log, now });
  const bars = indicators ? new BarAlerts({ store, history, indicators, log, now }) : undefined;
  const earnings = research.offersEarnings
    ? new EarningsAlerts({
        store,
        // The kept earnings the stock page shows: the source is asked at most every six hours.
        nextReport: async (symbol) => (await research.earnings(await market.security(symbol))).next,
        today: () => research.today(),
        now,
        log,
      })
    : undefined;
  // Symbols with armed quote alerts are kept fresh by the market's scheduler, nobody watching.
  marketData.standing.add('alert', async () => {
    const counts = new Map<string, number>();
    for (const symbol of quotes.book.symbolsWithAlerts()) counts.set(symbol, 1);
    return counts;
  });
  const stopQuotes = market.onQuote((symbol, quote) => {
    void quotes.onQuote(symbol, quote);
  });
  const stopSessions = history.onSessionStored(async () => {
    await bars?.checkAll();
  });
  app.addHook('onReady', async () => {
    await quotes.start();
    if (keepQuotes) {
      app.scheduler.every(
        'alert bars',
        keepAlertBarsEveryMs,
        () => keepAlertBars({ history, barSymbols: () => store.symbolsWithBarAlerts(), log }),
        { runAtStart: true },
      );
      if (earnings) {
        app.scheduler.every('earnings alerts', earningsAlertsEveryMs, () => earnings.checkAll(), {
          runAtStart: true,
        });
      }
    }
  });
  app.addHook('preClose', async () => {
    stopQuotes();
    stopSessions();
    await quotes.stop();
  });
  await app.register(alertRoutes, { auth, store, market, now });
  const alerts = { store, quotes, bars, earnings };
  app.decorate('alerts', alerts);
  return alerts;
}
