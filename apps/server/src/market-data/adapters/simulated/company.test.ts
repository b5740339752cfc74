import { stockSymbols } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { type ListedSymbol, listedSymbol, listedSymbols } from '../../reference/universe.ts';
import { simulatedCompany } from './company.ts';
import { simulatedSeries } from './simulated-series.ts';
import { stockFundamentals } from './stock-fundamentals.ts';

const today = '2026-11-23';

/** The company figures as the offline provider draws them, at the last close. */
function companyOf(listing: ListedSymbol) {
  const price = simulatedSeries(listing.symbol, today).at(-1)!.close;
  return { price, ...simulatedCompany(listing, price) };
}

const listing = (symbol: string) => listedSymbol(symbol)!;
/** Equal within the rounding of the figures (two decimals, P/E one). */
const close = (actual: number, expected: number, relative = 0.01) =>
  Math.abs(actual - expected) <= relative * Math.abs(expected) + 0.06;

describe('simulated company figures', () => {
  it('hold together for every listed company: cap, P/E, P/B, P/S, margins, payout', () => {
    const wrong: string[] = [];
    for (const item of listedSymbols.filter((entry) => entry.type === 'stock')) {
      const { price, profile, metrics } = companyOf(item);
      const shares = profile.sharesOutstanding!;
      const pe = metrics.peRatio!;
      const checks = {
        // The tracked five's cap is the product's, so their share count follows from it.
        cap: Math.abs(metrics.marketCap! - shares * price) <= price,
        pe: close(pe, price / metrics.eps!),
        roe: close(metrics.roePercent!, (metrics.pbRatio! / pe) * 100, 0.03),
        netMargin: close(metrics.netMarginPercent!, (metrics.psRatio! / pe) * 100, 0.03),
        payout: close(metrics.payoutRatioPercent!, metrics.dividendYieldPercent! * pe, 0.03),
        margins:
          metrics.netMarginPercent! <= metrics.operatingMarginPercent! &&
          metrics.operatingMarginPercent! <= metrics.grossMarginPercent!,
      };
      for (const [name, fine] of Object.entries(checks)) {
        if (!fine) wrong.push(`${item.symbol} ${name}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('sizes companies like the real ones: the largest in the trillions, none tiny', () => {
    for (const symbol of ['NVDA', 'GOOG', 'META', 'AVGO']) {
      expect(companyOf(listing(symbol)).metrics.marketCap, symbol).toBeGreaterThan(1e12);
    }
    expect(companyOf(listing('JPM')).metrics.marketCap).toBeGreaterThan(300e9);
    const caps = listedSymbols
      .filter((entry) => entry.type === 'stock')
      .map((entry) => companyOf(entry).metrics.marketCap!)
      .sort((a, b) => a - b);
    expect(caps[0]).toBeGreaterThan(3e9);
    const median = caps[caps.length >> 1]!;
    expect(median).toBeGreaterThan(15e9);
    expect(median).toBeLessThan(80e9);
  });

  it('keeps a share count and moves the cap and P/E with the price', () => {
    const ko = listing('KO');
    const at = (price: number) => simulatedCompany(ko, price);
    const once = at(60);
    const twice = at(120);
    expect(twice.profile.sharesOutstanding).toBe(once.profile.sharesOutstanding);
    expect(twice.metrics.marketCap! / once.metrics.marketCap!).toBeCloseTo(2, 6);
    expect(twice.metrics.eps).toBe(once.metrics.eps);
    expect(twice.metrics.peRatio! / once.metrics.peRatio!).toBeCloseTo(2, 1);
    expect(twice.metrics.dividendYieldPercent! / once.metrics.dividendYieldPercent!).toBeCloseTo(
      0.5,
      1,
    );
  });

  it("keeps the product's fixed market cap and P/E for the five tracked stocks", () => {
    for (const symbol of stockSymbols) {
      const { metrics } = companyOf(listing(symbol));
      const { marketCap, peRatio } = stockFundamentals[symbol];
      expect(metrics).toMatchObject({ marketCap, peRatio });
    }
  });

  it('draws no 52-week range or beta: those are read from the bars', () => {
    for (const symbol of ['AAPL', 'KO', 'SPY', 'AGG']) {
      expect(companyOf(listing(symbol)).metrics, symbol).toMatchObject({
        beta: null,
        yearHigh: null,
        yearLow: null,
      });
    }
  });

  it('gives a fund no market cap or earnings, and the same figures every time', () => {
    const { metrics } = companyOf(listing('SPY'));
    expect(metrics.marketCap).toBeNull();
    expect(metrics.peRatio).toBeNull();
    expect(metrics.dividendYieldPercent).toBeGreaterThan(0);
    expect(companyOf(listing('KO'))).toEqual(companyOf(listing('KO')));
  });
});
