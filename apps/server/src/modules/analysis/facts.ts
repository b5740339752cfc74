import { createHash } from 'node:crypto';
import {
  type DailyBar,
  type DataSource,
  emptyKeyMetrics,
  type FundamentalCheck,
  type KeyFigures,
  type KeyMetrics,
  type SecurityType,
  type TechnicalRating,
} from '@tickerwise/shared';
import { runFundamentalChecks } from './fundamental-checks.ts';
import { computeKeyFigures } from './key-figures.ts';
import { rateTechnicals } from './technical-rating.ts';

/** Who the facts are about. */
export interface SecurityIdentity {
  symbol: string;
  name: string;
  type: SecurityType;
  sector: string | null;
  industry: string | null;
}

/** The company data the checklist reads, with where and when it came from. */
export interface CompanyFacts {
  metrics: KeyMetrics;
  source: DataSource;
  asOf: string;
}

/**
 * Everything an analysis may say, computed before a word is written: the technical rating,
 * the key figures and the fundamentals checklist, with where the data came from. Writers
 * use these facts and nothing else.
 */
export interface AnalysisFacts {
  security: SecurityIdentity;
  /** The trading day of the newest bar. */
  dataDate: string;
  priceSource: DataSource;
  rating: TechnicalRating;
  figures: KeyFigures;
  checks: FundamentalCheck[];
  /** Null when no company data is stored (the checklist is then all "not available"). */
  company: CompanyFacts | null;
}

export interface FactsInput {
  security: SecurityIdentity;
  /** Oldest first; at least one bar. */
  bars: readonly DailyBar[];
  priceSource: DataSource;
  /** The benchmark's (SPY's) bars, or null when none are stored. */
  benchmarkBars: readonly DailyBar[] | null;
  company: CompanyFacts | null;
}

export function buildFacts(input: FactsInput): AnalysisFacts {
  const last = input.bars.at(-1);
  if (!last) throw new Error('buildFacts needs at least one bar');
  return {
    security: input.security,
    dataDate: last.date,
    priceSource: input.priceSource,
    rating: rateTechnicals(input.bars),
    figures: computeKeyFigures(input.bars, input.benchmarkBars),
    checks: runFundamentalChecks(input.company?.metrics ?? emptyKeyMetrics),
    company: input.company,
  };
}

/** Changes whenever anything a writer could say changes; part of a stored analysis's key. */
export function factsHash(facts: AnalysisFacts): string {
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 32);
}
