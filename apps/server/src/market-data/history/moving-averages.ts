import { SMA } from 'trading-signals';

/**
 * The simple moving average of the last `length` closes on each bar (oldest first), null
 * before `length` closes: `trading-signals`' SMA, the class the analyst's indicator readings
 * use (they match TA-Lib's SMA).
 */
export function movingAverageSeries(closes: readonly number[], length: number): (number | null)[] {
  const average = new SMA(length);
  return closes.map((close) => average.add(close) ?? null);
}
