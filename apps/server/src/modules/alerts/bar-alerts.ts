import { type AlertCondition, barAlertKinds } from '@tickerwise/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { alertBarChecks, alerts } from '../../db/schema/index.ts';
import type { BarSeries, HistoryService, MarketLog } from '../../market-data/index.ts';
import { type FiredAlert, type FiringCandidate, fireAlerts } from './alert-firing.ts';
import { conditionOf } from './alert-rows.ts';
import type { AlertStore } from './alert-store.ts';

export type StoredBars = BarSeries['bars'];

/** The indicators bar alerts watch, read on the last of the bars given. */
export interface IndicatorReading {
  close: number;
  sma50: number | null;
  sma200: number | null;
  rsi14: number | null;
  /** Technical rating label, or null before there are enough bars. */
  rating: string | null;
}

/**
 * Reads the indicators on the last of a symbol's `bars` (oldest first): the analyst's
 * technical readings, shared with its analyses and the watchlist table.
 */
export type IndicatorReader = (symbol: string, bars: StoredBars) => IndicatorReading;

export interface IndicatorSource {
  read: IndicatorReader;
  /** Bars a reading is taken on, ending with its day: the same as the analyst's rating. */
  barsPerReading: number;
}

/** New bars one check looks back on at most (a refresh that missed days catches up). */
const newBarsPerCheck = 30;

/**
 * Whether a bar alert's condition holds on a bar, given the bar before it. Crosses compare the
 * two: the close goes from at-or-below (at-or-above) the average to strictly above (below) it.
 * A level is met when the reading is at or past it. A rating alert waits for a change to its
 * label.
 */
export function barConditionMet(
  condition: AlertCondition,
  before: IndicatorReading,
  now: IndicatorReading,
): boolean {
  switch (condition.kind) {
    case 'crosses_above_sma':
    case 'crosses_below_sma': {
      const key = condition.period === 50 ? 'sma50' : 'sma200';
      const averageBefore = before[key];
      const averageNow = now[key];
      if (averageBefore === null || averageNow === null) return false;
      return condition.kind === 'crosses_above_sma'
        ? before.close <= averageBefore && now.close > averageNow
        : before.close >= averageBefore && now.close < averageNow;
    }
    case 'rsi_above':
      return now.rsi14 !== null && now.rsi14 >= condition.level;
    case 'rsi_below':
      return now.rsi14 !== null && now.rsi14 <= condition.level;
    case 'rating_becomes':
      return (
        now.rating === condition.rating &&
        before.rating !== null &&
        before.rating !== condition.rating
      );
    default:
      return false;
  }
}

function figuresOf(condition: AlertCondition, reading: IndicatorReading, date: string, at: Date) {
  const base = { price: reading.close, at, barDate: date };
  switch (condition.kind) {
    case 'crosses_above_sma':
    case 'crosses_below_sma': {
      const average = condition.period === 50 ? reading.sma50 : reading.sma200;
      return { figures: { ...base, average: average ?? undefined }, value: average };
    }
    case 'rsi_above':
    case 'rsi_below':
      return { figures: { ...base, rsi: reading.rsi14 ?? undefined }, value: reading.rsi14 };
    default:
      return { figures: { ...base, rating: reading.rating ?? undefined }, value: null };
  }
}

export interface BarAlertsOptions {
  store: AlertStore;
  history: HistoryService;
  indicators: IndicatorSource;
  log: MarketLog;
  now?: () => number;
}

/**
 * Checks the moving-average, RSI and rating alerts (docs/PRODUCT.md §3.22) on each new daily bar, after the daily
 * refresh stored the session. Every bar since the symbol's last check is looked at in order (a
 * day the refresh missed is not skipped); the claim on the symbol's check row and the firings
 * are one transaction, so each bar is checked once across instances.
 */
export class BarAlerts {
  private readonly now: () => number;

  constructor(private readonly options: BarAlertsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Checks every symbol with an armed bar alert (the daily refresh's listener). */
  async checkAll(): Promise<FiredAlert[]> {
    const fired: FiredAlert[] = [];
    for (const symbol of await this.options.store.symbolsWithBarAlerts()) {
      try {
        fired.push(...(await this.checkSymbol(symbol)));
      } catch (error) {
        this.options.log.warn({ symbol, err: error }, 'bar alerts could not be checked');
      }
    }
    return fired;
  }

  async checkSymbol(symbol: string): Promise<FiredAlert[]> {
    const { read, barsPerReading } = this.options.indicators;
    const { bars } = await this.options.history.recentBars(
      symbol,
      barsPerReading + newBarsPerCheck,
    );
    const last = bars.at(-1);
    if (!last || bars.length < 2) return [];
    const at = new Date(this.now());
    return this.options.store.db.transaction(async (tx) => {
      await tx
        .insert(alertBarChecks)
        .values({ symbol, checkedThrough: bars.at(-2)!.date })
        .onConflictDoNothing();
      const [check] = await tx
        .select()
        .from(alertBarChecks)
        .where(eq(alertBarChecks.symbol, symbol))
        .for('update');
      const firstNew = Math.max(
        1,
        bars.findIndex((bar) => bar.date > check!.checkedThrough),
      );
      if (bars[firstNew]!.date <= check!.checkedThrough) return [];
      await tx
        .update(alertBarChecks)
        .set({ checkedThrough: last.date })
        .where(eq(alertBarChecks.symbol, symbol));
      const armed = await tx
        .select()
        .from(alerts)
        .where(
          and(
            eq(alerts.symbol, symbol),
            eq(alerts.state, 'armed'),
            inArray(alerts.kind, [...barAlertKinds]),
          ),
        );
      if (armed.length === 0) return [];

      const readings = new Map<number, IndicatorReading>();
      const readingAt = (index: number) => {
        let reading = readings.get(index);
        if (!reading) {
          // The same run of bars the analyst rates that day on: read once, shared.
          reading = read(symbol, bars.slice(Math.max(0, index + 1 - barsPerReading), index + 1));
          readings.set(index, reading);
        }
        return reading;
      };
      const byDay = new Map<string, FiringCandidate[]>();
      for (const alert of armed) {
        const condition = conditionOf(alert);
        // The latest new bar that meets it: one firing however many bars were missed.
        for (let index = bars.length - 1; index >= firstNew; index -= 1) {
          const date = bars[index]!.date;
          if (alert.repeat === 'daily' && alert.lastFiredDay && alert.lastFiredDay >= date) break;
          if (!barConditionMet(condition, readingAt(index - 1), readingAt(index))) continue;
          const candidates = byDay.get(date) ?? [];
          candidates.push({ id: alert.id, ...figuresOf(condition, readingAt(index), date, at) });
          byDay.set(date, candidates);
          break;
        }
      }
      const fired: FiredAlert[] = [];
      for (const [day, candidates] of byDay) {
        fired.push(...(await fireAlerts(tx, candidates, day, at, this.options.store.clock())));
      }
      return fired;
    });
  }
}
