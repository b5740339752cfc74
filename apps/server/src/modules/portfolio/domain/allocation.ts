import type { PortfolioFigures } from './holdings.ts';
import { type Decimal, zero } from './money.ts';

/** What the allocation needs to know about a security. */
export interface SecurityFacts {
  name: string;
  type: 'stock' | 'etf' | null;
  sector: string | null;
}

export interface AllocationSlice {
  key: string;
  label: string;
  value: Decimal;
  /** Share of the total value, 0 to 1. */
  weight: Decimal;
}

export interface Allocation {
  byHolding: AllocationSlice[];
  bySector: AllocationSlice[];
  byType: AllocationSlice[];
}

const cashKey = 'cash';
const typeLabels = { stock: 'Stocks', etf: 'ETFs' } as const;

/**
 * How the total value is spread: per holding, per sector (an ETF spans sectors, so ETFs are
 * one slice) and per type, cash a slice of its own in each. Largest slice first.
 */
export function allocationOf(
  figures: PortfolioFigures,
  facts: ReadonlyMap<string, SecurityFacts>,
): Allocation {
  const { totalValue, cash } = figures.totals;
  const byHolding = new Map<string, { label: string; value: Decimal }>();
  const bySector = new Map<string, { label: string; value: Decimal }>();
  const byType = new Map<string, { label: string; value: Decimal }>();
  const add = (
    slices: Map<string, { label: string; value: Decimal }>,
    key: string,
    label: string,
    value: Decimal,
  ) => {
    const slice = slices.get(key);
    if (slice) slice.value = slice.value.plus(value);
    else slices.set(key, { label, value });
  };
  for (const holding of figures.holdings) {
    const fact = facts.get(holding.symbol);
    add(byHolding, holding.symbol, holding.symbol, holding.marketValue);
    if (fact?.type === 'etf') add(bySector, 'etf', 'ETFs', holding.marketValue);
    else if (fact?.sector) add(bySector, fact.sector, fact.sector, holding.marketValue);
    else add(bySector, 'unknown', 'Sector not known', holding.marketValue);
    const type = fact?.type ?? null;
    add(byType, type ?? 'unknown', type ? typeLabels[type] : 'Type not known', holding.marketValue);
  }
  if (cash.greaterThan(0)) {
    for (const slices of [byHolding, bySector, byType]) add(slices, cashKey, 'Cash', cash);
  }
  const slicesOf = (slices: Map<string, { label: string; value: Decimal }>) =>
    [...slices.entries()]
      .map(([key, { label, value }]) => ({
        key,
        label,
        value,
        weight: totalValue.greaterThan(0) ? value.div(totalValue) : zero,
      }))
      .sort((a, b) => b.value.comparedTo(a.value) || a.key.localeCompare(b.key));
  return { byHolding: slicesOf(byHolding), bySector: slicesOf(bySector), byType: slicesOf(byType) };
}
