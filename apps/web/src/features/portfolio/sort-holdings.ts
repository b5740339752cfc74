import type { Holding } from '@tickerwise/shared';

export type HoldingSortKey =
  | 'symbol'
  | 'quantity'
  | 'price'
  | 'marketValue'
  | 'dayChange'
  | 'unrealisedGain'
  | 'weight';

export interface HoldingSort {
  key: HoldingSortKey;
  direction: 'ascending' | 'descending';
}

/** The table opens largest position first. */
export const defaultHoldingSort: HoldingSort = { key: 'marketValue', direction: 'descending' };

function figureOf(holding: Holding, key: HoldingSortKey): number | string | null {
  switch (key) {
    case 'symbol':
      return holding.symbol;
    case 'weight':
      return holding.weight;
    case 'dayChange':
      return holding.dayChange === null ? null : Number(holding.dayChange);
    default:
      return Number(holding[key]);
  }
}

/**
 * Holdings in the chosen order; ties by symbol, and holdings without the figure (no day
 * change known) last whichever way.
 */
export function sortHoldings(holdings: readonly Holding[], sort: HoldingSort): Holding[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...holdings].sort((a, b) => {
    const left = figureOf(a, sort.key);
    const right = figureOf(b, sort.key);
    if (left === null || right === null) {
      if (left === right) return a.symbol.localeCompare(b.symbol);
      return left === null ? 1 : -1;
    }
    const order =
      typeof left === 'string' ? left.localeCompare(String(right)) : left - (right as number);
    return order * sign || a.symbol.localeCompare(b.symbol);
  });
}

/** The next sort after a click on a column: the same column flips, another starts its way. */
export function nextSort(current: HoldingSort, key: HoldingSortKey): HoldingSort {
  if (current.key === key) {
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { key, direction: key === 'symbol' ? 'ascending' : 'descending' };
}
