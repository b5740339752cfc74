import { type LedgerEntry, LedgerReplay, sortLedger } from './ledger.ts';
import { Decimal, zero } from './money.ts';

/** Daily closes of one security, oldest first, in today's shares (split-adjusted). */
export interface CloseSeries {
  dates: readonly string[];
  closes: readonly Decimal[];
}

/** The portfolio at one day's close. */
export interface DailyValue {
  date: string;
  /** Holdings at the day's closes plus cash. */
  value: Decimal;
  /** Money put in (positive) or taken out (negative) since the previous day in the series. */
  flow: Decimal;
}

/**
 * The portfolio's value at the close of each day of `calendar` (trading days, ascending).
 * Transactions dated between two trading days count on the next one; those before the first
 * day are the starting point (their flows are not in the series).
 *
 * Stored closes are split-adjusted: they are prices of today's shares. A position is turned
 * into today's shares with the splits the ledger records after that day, so a split is not a
 * jump in value. A day before a security's first stored close is valued at its last trade
 * price (in that day's shares).
 */
export function dailyValues(
  entries: readonly LedgerEntry[],
  calendar: readonly string[],
  closes: ReadonlyMap<string, CloseSeries>,
): DailyValue[] {
  const ledger = sortLedger(entries);
  const totalSplit = new Map<string, Decimal>();
  for (const entry of ledger) {
    if (entry.kind !== 'split') continue;
    const ratio = new Decimal(entry.splitTo!).div(entry.splitFrom!);
    totalSplit.set(entry.symbol!, (totalSplit.get(entry.symbol!) ?? new Decimal(1)).times(ratio));
  }
  const replay = new LedgerReplay();
  const cursors = new Map<string, number>();
  const series: DailyValue[] = [];
  let next = 0;
  for (const date of calendar) {
    let flow = zero;
    while (next < ledger.length && ledger[next]!.date <= date) {
      const outcome = replay.apply(ledger[next]!);
      if ('problem' in outcome) throw new Error(outcome.problem.message);
      flow = flow.plus(outcome.flow);
      next += 1;
    }
    let value = replay.cash;
    for (const position of replay.positions.values()) {
      if (position.quantity.isZero()) continue;
      const close = closeOn(closes.get(position.symbol), cursors, position.symbol, date);
      if (close) {
        const toToday = (totalSplit.get(position.symbol) ?? new Decimal(1)).div(
          position.splitFactor,
        );
        value = value.plus(position.quantity.times(toToday).times(close));
      } else if (position.lastTradePrice) {
        value = value.plus(position.quantity.times(position.lastTradePrice));
      }
    }
    series.push({ date, value, flow: series.length === 0 ? zero : flow });
  }
  return series;
}

/** The last close on or before `date`, advancing the symbol's cursor (dates only grow). */
function closeOn(
  series: CloseSeries | undefined,
  cursors: Map<string, number>,
  symbol: string,
  date: string,
): Decimal | undefined {
  if (!series) return undefined;
  let index = cursors.get(symbol) ?? -1;
  while (index + 1 < series.dates.length && series.dates[index + 1]! <= date) index += 1;
  cursors.set(symbol, index);
  return index >= 0 ? series.closes[index] : undefined;
}
