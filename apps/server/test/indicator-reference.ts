import type { DailyBar } from '@tickerwise/shared';

/**
 * An independent, spreadsheet-style calculation of every indicator the technical rating
 * uses, written from the definitions in TradingView's Pine Script reference manual
 * (ta.sma, ta.ema, ta.rma, ta.wma, ta.hma, ta.vwma, ta.rsi, ta.stoch, ta.cci, ta.dmi,
 * ta.mom, ta.macd, ta.wpr and the "ta" library's ao, uo, stochRsi and ichimoku). Each
 * function returns a whole column, one cell per bar, NaN where the indicator is not defined
 * yet, the way a spreadsheet would compute it. Used only to check the production code, which
 * takes its indicators from the `trading-signals` library.
 */

export type Column = number[];

const range = (length: number) => Array.from({ length }, (_, index) => index);

export function sma(source: Column, length: number): Column {
  return source.map((_, i) => {
    if (i < length - 1) return Number.NaN;
    let sum = 0;
    for (let k = i - length + 1; k <= i; k += 1) sum += source[k] as number;
    return sum / length;
  });
}

/** Exponential smoothing seeded with the SMA of the first `length` defined values, as Pine does. */
function smoothed(source: Column, length: number, alpha: number): Column {
  const out: Column = [];
  let previous = Number.NaN;
  let seen: number[] = [];
  for (const value of source) {
    if (Number.isNaN(value)) {
      out.push(Number.NaN);
      continue;
    }
    if (Number.isNaN(previous)) {
      seen.push(value);
      if (seen.length === length) {
        previous = seen.reduce((a, b) => a + b, 0) / length;
        seen = [];
      }
      out.push(previous);
      continue;
    }
    previous = alpha * value + (1 - alpha) * previous;
    out.push(previous);
  }
  return out;
}

export const ema = (source: Column, length: number) => smoothed(source, length, 2 / (length + 1));
export const rma = (source: Column, length: number) => smoothed(source, length, 1 / length);

export function wma(source: Column, length: number): Column {
  const weights = (length * (length + 1)) / 2;
  return source.map((_, i) => {
    if (i < length - 1) return Number.NaN;
    let sum = 0;
    for (let k = 0; k < length; k += 1) sum += (source[i - length + 1 + k] as number) * (k + 1);
    return sum / weights;
  });
}

export function hma(source: Column, length: number): Column {
  const half = wma(source, Math.floor(length / 2));
  const full = wma(source, length);
  const lagless = source.map((_, i) => 2 * (half[i] as number) - (full[i] as number));
  const firstDefined = lagless.findIndex((value) => !Number.isNaN(value));
  const tail = wma(lagless.slice(firstDefined), Math.floor(Math.sqrt(length)));
  return [...range(firstDefined).map(() => Number.NaN), ...tail];
}

export function vwma(bars: readonly DailyBar[], length: number): Column {
  const priceVolume = sma(
    bars.map((bar) => bar.close * bar.volume),
    length,
  );
  const volume = sma(
    bars.map((bar) => bar.volume),
    length,
  );
  return priceVolume.map((value, i) => value / (volume[i] as number));
}

const change = (source: Column) =>
  source.map((value, i) => (i === 0 ? Number.NaN : value - (source[i - 1] as number)));

export function rsi(source: Column, length: number): Column {
  const diff = change(source);
  const up = rma(
    diff.map((d) => (Number.isNaN(d) ? d : Math.max(d, 0))),
    length,
  );
  const down = rma(
    diff.map((d) => (Number.isNaN(d) ? d : -Math.min(d, 0))),
    length,
  );
  return up.map((u, i) => {
    const d = down[i] as number;
    if (Number.isNaN(u) || Number.isNaN(d)) return Number.NaN;
    return d === 0 ? 100 : u === 0 ? 0 : 100 - 100 / (1 + u / d);
  });
}

function highest(source: Column, length: number, i: number) {
  let value = Number.NEGATIVE_INFINITY;
  for (let k = i - length + 1; k <= i; k += 1) value = Math.max(value, source[k] as number);
  return value;
}
function lowest(source: Column, length: number, i: number) {
  let value = Number.POSITIVE_INFINITY;
  for (let k = i - length + 1; k <= i; k += 1) value = Math.min(value, source[k] as number);
  return value;
}

export function stoch(close: Column, high: Column, low: Column, length: number): Column {
  return close.map((c, i) => {
    if (i < length - 1 || Number.isNaN(low[i - length + 1] as number)) return Number.NaN;
    const hh = highest(high, length, i);
    const ll = lowest(low, length, i);
    return (100 * (c - ll)) / (hh - ll);
  });
}

/** Pine's ta.cci(source, length): distance from the SMA over 0.015 mean absolute deviations. */
export function cci(source: Column, length: number): Column {
  const mean = sma(source, length);
  return source.map((value, i) => {
    const m = mean[i] as number;
    if (Number.isNaN(m)) return Number.NaN;
    let deviation = 0;
    for (let k = i - length + 1; k <= i; k += 1) deviation += Math.abs((source[k] as number) - m);
    return (value - m) / (0.015 * (deviation / length));
  });
}

/** Pine's ta.dmi(diLength, adxSmoothing): [+DI, -DI, ADX]. */
export function dmi(bars: readonly DailyBar[], length: number, smoothing: number) {
  const high = bars.map((bar) => bar.high);
  const low = bars.map((bar) => bar.low);
  const close = bars.map((bar) => bar.close);
  const up = change(high);
  const down = change(low).map((value) => -value);
  const plusDm = up.map((u, i) => {
    const d = down[i] as number;
    return Number.isNaN(u) ? u : u > d && u > 0 ? u : 0;
  });
  const minusDm = down.map((d, i) => {
    const u = up[i] as number;
    return Number.isNaN(d) ? d : d > u && d > 0 ? d : 0;
  });
  const trueRange = bars.map((bar, i) =>
    i === 0
      ? Number.NaN
      : Math.max(
          bar.high - bar.low,
          Math.abs(bar.high - (close[i - 1] as number)),
          Math.abs(bar.low - (close[i - 1] as number)),
        ),
  );
  const smoothedRange = rma(trueRange, length);
  const plus = rma(plusDm, length).map((value, i) => (100 * value) / (smoothedRange[i] as number));
  const minus = rma(minusDm, length).map(
    (value, i) => (100 * value) / (smoothedRange[i] as number),
  );
  const adx = rma(
    plus.map((p, i) => {
      const m = minus[i] as number;
      const sum = p + m;
      return Math.abs(p - m) / (sum === 0 ? 1 : sum);
    }),
    smoothing,
  ).map((value) => value * 100);
  return { plus, minus, adx };
}

export const mom = (source: Column, length: number) =>
  source.map((value, i) => (i < length ? Number.NaN : value - (source[i - length] as number)));

export function macd(source: Column, fast: number, slow: number, signal: number) {
  const fastEma = ema(source, fast);
  const slowEma = ema(source, slow);
  const line = fastEma.map((value, i) => value - (slowEma[i] as number));
  return { line, signal: ema(line, signal) };
}

export function wpr(bars: readonly DailyBar[], length: number): Column {
  const high = bars.map((bar) => bar.high);
  const low = bars.map((bar) => bar.low);
  return bars.map((bar, i) => {
    if (i < length - 1) return Number.NaN;
    const hh = highest(high, length, i);
    const ll = lowest(low, length, i);
    return (100 * (bar.close - hh)) / (hh - ll);
  });
}

export function ao(bars: readonly DailyBar[]): Column {
  const median = bars.map((bar) => (bar.high + bar.low) / 2);
  const fast = sma(median, 5);
  const slow = sma(median, 34);
  return fast.map((value, i) => value - (slow[i] as number));
}

export function uo(bars: readonly DailyBar[], fast: number, middle: number, slow: number): Column {
  const buying: Column = [];
  const ranges: Column = [];
  bars.forEach((bar, i) => {
    if (i === 0) {
      buying.push(Number.NaN);
      ranges.push(Number.NaN);
      return;
    }
    const previous = (bars[i - 1] as DailyBar).close;
    const trueLow = Math.min(bar.low, previous);
    buying.push(bar.close - trueLow);
    ranges.push(Math.max(bar.high, previous) - trueLow);
  });
  const average = (length: number, i: number) => {
    let bp = 0;
    let tr = 0;
    for (let k = i - length + 1; k <= i; k += 1) {
      bp += buying[k] as number;
      tr += ranges[k] as number;
    }
    return bp / tr;
  };
  return bars.map((_, i) =>
    i < slow
      ? Number.NaN
      : (100 * (4 * average(fast, i) + 2 * average(middle, i) + average(slow, i))) / 7,
  );
}

export function stochRsi(
  source: Column,
  rsiLength: number,
  stochLength: number,
  smoothK: number,
  smoothD: number,
) {
  const values = rsi(source, rsiLength);
  const raw = stoch(values, values, values, stochLength);
  const firstDefined = raw.findIndex((value) => !Number.isNaN(value));
  const k = [
    ...range(firstDefined).map(() => Number.NaN),
    ...sma(raw.slice(firstDefined), smoothK),
  ];
  const firstK = k.findIndex((value) => !Number.isNaN(value));
  const d = [...range(firstK).map(() => Number.NaN), ...sma(k.slice(firstK), smoothD)];
  return { k, d };
}

export function ichimoku(bars: readonly DailyBar[]) {
  const high = bars.map((bar) => bar.high);
  const low = bars.map((bar) => bar.low);
  const midpoint = (length: number) =>
    bars.map((_, i) =>
      i < length - 1 ? Number.NaN : (highest(high, length, i) + lowest(low, length, i)) / 2,
    );
  const conversion = midpoint(9);
  const base = midpoint(26);
  const leadA = conversion.map((value, i) => (value + (base[i] as number)) / 2);
  const leadB = midpoint(52);
  return { conversion, base, leadA, leadB };
}

/** The column's value `back` bars before the last. */
export const at = (column: Column, back = 0) => column[column.length - 1 - back] as number;
