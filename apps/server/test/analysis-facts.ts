import type { KeyMetrics } from '@tickerwise/shared';
import { type AnalysisFacts, buildFacts } from '../src/modules/analysis/facts.ts';
import { randomWalkBars } from './daily-bars.ts';

/** Company figures of a large, profitable company, for tests. */
export const sampleMetrics: KeyMetrics = {
  marketCap: 2_946_000_000_000,
  peRatio: 28.4,
  pbRatio: 45.1,
  psRatio: 7.6,
  eps: 6.43,
  dividendYieldPercent: 0.52,
  payoutRatioPercent: 15.2,
  beta: 1.2,
  yearHigh: 237.49,
  yearLow: 164.08,
  grossMarginPercent: 45.9,
  operatingMarginPercent: 30.1,
  netMarginPercent: 25.3,
  roePercent: 150.2,
  revenueGrowthPercent: 2.1,
  epsGrowthPercent: 10.4,
  revenueGrowth5yPercent: 8.5,
  debtToEquity: 1.87,
  currentRatio: 0.99,
};

export interface SampleFactsOptions {
  seed?: number;
  drift?: number;
  count?: number;
  metrics?: KeyMetrics | null;
  source?: 'simulated' | 'finnhub';
}

/** Facts for a stock from a seeded random walk of five years, against a seeded SPY. */
export function sampleFacts(options: SampleFactsOptions = {}): AnalysisFacts {
  const bars = randomWalkBars({
    count: options.count ?? 1260,
    seed: options.seed ?? 42,
    drift: options.drift ?? 0.0003,
  });
  const benchmark = randomWalkBars({ count: 1260, seed: 500, drift: 0.0004, volatility: 0.01 });
  const source = options.source ?? 'simulated';
  const metrics = options.metrics === undefined ? sampleMetrics : options.metrics;
  return buildFacts({
    security: {
      symbol: 'AAPL',
      name: 'Apple Inc.',
      type: 'stock',
      sector: 'Information Technology',
      industry: 'Technology Hardware, Storage & Peripherals',
    },
    bars,
    priceSource: source,
    benchmarkBars: benchmark,
    company: metrics && {
      metrics,
      source,
      asOf: bars.at(-1)?.date ?? '2024-01-01',
    },
  });
}
