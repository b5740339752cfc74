import { describe, expect, it } from 'vitest';
import { driftSampleMarket, initialSampleMarket, portfolioValue } from './sample-market.ts';

function sequence(...values: number[]) {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
}

describe('the landing page sample market', () => {
  it('starts with two tickers and a full chart', () => {
    const market = initialSampleMarket();
    expect(market.holdings.map((holding) => holding.symbol)).toEqual(['AAPL', 'MSFT']);
    expect(market.history).toHaveLength(12);
  });

  it('moves every price by at least a cent on each tick', () => {
    let market = initialSampleMarket();
    const random = sequence(0.3, 0, 0.7, 0);
    for (let tick = 0; tick < 50; tick++) {
      const next = driftSampleMarket(market, random);
      next.holdings.forEach((holding, index) => {
        const before = market.holdings[index]?.price ?? 0;
        expect(Math.abs(holding.price - before)).toBeGreaterThanOrEqual(0.01 - 1e-9);
        expect(holding.price).toBeGreaterThan(0);
      });
      market = next;
    }
  });

  it('adds the new portfolio value to the chart and keeps the latest twelve', () => {
    const market = initialSampleMarket();
    const next = driftSampleMarket(market, Math.random);
    expect(next.history).toHaveLength(12);
    expect(next.history.at(-1)).toBeCloseTo(portfolioValue(next.holdings), 2);
    expect(next.history.slice(0, 11)).toEqual(market.history.slice(1));
  });
});
