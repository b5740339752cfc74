import type { Holding } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { holdingQuote } from './holding-quote.ts';

const holding = {
  symbol: 'MSFT',
  price: '412.30',
  priceSource: { source: 'finnhub', asOf: '2026-03-16T14:00:00.000Z', delayed: false },
} as Holding;

describe("a holding's price as the shared price cell reads it", () => {
  it('is live for a real-time plan', () => {
    expect(holdingQuote(holding, { kind: 'realtime' })).toEqual({
      symbol: 'MSFT',
      price: 412.3,
      delayed: false,
      delayMinutes: 0,
      asOf: '2026-03-16T14:00:00.000Z',
      stale: false,
    });
  });

  it("carries a delayed plan's delay, so it is labelled and never laid over live", () => {
    expect(holdingQuote(holding, { kind: 'delayed', delayMinutes: 15 })).toMatchObject({
      delayed: true,
      delayMinutes: 15,
    });
  });

  it('keeps the last price of an unreachable source marked stale', () => {
    const stale = { ...holding, priceSource: { ...holding.priceSource, delayed: true } };
    expect(holdingQuote(stale, { kind: 'realtime' })).toMatchObject({ stale: true });
  });

  it("is null for the last trade's price, which has no market instant", () => {
    const traded = { ...holding, priceSource: { source: 'trade', asOf: null, delayed: false } };
    expect(holdingQuote(traded, { kind: 'realtime' })).toBeNull();
  });
});
