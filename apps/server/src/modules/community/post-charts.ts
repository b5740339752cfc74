import {
  communityRules,
  entitlementsFor,
  type PostChart,
  type PostChartRange,
} from '@tickerwise/shared';
import type { HistoryService, MarketService } from '../../market-data/index.ts';
import { refusals } from './community-rules.ts';

/** The chart snapshot of a symbol's range, as of now: what a new post stores with it. */
export type ChartSnapshots = (symbol: string, range: PostChartRange) => Promise<PostChart>;

/**
 * Every `count`th of the points, evenly, always keeping the first and the last: a year of
 * closes drawn at a post's width loses nothing a reader could see.
 */
export function thinned<T>(points: readonly T[], count: number): T[] {
  if (points.length <= count) return [...points];
  const last = points.length - 1;
  return Array.from(
    { length: count },
    (_, index) => points[Math.round((index * last) / (count - 1))]!,
  );
}

/**
 * Snapshots drawn from the stored daily bars (ADR 0058), up to the last session every plan may
 * see (a post is read on every plan, and a delayed plan must not see a close early through
 * it). Read before the post's transaction, so a history brought up to date from its source
 * never holds the author's lock or a database connection of the write.
 */
export function chartSnapshots(history: HistoryService, market: MarketService): ChartSnapshots {
  const everyPlan = entitlementsFor('free').marketData;
  return async (symbol, range) => {
    const series = await history.range(symbol, range, market.lastSessionFor(everyPlan));
    const points = thinned(
      series.bars.map((bar) => ({ date: bar.date, close: bar.close })),
      communityRules.chartMaxPoints,
    );
    const last = points.at(-1);
    if (points.length < 2 || !last) throw refusals.chartUnavailable(symbol);
    return { symbol, range, points, source: series.source, asOf: last.date };
  };
}
