import { type FundHolding, type FundSectorWeight, fundHoldingsShown } from '@tickerwise/shared';
import { fundSizeBillions } from '../../reference/fund-sizes.ts';
import { type ListedSymbol, listedSymbols } from '../../reference/universe.ts';
import { hash, randomStream } from './random.ts';
import { simulatedMarketCap } from './stock-fundamentals.ts';

/** Expense ratios (percent a year) a fund of each asset class plausibly charges. */
const expenseRanges: Record<string, [number, number]> = {
  'US equity': [0.03, 0.2],
  'Sector equity': [0.08, 0.4],
  'International equity': [0.05, 0.4],
  'Thematic equity': [0.5, 0.75],
  'Real estate': [0.1, 0.4],
  Bonds: [0.03, 0.35],
  Commodities: [0.25, 0.75],
};

export interface SimulatedFund {
  expenseRatioPercent: number;
  assetsUnderManagement: number;
  holdingsCount: number | null;
  topHoldings: FundHolding[];
  sectorWeights: FundSectorWeight[];
}

const stocks = listedSymbols.filter((entry) => entry.type === 'stock');

/**
 * The stocks of the list a simulated fund holds, or none when its holdings lie outside the
 * list (bonds, commodities, foreign shares, a theme): a sector fund the sector's (or, for
 * semiconductors, the industry's), a Nasdaq-100 fund the Nasdaq-listed ones, a small or mid
 * blend the smaller half, any other US equity fund the whole list.
 */
function membersOf(fund: ListedSymbol): ListedSymbol[] {
  const focus = fund.industry ?? '';
  if (fund.sector === 'Sector equity') {
    if (focus === 'Semiconductors') {
      return stocks.filter((entry) => (entry.industry ?? '').includes('Semiconductor'));
    }
    return stocks.filter((entry) => entry.sector === focus);
  }
  if (fund.sector === 'Real estate')
    return stocks.filter((entry) => entry.sector === 'Real Estate');
  if (fund.sector !== 'US equity') return [];
  if (focus.includes('Nasdaq')) return stocks.filter((entry) => entry.exchange === 'NASDAQ');
  if (focus.startsWith('Small') || focus.startsWith('Mid')) {
    const bySize = [...stocks].sort(
      (a, b) => simulatedMarketCap(a.symbol) - simulatedMarketCap(b.symbol),
    );
    return bySize.slice(0, Math.ceil(bySize.length / 2));
  }
  return stocks;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * docs/PRODUCT.md §3.13: a fund's data in the offline market, seeded per symbol and labelled
 * simulated wherever shown: an expense ratio in its asset class's usual range, assets around
 * the fund's order of size, and holdings among the list's stocks weighted by their simulated
 * market caps (equal weights for an equal-weight fund), the sector weights those holdings
 * make. The dividend yield is not here: it is the key statistics' own.
 */
export function simulatedFund(fund: ListedSymbol): SimulatedFund {
  const random = randomStream(hash(`${fund.symbol}:fund`));
  const between = ([low, high]: [number, number]) => low + (high - low) * random();
  const expenseRatioPercent = round(between(expenseRanges[fund.sector ?? ''] ?? [0.1, 0.5]), 2);
  const size = (fundSizeBillions[fund.symbol] ?? 5) * 1e9;
  const assetsUnderManagement = round(size * between([0.85, 1.15]), -6);
  const members = membersOf(fund);
  if (members.length === 0) {
    return {
      expenseRatioPercent,
      assetsUnderManagement,
      holdingsCount: null,
      topHoldings: [],
      sectorWeights: [],
    };
  }
  const equal = (fund.industry ?? '').includes('equal weight');
  const weights = members.map((entry) => (equal ? 1 : simulatedMarketCap(entry.symbol)));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const held = members
    .map((entry, index) => ({ entry, percent: (weights[index]! / total) * 100 }))
    .sort((a, b) => b.percent - a.percent || a.entry.symbol.localeCompare(b.entry.symbol));
  const sectors = new Map<string, number>();
  for (const { entry, percent } of held) {
    const sector = entry.sector ?? 'Other';
    sectors.set(sector, (sectors.get(sector) ?? 0) + percent);
  }
  return {
    expenseRatioPercent,
    assetsUnderManagement,
    holdingsCount: members.length,
    topHoldings: held.slice(0, fundHoldingsShown).map(({ entry, percent }) => ({
      symbol: entry.symbol,
      name: entry.name,
      weightPercent: round(percent, 2),
    })),
    sectorWeights: [...sectors]
      .map(([sector, percent]) => ({ sector, weightPercent: round(percent, 2) }))
      .sort((a, b) => b.weightPercent - a.weightPercent || a.sector.localeCompare(b.sector)),
  };
}
