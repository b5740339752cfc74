import type { EarningsDate } from '@tickerwise/shared';
import { addDays, dayNumber, type MarketLog } from '../../market-data/index.ts';
import { type FiredAlert, type FiringCandidate, fireAlerts } from './alert-firing.ts';
import type { AlertStore } from './alert-store.ts';

/** How often the earnings calendar is judged for alerts (the research keeps it six hours). */
export const earningsAlertsEveryMs = 60 * 60_000;

/**
 * Reports of one company closer together than this are the same report moved (the calendar
 * changed its date): an every-report alert that told of it is not set off again.
 */
const sameReportDays = 30;

export interface EarningsAlertsOptions {
  store: AlertStore;
  /**
   * The company's next scheduled report, from the research's kept earnings (the answer the
   * stock page shows); null when none is known or the symbol reports none.
   */
  nextReport: (symbol: string) => Promise<EarningsDate | null>;
  /** Today's date in New York, on the market's clock. */
  today: () => string;
  /** The market's time: when the firing happened. */
  now: () => number;
  log: MarketLog;
}

/**
 * Earnings alerts (docs/PRODUCT.md §3.22): "AAPL reports in 3 days". Each armed one is judged
 * against its company's next report in the earnings calendar; when the report is `days` days
 * away or fewer it fires, once per report: the firing counts for the report's day, so the
 * single transition of `fireAlerts` (armed to fired, or the day stamped on an every-report
 * alert) holds across instances and checks.
 */
export class EarningsAlerts {
  constructor(private readonly options: EarningsAlertsOptions) {}

  /** Judges every armed earnings alert; one read of the kept earnings per symbol. */
  async checkAll(): Promise<FiredAlert[]> {
    const { store, log } = this.options;
    const armed = await store.armedEarningsAlerts();
    if (armed.length === 0) return [];
    const bySymbol = new Map<string, typeof armed>();
    for (const alert of armed) {
      const list = bySymbol.get(alert.symbol) ?? [];
      list.push(alert);
      bySymbol.set(alert.symbol, list);
    }
    const today = this.options.today();
    const at = new Date(this.options.now());
    const byReportDay = new Map<string, FiringCandidate[]>();
    for (const [symbol, alerts] of bySymbol) {
      let report: EarningsDate | null;
      try {
        report = await this.options.nextReport(symbol);
      } catch (error) {
        log.warn({ symbol, err: error }, 'earnings alerts could not be checked');
        continue;
      }
      if (!report || report.date < today) continue;
      const daysAway = dayNumber(report.date) - dayNumber(today);
      for (const alert of alerts) {
        const days = alert.period ?? 0;
        if (daysAway > days) continue;
        const toldOf = alert.lastFiredDay;
        if (toldOf && toldOf > addDays(report.date, -sameReportDays)) continue;
        const candidates = byReportDay.get(report.date) ?? [];
        candidates.push({
          id: alert.id,
          level: null,
          figures: { report, daysAway, at },
          value: null,
        });
        byReportDay.set(report.date, candidates);
      }
    }
    const fired: FiredAlert[] = [];
    for (const [day, candidates] of byReportDay) {
      fired.push(...(await fireAlerts(store.db, candidates, day, at, store.clock())));
    }
    return fired;
  }
}
