import type { PerformanceRange } from '@tickerwise/shared';
import { addDays, dayNumber, subtractMonths } from '../../../market-data/index.ts';
import type { LedgerEntry } from './ledger.ts';
import { Decimal, money } from './money.ts';
import { annualised, moneyWeightedSteps, timeWeightedSteps } from './returns.ts';
import { runNow, type Steps } from './steps.ts';
import { type CloseSeries, type DailyValue, dailyValueSteps } from './valuation.ts';

export interface PerformancePoint {
  date: string;
  /** Value at the day's close. */
  value: Decimal;
  /** Money put in (positive) or taken out since the previous day. */
  flow: Decimal;
  /** Time-weighted return since the base day. */
  cumulativeReturn: Decimal;
  /** The benchmark's return since the base day; null before its first close. */
  benchmarkReturn: Decimal | null;
}

export interface Performance {
  range: PerformanceRange;
  /** The base day (its close is the starting value) and the last day. */
  from: string;
  to: string;
  points: PerformancePoint[];
  startValue: Decimal;
  endValue: Decimal;
  /** Money put in minus money taken out during the range. */
  netFlows: Decimal;
  /** End value minus start value minus net flows. */
  gain: Decimal;
  timeWeightedReturn: Decimal;
  moneyWeightedReturn: Decimal | null;
  /** The money-weighted return per year; null for ranges under a year. */
  moneyWeightedAnnualised: Decimal | null;
  benchmarkReturn: Decimal | null;
}

/** The calendar date a range is measured from: its base is the last trading day on or before. */
export function rangeStartDate(range: PerformanceRange, end: string): string | null {
  switch (range) {
    case '1m':
      return subtractMonths(end, 1);
    case '3m':
      return subtractMonths(end, 3);
    case 'ytd':
      return `${Number(end.slice(0, 4)) - 1}-12-31`;
    case '1y':
      return subtractMonths(end, 12);
    case 'all':
      return null;
  }
}

export interface PerformanceInput {
  /** One ledger per portfolio; several are added up day by day. */
  ledgers: readonly (readonly LedgerEntry[])[];
  range: PerformanceRange;
  /** Trading days ascending, ending with the last closed one; covering the range and the day before it. */
  calendar: readonly string[];
  closes: ReadonlyMap<string, CloseSeries>;
  benchmark: CloseSeries | undefined;
}

/**
 * Value, time- and money-weighted returns and the benchmark over a range. The range starts
 * at its base day's close, or on the trading day before the first transaction when the
 * portfolio began later; null when there is no transaction or no trading day to show.
 */
export function performanceOver(input: PerformanceInput): Performance | null {
  return runNow(performanceSteps(input));
}

/** `performanceOver` in steps (see steps.ts). */
export function* performanceSteps(input: PerformanceInput): Steps<Performance | null> {
  const { ledgers, range, calendar, closes, benchmark } = input;
  const to = calendar.at(-1);
  let first: string | undefined;
  for (const ledger of ledgers) {
    for (const entry of ledger) if (first === undefined || entry.date < first) first = entry.date;
  }
  if (!to || !first || first > to) return null;
  const wanted = rangeStartDate(range, to);
  const beforeFirst = addDays(first, -1);
  const start = wanted && wanted > beforeFirst ? wanted : beforeFirst;
  let baseIndex = -1;
  for (let index = 0; index < calendar.length && calendar[index]! <= start; index += 1) {
    baseIndex = index;
  }
  // No trading day in the calendar before the start: begin on its first day.
  const days = calendar.slice(Math.max(0, baseIndex));
  const each: DailyValue[][] = [];
  for (const ledger of ledgers) each.push(yield* dailyValueSteps(ledger, days, closes));
  yield;
  const series = addUp(each);
  const growth = yield* timeWeightedSteps(series);
  const benchmarkReturns = yield* relativeTo(benchmark, days);
  const points: PerformancePoint[] = [];
  for (let index = 0; index < series.length; index += 1) {
    if (index % 64 === 0) yield;
    const day = series[index]!;
    points.push({
      date: day.date,
      value: money(day.value),
      flow: money(day.flow),
      cumulativeReturn: growth[index]!,
      benchmarkReturn: benchmarkReturns[index] ?? null,
    });
  }
  const startValue = points[0]!.value;
  const endValue = points.at(-1)!.value;
  const netFlows = money(series.slice(1).reduce((total, day) => total + day.flow, 0n));
  const moneyWeighted = yield* moneyWeightedSteps(series);
  const span = dayNumber(to) - dayNumber(days[0]!);
  return {
    range,
    from: days[0]!,
    to,
    points,
    startValue,
    endValue,
    netFlows,
    gain: endValue.minus(startValue).minus(netFlows),
    timeWeightedReturn: growth.at(-1)!,
    moneyWeightedReturn: moneyWeighted,
    moneyWeightedAnnualised: moneyWeighted && span >= 365 ? annualised(moneyWeighted, span) : null,
    benchmarkReturn: benchmarkReturns.at(-1) ?? null,
  };
}

/** Several portfolios' daily values as one: values and flows added day by day. */
function addUp(all: DailyValue[][]): DailyValue[] {
  const [first, ...rest] = all;
  if (!first) return [];
  return first.map((day, index) => {
    let { value, flow, moneyIn, moneyOut } = day;
    for (const other of rest) {
      value += other[index]!.value;
      flow += other[index]!.flow;
      moneyIn += other[index]!.moneyIn;
      moneyOut += other[index]!.moneyOut;
    }
    return { date: day.date, value, flow, moneyIn, moneyOut };
  });
}

/** The benchmark's return on each day since its close on the first day (or its first close). */
function* relativeTo(
  benchmark: CloseSeries | undefined,
  days: readonly string[],
): Steps<(Decimal | null)[]> {
  if (!benchmark || benchmark.dates.length === 0) return days.map(() => null);
  let index = -1;
  let base: Decimal | undefined;
  const returns: (Decimal | null)[] = [];
  for (let day = 0; day < days.length; day += 1) {
    if (day % 64 === 0) yield;
    const date = days[day]!;
    while (index + 1 < benchmark.dates.length && benchmark.dates[index + 1]! <= date) index += 1;
    if (index < 0) {
      returns.push(null);
      continue;
    }
    const close = new Decimal(benchmark.closes[index]!.toString());
    base ??= close;
    returns.push(close.div(base).minus(1));
  }
  return returns;
}
