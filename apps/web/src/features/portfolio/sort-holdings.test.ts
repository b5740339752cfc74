import type { Holding } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { defaultHoldingSort, nextSort, sortHoldings } from './sort-holdings.ts';

function holding(symbol: string, marketValue: string, dayChange: string | null): Holding {
  return {
    symbol,
    name: null,
    type: 'stock',
    sector: null,
    quantity: '1',
    averageCost: '1.00',
    costBasis: '1.00',
    price: marketValue,
    previousClose: null,
    marketValue,
    dayChange,
    dayChangeRatio: null,
    unrealisedGain: '0.00',
    unrealisedGainRatio: null,
    realisedGain: '0.00',
    dividends: '0.00',
    fees: '0.00',
    weight: 0,
    priceSource: { source: 'simulated', asOf: null, delayed: false },
    dayBase: null,
  };
}

const holdings = [
  holding('MSFT', '900.00', '-12.00'),
  holding('AAPL', '10000.00', '5.00'),
  holding('KO', '950.50', null),
];

describe('sorting the holdings table', () => {
  it('opens with the largest position first, comparing amounts as numbers', () => {
    expect(sortHoldings(holdings, defaultHoldingSort).map((item) => item.symbol)).toEqual([
      'AAPL',
      'KO',
      'MSFT',
    ]);
  });

  it('puts holdings without the figure last, whichever the direction', () => {
    const byDayChange = sortHoldings(holdings, { key: 'dayChange', direction: 'ascending' });
    expect(byDayChange.map((item) => item.symbol)).toEqual(['MSFT', 'AAPL', 'KO']);
    const descending = sortHoldings(holdings, { key: 'dayChange', direction: 'descending' });
    expect(descending.map((item) => item.symbol)).toEqual(['AAPL', 'MSFT', 'KO']);
  });

  it('flips the direction on a second click and starts a new column its natural way', () => {
    expect(nextSort(defaultHoldingSort, 'marketValue')).toEqual({
      key: 'marketValue',
      direction: 'ascending',
    });
    expect(nextSort(defaultHoldingSort, 'symbol')).toEqual({
      key: 'symbol',
      direction: 'ascending',
    });
    expect(nextSort(defaultHoldingSort, 'weight')).toEqual({
      key: 'weight',
      direction: 'descending',
    });
  });
});
