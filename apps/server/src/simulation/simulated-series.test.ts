import { stockSymbols } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { instantInNewYork, tradingDaysBetween } from '../calendar/market-calendar.ts';
import { createSimulatedBars } from '../modules/history/providers/simulated.ts';
import { simulatedQuote } from '../modules/market/providers/simulated.ts';
import { stockFundamentals } from '../reference/stock-fundamentals.ts';
import { listedSymbols } from '../reference/universe.ts';
import { seriesStart, simulatedSeries } from './simulated-series.ts';

const through = '2026-03-13';
const logReturns = (symbol: string) => {
  const bars = simulatedSeries(symbol, through);
  return bars.slice(1).map((bar, index) => Math.log(bar.close / bars[index]!.close));
};
const deviation = (values: number[]) => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
};

describe('the simulated daily series', () => {
  it('is the same for the same symbol every time, and different between symbols', () => {
    const first = simulatedSeries('NVDA', through).map((bar) => ({ ...bar }));
    // Past days do not change when the series grows.
    const longer = simulatedSeries('NVDA', '2026-06-30');
    expect(longer.slice(0, first.length)).toEqual(first);
    expect(simulatedSeries('AMD', through).map((bar) => bar.close)).not.toEqual(
      first.map((bar) => bar.close),
    );
  });

  it('has one bar per trading day from its start', () => {
    const bars = simulatedSeries('KO', through);
    expect(bars.map((bar) => bar.date)).toEqual(tradingDaysBetween(seriesStart, through));
  });

  it('never goes negative, keeps low <= open, close <= high, and trades every day', () => {
    const wrong: string[] = [];
    for (const { symbol } of listedSymbols) {
      for (const bar of simulatedSeries(symbol, through)) {
        const fine =
          bar.low > 0 &&
          bar.low <= Math.min(bar.open, bar.close) &&
          bar.high >= Math.max(bar.open, bar.close) &&
          bar.volume > 0;
        if (!fine) wrong.push(`${symbol} ${bar.date}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps ten-year outcomes plausible: most symbols end between a fifth and five times', () => {
    const ratios = listedSymbols.map(({ symbol }) => {
      const bars = simulatedSeries(symbol, through);
      return bars.at(-1)!.close / bars[0]!.close;
    });
    const plausible = ratios.filter((ratio) => ratio > 0.2 && ratio < 5);
    expect(plausible.length / ratios.length).toBeGreaterThan(0.85);
  });

  it('moves more in volatile sectors than in calm ones', () => {
    const sectorDeviation = (sector: string) => {
      const members = listedSymbols.filter((item) => item.sector === sector).slice(0, 12);
      return (
        members.reduce((sum, item) => sum + deviation(logReturns(item.symbol)), 0) / members.length
      );
    };
    expect(sectorDeviation('Information Technology')).toBeGreaterThan(
      1.3 * sectorDeviation('Utilities'),
    );
    expect(deviation(logReturns('BIL'))).toBeLessThan(0.002);
  });

  it('clusters volatility: big moves follow big moves', () => {
    const squared = logReturns('NVDA').map((value) => value * value);
    const mean = squared.reduce((sum, value) => sum + value, 0) / squared.length;
    let covariance = 0;
    let variance = 0;
    for (let index = 1; index < squared.length; index += 1) {
      covariance += (squared[index]! - mean) * (squared[index - 1]! - mean);
      variance += (squared[index]! - mean) ** 2;
    }
    expect(covariance / variance).toBeGreaterThan(0.05);
  });

  it('gaps now and then: some days open far from the previous close', () => {
    const bars = simulatedSeries('MRNA', through);
    const typical = deviation(logReturns('MRNA'));
    const gaps = bars
      .slice(1)
      .filter((bar, index) => Math.abs(Math.log(bar.open / bars[index]!.close)) > 3 * typical);
    expect(gaps.length).toBeGreaterThan(5);
    expect(gaps.length).toBeLessThan(bars.length / 20);
  });

  it('keeps the five tracked stocks inside their fixed 52-week range', () => {
    for (const symbol of stockSymbols) {
      const { yearLow, yearHigh } = stockFundamentals[symbol];
      for (const bar of simulatedSeries(symbol, through)) {
        expect(bar.low).toBeGreaterThanOrEqual(yearLow);
        expect(bar.high).toBeLessThanOrEqual(yearHigh);
      }
    }
  });
});

describe('the simulated quote, read from the series', () => {
  // Friday 2026-03-13 and the weekend after it.
  const bars = simulatedSeries('AMZN', '2026-03-13');
  const friday = bars.at(-1)!;
  const thursday = bars.at(-2)!;
  const at = (date: string, hour: number, minute = 0) => instantInNewYork(date, hour * 60 + minute);

  it("opens at the day's open and closes at exactly the day's close", () => {
    expect(simulatedQuote('AMZN', at('2026-03-13', 9, 30)).price).toBe(friday.open);
    const close = simulatedQuote('AMZN', at('2026-03-13', 16));
    expect(close).toMatchObject({ price: friday.close, previousClose: thursday.close });
    expect(close.volume).toBe(friday.volume);
  });

  it("stays inside the day's range while the session runs, and moves minute to minute", () => {
    const prices = new Set<number>();
    for (let minute = 0; minute <= 390; minute += 7) {
      const { price, previousClose } = simulatedQuote('AMZN', at('2026-03-13', 9, 30 + minute));
      expect(price).toBeGreaterThanOrEqual(friday.low);
      expect(price).toBeLessThanOrEqual(friday.high);
      expect(previousClose).toBe(thursday.close);
      prices.add(price);
    }
    expect(prices.size).toBeGreaterThan(20);
  });

  it('shows the last close before the open and over the weekend', () => {
    expect(simulatedQuote('AMZN', at('2026-03-13', 8)).price).toBe(thursday.close);
    for (const instant of [at('2026-03-13', 20), at('2026-03-14', 12), at('2026-03-16', 9)]) {
      expect(simulatedQuote('AMZN', instant)).toMatchObject({
        price: friday.close,
        previousClose: thursday.close,
      });
    }
  });

  it('gives bars only up to the last closed session', async () => {
    let now = at('2026-03-13', 15, 59);
    const provider = createSimulatedBars(() => now);
    const signal = new AbortController().signal;
    const range = { from: '2026-03-01', to: '2026-03-31' };
    expect((await provider.dailyBars('AMZN', range, signal))?.bars.at(-1)?.date).toBe('2026-03-12');
    now = at('2026-03-13', 16);
    const after = await provider.dailyBars('AMZN', range, signal);
    expect(after?.bars.at(-1)).toEqual(friday);
    expect(after?.bars.at(-1)?.close).toBe(simulatedQuote('AMZN', now).price);
  });
});
