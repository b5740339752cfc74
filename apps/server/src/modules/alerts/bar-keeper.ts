import type { HistoryService, MarketLog } from '../../market-data/index.ts';

export interface AlertBarKeeperOptions {
  history: HistoryService;
  /** Symbols with armed bar alerts, whose daily bars must stay stored. */
  barSymbols: () => Promise<string[]>;
  log: MarketLog;
}

/** Bar alert symbols are marked as wanted by the daily refresh this often (`app.scheduler`). */
export const keepAlertBarsEveryMs = 6 * 60 * 60_000;

/**
 * One pass keeping the daily bars of symbols with armed bar alerts stored; the app runs it on
 * its scheduler every `keepAlertBarsEveryMs`. The quotes of symbols with armed quote alerts
 * are kept fresh by the market's refresh scheduler, which has them as standing demand
 * (`register-alerts.ts`): after what users are looking at, within the provider's budget.
 */
export async function keepAlertBars(options: AlertBarKeeperOptions): Promise<void> {
  for (const symbol of await options.barSymbols()) {
    await options.history.keepFresh(symbol).catch((error: unknown) => {
      options.log.warn({ symbol, err: error }, 'bars for alerts could not be kept');
    });
  }
}
