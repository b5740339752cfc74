import { z } from 'zod';

/**
 * `GET /api/tools/allocation-years`: the calendar-year price returns of the three funds the
 * risk assessment's example mixes are made of, read from our stored daily history. Public:
 * the risk assessment works without an account.
 */
export const allocationFunds = { stocks: 'SPY', bonds: 'AGG', cash: 'BIL' } as const;
export type AllocationPart = keyof typeof allocationFunds;

export const allocationYearSchema = z.object({
  year: z.number().int(),
  /** From the last close of the year before to the year's last close, as a ratio (-0.18). */
  stocks: z.number(),
  bonds: z.number(),
  cash: z.number(),
});
export type AllocationYear = z.infer<typeof allocationYearSchema>;

export const allocationYearsSchema = z.object({
  /** Where the bars come from: `simulated` in a demonstration, else the data provider. */
  source: z.string(),
  /** The last stored trading day the years were read up to. */
  asOf: z.string().nullable(),
  funds: z.object({ stocks: z.string(), bonds: z.string(), cash: z.string() }),
  /** Complete calendar years only, oldest first. */
  years: z.array(allocationYearSchema),
});
export type AllocationYears = z.infer<typeof allocationYearsSchema>;

export type AllocationMix = Record<AllocationPart, number>;

/**
 * The worst calendar year of a mix rebalanced to its weights (whole percent) each January:
 * the year's return is the weighted sum of the funds' returns. Null without a complete year.
 */
export function worstAllocationYear(
  years: readonly AllocationYear[],
  allocation: AllocationMix,
): { year: number; change: number } | null {
  let worst: { year: number; change: number } | null = null;
  for (const year of years) {
    const change =
      (allocation.stocks * year.stocks +
        allocation.bonds * year.bonds +
        allocation.cash * year.cash) /
      100;
    if (!worst || change < worst.change) worst = { year: year.year, change };
  }
  return worst;
}

/**
 * Calendar-year returns from daily closes (oldest first): each complete year from the last
 * close of the year before to its own last close. The last year counts only when its final
 * session (`lastSessionOfYear`) is in the bars.
 */
export function calendarYearReturns(
  bars: readonly { date: string; close: number }[],
  isYearComplete: (year: number) => boolean,
): Map<number, number> {
  const lastClose = new Map<number, number>();
  for (const bar of bars) lastClose.set(Number(bar.date.slice(0, 4)), bar.close);
  const returns = new Map<number, number>();
  for (const [year, close] of lastClose) {
    const before = lastClose.get(year - 1);
    if (before === undefined || before <= 0 || !isYearComplete(year)) continue;
    returns.set(year, close / before - 1);
  }
  return returns;
}
