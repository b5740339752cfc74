import type { CompanyProfile, KeyMetrics } from '@tickerwise/shared';
import { emptyKeyMetrics, type StockSymbol, stockSymbols } from '@tickerwise/shared';
import type { ListedSymbol } from '../../reference/universe.ts';
import { hash, randomStream } from './random.ts';
import { simulatedLevel } from './simulated-level.ts';
import { stockFundamentals } from './stock-fundamentals.ts';

/** Plausible ranges per sector: P/E, dividend yield (%), gross margin (%). */
const sectorRanges: Record<
  string,
  { pe: [number, number]; yield: [number, number]; gross: [number, number] }
> = {
  'Information Technology': { pe: [22, 45], yield: [0, 1.2], gross: [50, 78] },
  'Communication Services': { pe: [15, 32], yield: [0, 3], gross: [40, 65] },
  'Consumer Discretionary': { pe: [15, 40], yield: [0, 2], gross: [25, 50] },
  'Consumer Staples': { pe: [16, 26], yield: [1.8, 3.8], gross: [25, 45] },
  Energy: { pe: [8, 16], yield: [2.5, 5.5], gross: [20, 45] },
  Financials: { pe: [9, 18], yield: [1, 4], gross: [40, 70] },
  'Health Care': { pe: [15, 35], yield: [0, 2.8], gross: [35, 75] },
  Industrials: { pe: [16, 30], yield: [0.8, 2.8], gross: [20, 40] },
  Materials: { pe: [12, 24], yield: [1.5, 3.5], gross: [20, 40] },
  'Real Estate': { pe: [25, 45], yield: [2.8, 5.5], gross: [55, 75] },
  Utilities: { pe: [14, 22], yield: [2.8, 4.8], gross: [30, 50] },
};
const defaultRanges = {
  pe: [14, 28] as [number, number],
  yield: [0.5, 2.5] as [number, number],
  gross: [30, 55] as [number, number],
};

/** Return on equity (%): book value per share follows from it and the EPS. */
const returnOnEquity: [number, number] = [8, 32];
/** The smallest yield a dividend payer has (%), and the chance a company pays none. */
const minimumYield = 0.3;
const noDividendChance = 0.4;

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

function isTracked(symbol: string): symbol is StockSymbol {
  return (stockSymbols as readonly string[]).includes(symbol);
}

export interface SimulatedCompany {
  profile: CompanyProfile;
  metrics: KeyMetrics;
}

/**
 * Company figures for the offline provider, seeded per symbol. A company's share count and
 * its per-share earnings, sales, book value and dividend are set at its simulated level
 * (simulated-level.ts), as a real company's change only with its reports; the
 * ratios follow from the price they are computed at: market cap = shares x price,
 * P/E = price / EPS, P/B and P/S from book value and sales per share, dividend yield =
 * dividend / price, payout = dividend / EPS. The product's five tracked stocks keep their
 * fixed market cap and P/E; their share count and EPS follow from those. The 52-week range
 * and the beta are not drawn: they are read from the bars (company-service.ts, §7.2).
 */
export function simulatedCompany(listing: ListedSymbol, price: number): SimulatedCompany {
  const { profile, basis, dividendYieldPercent } = simulatedBasis(listing, price);
  if (!basis) {
    return { profile, metrics: { ...emptyMetrics, dividendYieldPercent } };
  }
  const { shares, eps, salesPerShare, bookPerShare, dividendPerShare, tracked } = basis;
  return {
    profile: { ...profile, sharesOutstanding: shares },
    metrics: {
      marketCap: tracked?.marketCap ?? round(shares * price, 0),
      peRatio: tracked?.peRatio ?? round(price / eps, 1),
      pbRatio: round(price / bookPerShare),
      psRatio: round(price / salesPerShare),
      eps: round(eps),
      dividendYieldPercent: round((dividendPerShare / price) * 100),
      payoutRatioPercent: round((dividendPerShare / eps) * 100),
      beta: null,
      yearHigh: null,
      yearLow: null,
      grossMarginPercent: round(basis.grossMargin),
      operatingMarginPercent: round(basis.operatingMargin),
      netMarginPercent: round(basis.netMargin),
      roePercent: round((eps / bookPerShare) * 100),
      revenueGrowthPercent: round(basis.revenueGrowth),
      epsGrowthPercent: round(basis.epsGrowth),
      revenueGrowth5yPercent: round(basis.revenueGrowth5y),
      debtToEquity: round(basis.debtToEquity),
      currentRatio: round(basis.currentRatio),
    },
  };
}

/**
 * The unrounded figures a simulated company's key statistics are read from, and its
 * simulated financial statements are built on (statements.ts), so the two agree (§7.2).
 * Growth and margins in percent; per-share figures in dollars.
 */
export interface CompanyBasis {
  shares: number;
  /** Trailing twelve months. */
  eps: number;
  salesPerShare: number;
  bookPerShare: number;
  dividendPerShare: number;
  grossMargin: number;
  operatingMargin: number;
  netMargin: number;
  revenueGrowth: number;
  epsGrowth: number;
  revenueGrowth5y: number;
  debtToEquity: number;
  currentRatio: number;
  tracked: { marketCap: number; peRatio: number } | undefined;
}

/** A company's basis (null for a fund, which has only a dividend yield), seeded per symbol. */
export function simulatedBasis(
  listing: ListedSymbol,
  price: number,
): { profile: CompanyProfile; basis: CompanyBasis | null; dividendYieldPercent: number | null } {
  const random = randomStream(hash(`${listing.symbol}:company`));
  const between = ([low, high]: [number, number]) => low + (high - low) * random();
  const profile: CompanyProfile = {
    symbol: listing.symbol,
    name: listing.name,
    type: listing.type,
    exchange: listing.exchange,
    sector: listing.sector,
    industry: listing.industry,
    country: 'US',
    currency: 'USD',
    website: null,
    ipoDate: null,
    sharesOutstanding: null,
  };
  // Drawn and set aside, so that every figure drawn after it keeps its seeded value.
  between([0.6, 1.6]);
  if (listing.type === 'etf') {
    const income =
      listing.sector === 'Bonds'
        ? [2.5, 4.8]
        : listing.sector === 'Commodities'
          ? [0, 0]
          : [0.8, 3];
    return {
      profile,
      basis: null,
      dividendYieldPercent: round(between(income as [number, number])),
    };
  }
  const ranges = sectorRanges[listing.sector ?? ''] ?? defaultRanges;
  const tracked = isTracked(listing.symbol) ? stockFundamentals[listing.symbol] : undefined;
  // The tracked five's figures are fixed whatever the price, so theirs are set at the price.
  const level = tracked
    ? { price, marketCap: tracked.marketCap }
    : simulatedLevel(listing.symbol, listing.type);
  const shares = Math.round((level.marketCap ?? 0) / level.price);
  const eps = level.price / (tracked?.peRatio ?? between(ranges.pe));
  // Each margin is a share of the one above it: gross >= operating >= net.
  const grossMargin = between(ranges.gross);
  const operatingMargin = grossMargin * between([0.3, 0.75]);
  const netMargin = operatingMargin * between([0.55, 0.85]);
  const salesPerShare = eps / (netMargin / 100);
  const bookPerShare = eps / (between(returnOnEquity) / 100);
  // Where a sector's yields start at nothing, some of its companies pay no dividend at all.
  const [lowYield, highYield] = ranges.yield;
  const paysNothing = lowYield === 0 && random() < noDividendChance;
  const dividendYield = paysNothing ? 0 : between([Math.max(lowYield, minimumYield), highYield]);
  const dividendPerShare = (level.price * dividendYield) / 100;
  const revenueGrowth = between([-6, 22]);
  const epsGrowth = between([-12, 30]);
  const revenueGrowth5y = between([-2, 18]);
  const debtToEquity = between([0.1, 2.2]);
  const currentRatio = between([0.8, 2.8]);
  return {
    profile,
    dividendYieldPercent: null,
    basis: {
      ...{ shares, eps, salesPerShare, bookPerShare, dividendPerShare },
      ...{ grossMargin, operatingMargin, netMargin, revenueGrowth, epsGrowth, revenueGrowth5y },
      ...{ debtToEquity, currentRatio },
      tracked: tracked && { marketCap: tracked.marketCap, peRatio: tracked.peRatio },
    },
  };
}

export const emptyMetrics: KeyMetrics = emptyKeyMetrics;
