import {
  type Alert,
  describeAlertCondition,
  type WatchlistRow,
  type WatchlistSummary,
} from '@tickerwise/shared';
import {
  addDays,
  type HistoryService,
  type MarketService,
  type MarketViewer,
  type SymbolDirectory,
} from '../../market-data/index.ts';
import type { IndicatorSource } from '../alerts/service.ts';

/** Bars read for the sparkline alone: a month of trading days. */
const sparklineBars = 31;
/**
 * Figures kept per symbol: the latest session's and the one before, which a delayed plan sees
 * in the minutes after a close.
 */
const keptPerSymbol = 2;

interface BarFigures {
  /** The stored bars' version and the day the figures stop at. */
  key: string;
  sparkline: WatchlistRow['sparkline'];
  rating: string | null;
  ratingAsOf: string | null;
}

export interface WatchlistRowsDeps {
  market: MarketService;
  history: HistoryService;
  directory: SymbolDirectory;
  /** The analyst's technical readings; without them the rating column stays empty. */
  indicators?: IndicatorSource;
}

/**
 * The rows of a watchlist table: name, quote, a month of closes and the technical rating per
 * symbol. Figures from stored bars are worked out once per change of the symbol's bars and
 * the day they stop at, and shared by every user whose plan sees that day (a delayed plan sees
 * a day's close late); quotes come from the market service's shared cache.
 */
export class WatchlistRows {
  /** Per symbol, newest first. */
  private readonly barFigures = new Map<string, BarFigures[]>();

  constructor(private readonly deps: WatchlistRowsDeps) {}

  /** The rows, each price as `viewer`'s plan may see it. */
  async rows(
    list: WatchlistSummary,
    alerts: readonly Alert[],
    viewer: MarketViewer,
  ): Promise<WatchlistRow[]> {
    return Promise.all(list.symbols.map((symbol) => this.row(symbol, alerts, viewer)));
  }

  private async row(
    symbol: string,
    alerts: readonly Alert[],
    viewer: MarketViewer,
  ): Promise<WatchlistRow> {
    const { market, directory } = this.deps;
    const [security, reading, figures] = await Promise.all([
      directory.find(symbol),
      market.quoteFor(viewer, symbol).catch(() => undefined),
      this.figuresOf(symbol, market.lastSessionFor(viewer)).catch(() => undefined),
    ]);
    const quote = reading && reading.quote.price > 0 ? reading.quote : undefined;
    return {
      symbol,
      name: security?.name ?? symbol,
      type: security?.type ?? 'stock',
      price: quote ? Math.round(quote.price * 100) / 100 : null,
      change:
        quote && quote.previousClose > 0
          ? Math.round(((quote.price - quote.previousClose) / quote.previousClose) * 10_000) / 100
          : null,
      delayed: reading?.delayed ?? viewer.kind === 'delayed',
      delayMinutes: reading?.delayMinutes ?? (viewer.kind === 'delayed' ? viewer.delayMinutes : 0),
      stale: reading?.stale ?? true,
      quotedAt: reading && quote ? new Date(reading.asOf).toISOString() : null,
      sparkline: figures?.sparkline ?? [],
      rating: figures?.rating ?? null,
      ratingAsOf: figures?.ratingAsOf ?? null,
      alerts: alerts
        .filter((alert) => alert.symbol === symbol)
        .map((alert) => ({
          id: alert.id,
          summary: describeAlertCondition(alert.condition),
          state: alert.state,
        })),
    };
  }

  /** The sparkline and rating on the stored bars up to `lastSession`, the viewer's last day. */
  private async figuresOf(symbol: string, lastSession: string): Promise<BarFigures> {
    const { history, indicators } = this.deps;
    const state = await history.state(symbol);
    const through = state.asOf !== null && state.asOf < lastSession ? state.asOf : lastSession;
    const key = `${state.version}|${through}`;
    const kept = this.barFigures.get(symbol) ?? [];
    const known = kept.find((entry) => entry.key === key);
    if (known) return known;
    const { bars } = await history.recentBars(
      symbol,
      Math.max(sparklineBars, indicators?.barsPerReading ?? 0),
      through,
    );
    const last = bars.at(-1);
    const since = addDays(last?.date ?? '1970-01-01', -30);
    // The analyst's rating of the same bars: computed once, shared with its analysis page.
    const rating = indicators && last ? indicators.read(symbol, bars).rating : null;
    const figures: BarFigures = {
      key,
      sparkline: bars
        .filter((bar) => bar.date >= since)
        .map((bar) => ({ date: bar.date, close: bar.close })),
      rating,
      ratingAsOf: rating ? (last?.date ?? null) : null,
    };
    const others = (this.barFigures.get(symbol) ?? []).filter((entry) => entry.key !== key);
    this.barFigures.set(symbol, [figures, ...others].slice(0, keptPerSymbol));
    return figures;
  }
}
