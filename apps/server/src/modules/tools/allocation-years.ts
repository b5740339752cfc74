import {
  type AllocationPart,
  type AllocationYears,
  allocationFunds,
  calendarYearReturns,
} from '@tickerwise/shared';
import type { HistoryService } from '../../market-data/index.ts';

/** How long one reading of the three histories answers every visitor. */
const keepMs = 60 * 60_000;

const parts = Object.keys(allocationFunds) as AllocationPart[];

/**
 * The calendar-year returns of the risk assessment's three funds, read from the stored daily
 * history (five years, so four complete years at most) and kept an hour: every visitor's
 * request shares one reading.
 */
export class AllocationYearsService {
  private kept: { until: number; answer: Promise<AllocationYears> } | null = null;

  constructor(
    private readonly history: HistoryService,
    private readonly now: () => number,
  ) {}

  read(): Promise<AllocationYears> {
    const now = this.now();
    if (this.kept && this.kept.until > now) return this.kept.answer;
    const answer = this.compute();
    this.kept = { until: now + keepMs, answer };
    // A failed reading is not kept: the next request tries again.
    answer.catch(() => {
      if (this.kept?.answer === answer) this.kept = null;
    });
    return answer;
  }

  private async compute(): Promise<AllocationYears> {
    const series = await Promise.all(
      parts.map((part) => this.history.range(allocationFunds[part], '5y')),
    );
    // A year counts once a later year has begun in every fund's bars: its last session is in.
    const lastYear = Math.min(
      ...series.map((one) => Number(one.bars.at(-1)?.date.slice(0, 4) ?? 0)),
    );
    const returns = series.map((one) => calendarYearReturns(one.bars, (year) => year < lastYear));
    const years = [...(returns[0]?.keys() ?? [])]
      .filter((year) => returns.every((fund) => fund.has(year)))
      .sort((a, b) => a - b)
      .map((year) => {
        const row = { year, stocks: 0, bonds: 0, cash: 0 };
        parts.forEach((part, index) => {
          row[part] = Math.round((returns[index]?.get(year) ?? 0) * 1e6) / 1e6;
        });
        return row;
      });
    const asOf = series
      .map((one) => one.asOf)
      .reduce<string | null>(
        (earliest, day) => (day && (!earliest || day < earliest) ? day : earliest),
        null,
      );
    return { source: series[0]?.source ?? 'simulated', asOf, funds: { ...allocationFunds }, years };
  }
}
