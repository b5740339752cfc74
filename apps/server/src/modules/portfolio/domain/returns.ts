import { dayNumber } from '../../../market-data/index.ts';
import { Decimal, money, one } from './money.ts';
import { type Steps, stepEvery } from './steps.ts';
import type { DailyValue } from './valuation.ts';

/**
 * Time-weighted return of each day of `series` since its first day (the base, 0 on it), in
 * steps (see steps.ts). Money put in or taken out is not a gain: each day's return is measured
 * on the money that was invested that day, and the days are chained. Money put in counts from
 * the start of its day (it was invested at that day's trade prices), money taken out at the end
 * of its day (it came from that day's sales).
 */
export function* timeWeightedSteps(series: readonly DailyValue[]): Steps<Decimal[]> {
  const growth: Decimal[] = [];
  let factor = one;
  for (let index = 0; index < series.length; index += 1) {
    if (index % 64 === 0) yield;
    if (index > 0) {
      const previous = series[index - 1]!.value;
      const { value, moneyIn, moneyOut } = series[index]!;
      // Each flow on its own side of the day: a deposit and a withdrawal on one day do not
      // cancel out (PRODUCT.md 3.18, Performance).
      const invested = previous + moneyIn;
      const ended = value + moneyOut;
      if (invested > 0n && ended !== invested) {
        // Both in money units: the scale cancels out.
        factor = factor.times(new Decimal(ended.toString()).div(invested.toString()));
      }
    }
    growth.push(factor.minus(one));
  }
  return growth;
}

/**
 * Money-weighted return over the whole series (the internal rate of return of its cash
 * flows), in steps (see steps.ts), a pause after each trial rate: the value at the start
 * counts as money put in on the first day, every flow on its day, and the final value as money
 * taken out on the last. It is the rate over the period, not a yearly one; null when nothing
 * was invested or no rate balances the flows.
 *
 * Solved in binary floating point: it is a rate found by iteration, not a sum of money, and
 * it is shown to two decimals of a percent.
 */
export function* moneyWeightedSteps(series: readonly DailyValue[]): Steps<Decimal | null> {
  if (series.length < 2) return null;
  const start = dayNumber(series[0]!.date);
  const span = dayNumber(series.at(-1)!.date) - start;
  if (span <= 0) return null;
  const flows: { at: number; amount: number }[] = [];
  const add = (date: string, value: bigint) => {
    const amount = money(value);
    if (!amount.isZero())
      flows.push({ at: (dayNumber(date) - start) / span, amount: amount.toNumber() });
  };
  add(series[0]!.date, -series[0]!.value);
  for (let index = 1; index < series.length; index += 1) {
    if (index % stepEvery === 0) yield;
    add(series[index]!.date, -series[index]!.flow);
  }
  add(series.at(-1)!.date, series.at(-1)!.value);
  if (!flows.some((flow) => flow.amount < 0) || !flows.some((flow) => flow.amount > 0)) {
    return null;
  }
  const rate = yield* solveRate(flows);
  return rate === null ? null : new Decimal(rate.toPrecision(12));
}

/** Net value of the flows at period rate `rate` (each flow discounted to the start). */
function netValue(flows: readonly { at: number; amount: number }[], rate: number): number {
  let total = 0;
  for (const flow of flows) total += flow.amount / (1 + rate) ** flow.at;
  return total;
}

/** The rate at which the flows' net value is 0: Newton's method, bisection when it strays. */
function* solveRate(flows: readonly { at: number; amount: number }[]): Steps<number | null> {
  const scale = Math.max(...flows.map((flow) => Math.abs(flow.amount)));
  const tolerance = scale * 1e-12;
  let rate = 0;
  for (let step = 0; step < 50; step += 1) {
    yield;
    const value = netValue(flows, rate);
    if (Math.abs(value) < tolerance) return rate;
    let slope = 0;
    for (const flow of flows) slope -= (flow.at * flow.amount) / (1 + rate) ** (flow.at + 1);
    if (slope === 0 || !Number.isFinite(slope)) break;
    const nextRate = rate - value / slope;
    if (!Number.isFinite(nextRate) || nextRate <= -1) break;
    rate = nextRate;
  }
  // Bisection between a rate near -100 % and a large one, when they bracket a root.
  let low = -0.999999;
  let high = 1000;
  let lowValue = netValue(flows, low);
  if (Math.sign(lowValue) === Math.sign(netValue(flows, high))) return null;
  for (let step = 0; step < 200; step += 1) {
    yield;
    const middle = (low + high) / 2;
    const value = netValue(flows, middle);
    if (Math.abs(value) < tolerance || high - low < 1e-12) return middle;
    if (Math.sign(value) === Math.sign(lowValue)) {
      low = middle;
      lowValue = value;
    } else {
      high = middle;
    }
  }
  return (low + high) / 2;
}

/** A rate over `days` days as a yearly rate (compounded). */
export function annualised(rate: Decimal, days: number): Decimal | null {
  if (days <= 0 || rate.lessThanOrEqualTo(-1)) return null;
  return one.plus(rate).pow(new Decimal(365).div(days)).minus(one);
}
