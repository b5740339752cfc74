import { stockSymbols } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { againstBenchmark } from '../../bar-figures.ts';
import { instantInNewYork, tradingDaysBetween } from '../../calendar/market-calendar.ts';
import { listedSymbols } from '../../reference/universe.ts';
import { createSimulatedBars } from './bars.ts';
import { levelDate, priceAnchors } from './price-anchors.ts';
import { simulatedQuote } from './provider.ts';
import { seriesStart, simulatedSeries, trackedRangeStart } from './simulated-series.ts';
import { stockFundamentals } from './stock-fundamentals.ts';

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
    // Also past the day the walk is pinned to, and for the tracked five.
    for (const symbol of ['NVDA', 'SPY', 'AMZN']) {
      const shorter = simulatedSeries(symbol, '2027-01-29').map((bar) => ({ ...bar }));
      const later = simulatedSeries(symbol, '2027-06-30');
      expect(later.slice(0, shorter.length)).toEqual(shorter);
    }
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
    // Lag-one autocorrelation of absolute returns: about zero for independent days.
    const clustering = (symbol: string) => {
      const moves = logReturns(symbol).map(Math.abs);
      const mean = moves.reduce((sum, value) => sum + value, 0) / moves.length;
      let covariance = 0;
      let variance = 0;
      for (let index = 1; index < moves.length; index += 1) {
        covariance += (moves[index]! - mean) * (moves[index - 1]! - mean);
        variance += (moves[index]! - mean) ** 2;
      }
      return covariance / variance;
    };
    const stocks = listedSymbols.filter((item) => item.type === 'stock').slice(0, 40);
    const average = stocks.reduce((sum, item) => sum + clustering(item.symbol), 0) / stocks.length;
    expect(average).toBeGreaterThan(0.08);
    expect(clustering('SPY')).toBeGreaterThan(0.12);
  });

  it('starts storms with falls, and keeps an index fund within a crash-day move', () => {
    // Correlation of a day's return with the next day's size of move: negative when falls,
    // more than rises, bring stormy days.
    const leverage = (symbol: string) => {
      const returns = logReturns(symbol);
      const today = returns.slice(0, -1);
      const next = returns.slice(1).map(Math.abs);
      const mean = (values: number[]) =>
        values.reduce((sum, value) => sum + value, 0) / values.length;
      const [todayMean, nextMean] = [mean(today), mean(next)];
      let covariance = 0;
      for (let index = 0; index < today.length; index += 1) {
        covariance += (today[index]! - todayMean) * (next[index]! - nextMean);
      }
      return covariance / today.length / (deviation(today) * deviation(next));
    };
    const stocks = listedSymbols.filter((item) => item.type === 'stock').slice(0, 40);
    const average = stocks.reduce((sum, item) => sum + leverage(item.symbol), 0) / stocks.length;
    expect(average).toBeLessThan(-0.02);
    // The worst real days of the broad index funds moved about 12%.
    for (const symbol of ['SPY', 'QQQ', 'VTI', 'DIA', 'IWM']) {
      expect(Math.max(...logReturns(symbol).map(Math.abs)), symbol).toBeLessThan(0.13);
    }
    expect(Math.max(...logReturns('AGG').map(Math.abs))).toBeLessThan(0.04);
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

  it("keeps the five tracked stocks' past year inside their fixed 52-week range", () => {
    for (const symbol of stockSymbols) {
      const { yearLow, yearHigh } = stockFundamentals[symbol];
      for (const day of [through, '2026-11-20', '2027-08-31']) {
        const pastYear = simulatedSeries(symbol, day).slice(-252);
        expect(Math.min(...pastYear.map((bar) => bar.low))).toBeGreaterThanOrEqual(yearLow);
        expect(Math.max(...pastYear.map((bar) => bar.high))).toBeLessThanOrEqual(yearHigh);
      }
      // From the day the range begins, not only a year later.
      const inRange = simulatedSeries(symbol, through).filter(
        (bar) => bar.date >= trackedRangeStart,
      );
      expect(inRange.every((bar) => bar.low >= yearLow && bar.high <= yearHigh)).toBe(true);
    }
  });

  it('runs on without a jump where the walk is pinned or enters the tracked range', () => {
    const jumps: string[] = [];
    for (const symbol of ['SPY', 'NVDA', 'KO', ...stockSymbols]) {
      const bars = simulatedSeries(symbol, '2027-03-31');
      bars.slice(1).forEach((bar, index) => {
        const from = bars[index]!;
        if (
          (from.date <= levelDate && bar.date > levelDate) ||
          (from.date < trackedRangeStart && bar.date >= trackedRangeStart)
        ) {
          if (Math.abs(Math.log(bar.open / from.close)) > 0.1) jumps.push(`${symbol} ${bar.date}`);
        }
      });
    }
    expect(jumps).toEqual([]);
  });
});

describe('simulated price levels and long-run trends', () => {
  const today = '2026-11-23';
  const closeOn = (symbol: string, date: string) => simulatedSeries(symbol, date).at(-1)!.close;
  const range = (bars: readonly { high: number; low: number }[]) => ({
    low: Math.min(...bars.map((bar) => bar.low)),
    high: Math.max(...bars.map((bar) => bar.high)),
  });

  it('closes every anchored symbol at its anchor on the level date', () => {
    for (const [symbol, anchor] of Object.entries(priceAnchors)) {
      expect(closeOn(symbol, levelDate), symbol).toBeCloseTo(anchor.price, 2);
    }
  });

  it('trades the major funds and largest companies at their real orders of magnitude', () => {
    const within = { SPY: [300, 1500], QQQ: [250, 1500], DIA: [200, 1000], VOO: [300, 1500] };
    for (const [symbol, [low, high]] of Object.entries(within)) {
      const pastYear = range(simulatedSeries(symbol, today).slice(-252));
      expect(pastYear.low, symbol).toBeGreaterThan(low!);
      expect(pastYear.high, symbol).toBeLessThan(high!);
    }
    expect(closeOn('AGG', today)).toBeGreaterThan(70);
    expect(closeOn('AGG', today)).toBeLessThan(130);
    expect(closeOn('NVDA', today)).toBeGreaterThan(50);
    expect(closeOn('NVDA', today)).toBeLessThan(1000);
  });

  it('draws the other levels from a plausible spread', () => {
    const stocks = listedSymbols
      .filter((item) => item.type === 'stock' && !priceAnchors[item.symbol])
      .map((item) => closeOn(item.symbol, levelDate));
    expect(Math.min(...stocks)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...stocks)).toBeLessThanOrEqual(3000);
    const sorted = [...stocks].sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1]!;
    expect(median).toBeGreaterThan(60);
    expect(median).toBeLessThan(250);
    // Different symbols, different levels: not one price for all.
    expect(new Set(sorted.map((price) => Math.round(price))).size).toBeGreaterThan(200);
  });

  it('moves funds that follow the same index together', () => {
    const returns = (symbol: string) =>
      simulatedSeries(symbol, through)
        .slice(-250)
        .map((bar, index, bars) => (index ? bar.close / bars[index - 1]!.close : 1));
    const spy = returns('SPY');
    for (const symbol of ['IVV', 'VOO']) {
      returns(symbol).forEach((value, index) => {
        expect(Math.abs(value - spy[index]!)).toBeLessThan(0.0005);
      });
    }
    expect(returns('QQQ')).not.toEqual(spy);
  });

  it('moves every symbol with the market: plausible betas and correlations to SPY', () => {
    const spy = simulatedSeries('SPY', through);
    const against = (symbol: string) => againstBenchmark(simulatedSeries(symbol, through), spy);
    const stocks = listedSymbols
      .filter((entry) => entry.type === 'stock')
      .map((entry) => ({ ...against(entry.symbol), symbol: entry.symbol }));
    // Every stock rises with the market on average, none wildly.
    const implausible = stocks.filter(
      ({ beta, correlation }) => !(beta! > 0.1 && beta! < 3 && correlation! > 0.1),
    );
    expect(implausible.map(({ symbol, beta }) => `${symbol} ${beta}`)).toEqual([]);
    const betas = stocks.map(({ beta }) => beta!).sort((a, b) => a - b);
    const median = betas[betas.length >> 1]!;
    expect(median).toBeGreaterThan(0.7);
    expect(median).toBeLessThan(1.3);
    expect(against('NVDA').beta).toBeGreaterThan(0.3);
    // The S&P 500 funds are the market; a total-market fund nearly; Treasuries not at all.
    expect(against('VOO')).toMatchObject({ beta: expect.closeTo(1, 2) });
    expect(against('VTI').correlation).toBeGreaterThan(0.9);
    expect(Math.abs(against('SHY').correlation!)).toBeLessThan(0.3);
  });

  it('gives five-year charts a trend: their range is wider than the past year', () => {
    const spans = (symbol: string) => {
      const bars = simulatedSeries(symbol, today);
      const pastYear = range(bars.slice(-252));
      const fiveYears = range(bars.slice(-1260));
      expect(fiveYears.low, symbol).toBeLessThanOrEqual(pastYear.low);
      expect(fiveYears.high, symbol).toBeGreaterThanOrEqual(pastYear.high);
      return (fiveYears.high - fiveYears.low) / (pastYear.high - pastYear.low);
    };
    // The tracked five trended for years before their fixed 52-week range.
    for (const symbol of stockSymbols) expect(spans(symbol), symbol).toBeGreaterThan(2);
    const { yearLow } = stockFundamentals.AAPL;
    expect(range(simulatedSeries('AAPL', today).slice(-1260)).low).toBeLessThan(0.8 * yearLow);
    // Most stocks, as real ones, moved over five years well beyond their past year's range.
    const stocks = listedSymbols.filter((item) => item.type === 'stock');
    const wider = stocks.filter((item) => spans(item.symbol) > 1.5);
    expect(wider.length / stocks.length).toBeGreaterThan(0.7);
  });

  it('keeps five-year returns plausible', () => {
    const fiveYearRatio = (symbol: string) => {
      const bars = simulatedSeries(symbol, today);
      return bars.at(-1)!.close / bars.at(-1260)!.close;
    };
    const stocks = listedSymbols
      .filter((item) => item.type === 'stock')
      .map((item) => fiveYearRatio(item.symbol))
      .sort((a, b) => a - b);
    const plausible = stocks.filter((ratio) => ratio > 1 / 3 && ratio < 4);
    expect(plausible.length / stocks.length).toBeGreaterThan(0.97);
    const median = stocks[stocks.length >> 1]!;
    expect(median).toBeGreaterThan(1.05);
    expect(median).toBeLessThan(1.8);
    // Broad stock funds grew; a Treasury-bill fund barely moved.
    for (const symbol of ['SPY', 'VTI', 'QQQ']) {
      expect(fiveYearRatio(symbol), symbol).toBeGreaterThan(1.05);
      expect(fiveYearRatio(symbol), symbol).toBeLessThan(4);
    }
    expect(Math.abs(fiveYearRatio('BIL') - 1)).toBeLessThan(0.05);
  });

  it("keeps the past year plausible: a fund's 52-week range near its level, stocks' returns", () => {
    for (const symbol of ['SPY', 'QQQ', 'VTI', 'DIA', 'IWM', 'VOO']) {
      const bars = simulatedSeries(symbol, today);
      const pastYear = range(bars.slice(-252));
      const price = bars.at(-1)!.close;
      expect(pastYear.high / price, symbol).toBeLessThan(1.35);
      expect(pastYear.low / price, symbol).toBeGreaterThan(0.65);
    }
    const stocks = listedSymbols.filter((item) => item.type === 'stock');
    const yearRatios = stocks.map((item) => {
      const bars = simulatedSeries(item.symbol, today);
      return bars.at(-1)!.close / bars.at(-252)!.close;
    });
    const plausible = yearRatios.filter((ratio) => ratio > 0.5 && ratio < 2);
    expect(plausible.length / yearRatios.length).toBeGreaterThan(0.97);
    // Not tamed either: some stocks rose or fell a third in a year, as real ones do.
    expect(yearRatios.filter((ratio) => ratio > 1.33 || ratio < 0.75).length).toBeGreaterThan(25);
  });

  it('gives the largest companies the past that made them large', () => {
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const largest = Object.entries(priceAnchors)
      .filter(([, anchor]) => anchor.marketCap)
      .map(([symbol]) => simulatedSeries(symbol, levelDate))
      .map((bars) => bars.at(-1)!.close / bars.at(-1260)!.close);
    expect(median(largest)).toBeGreaterThan(1.35);
    expect(Math.min(...largest)).toBeGreaterThan(0.4);
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
