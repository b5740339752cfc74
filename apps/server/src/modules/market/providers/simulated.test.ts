import { stockSymbols } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { stockFundamentals } from '../stock-fundamentals.ts';
import { createSimulatedProvider, simulatedClose, simulatedQuote } from './simulated.ts';

const signal = new AbortController().signal;
const morning = Date.parse('2026-03-16T09:00:00Z');

describe('the simulated provider', () => {
  it('gives the same quote for the same symbol and instant', () => {
    expect(simulatedQuote('AAPL', morning)).toEqual(simulatedQuote('AAPL', morning));
    expect(simulatedQuote('AAPL', morning)).not.toEqual(simulatedQuote('MSFT', morning));
  });

  it('moves the price between refreshes a minute apart', () => {
    const prices = new Set(
      Array.from(
        { length: 10 },
        (_, minute) => simulatedQuote('TSLA', morning + minute * 60_000).price,
      ),
    );
    expect(prices.size).toBeGreaterThan(5);
  });

  it('keeps prices plausible: inside the 52-week range, with a previous close and volume', () => {
    for (const symbol of stockSymbols) {
      const { yearLow, yearHigh } = stockFundamentals[symbol];
      for (let hour = 0; hour < 24 * 90; hour += 7) {
        const quote = simulatedQuote(symbol, morning + hour * 3_600_000);
        expect(quote.price).toBeGreaterThanOrEqual(yearLow);
        expect(quote.price).toBeLessThanOrEqual(yearHigh);
        expect(quote.previousClose).toBeGreaterThan(0);
        expect(quote.volume).toBeGreaterThan(0);
      }
    }
  });

  it('walks: daily closes vary, and consecutive days stay close to each other', () => {
    const day = Math.floor(morning / 86_400_000);
    const closes = Array.from({ length: 30 }, (_, index) => simulatedClose('MSFT', day - index));
    expect(new Set(closes).size).toBeGreaterThan(20);
    for (let index = 1; index < closes.length; index += 1) {
      expect(Math.abs(closes[index]! / closes[index - 1]! - 1)).toBeLessThan(0.08);
    }
  });

  it('starts the day at the previous close and meets the day close at midnight', () => {
    const midnight = Date.parse('2026-03-16T00:00:00Z');
    const day = midnight / 86_400_000;
    expect(simulatedQuote('AMZN', midnight).price).toBe(simulatedClose('AMZN', day - 1));
    expect(simulatedQuote('AMZN', midnight).previousClose).toBe(simulatedClose('AMZN', day - 1));
  });

  it('returns 30 daily closes that are the same all day', async () => {
    let now = morning;
    const provider = createSimulatedProvider(() => now);
    const range = () => ({ fromMs: now - 30 * 86_400_000, toMs: now });
    const first = await provider.dailyCloses('GOOGL', range(), signal);
    now += 8 * 3_600_000;
    const later = await provider.dailyCloses('GOOGL', range(), signal);
    expect(first).toHaveLength(30);
    expect(later).toEqual(first);
    expect(first?.at(-1)?.date).toBe('2026-03-15');
  });
});
