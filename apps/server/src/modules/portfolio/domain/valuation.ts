import { type LedgerEntry, LedgerReplay, type Position, sortLedger } from './ledger.ts';
import { closeScale, divideRounded, moneyScale, shareScale, tenTo, tradeValue } from './money.ts';
import { runNow, type Steps, stepEvery } from './steps.ts';

/** Daily closes of one security, oldest first, in today's shares (split-adjusted), in 1e-4. */
export interface CloseSeries {
  dates: readonly string[];
  closes: readonly bigint[];
}

/** The portfolio at one day's close, in money units (1e-14 dollars). */
export interface DailyValue {
  date: string;
  /** Holdings at the day's closes plus cash. */
  value: bigint;
  /** Money put in (positive) or taken out (negative) since the previous day in the series. */
  flow: bigint;
  /** The money put in and the money taken out that make `flow` (both 0 or more). */
  moneyIn: bigint;
  moneyOut: bigint;
}

/** A position's shares in today's shares: `quantity x to / from`, kept as a fraction. */
interface TodayShares {
  numerator: bigint;
  denominator: bigint;
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
  return runNow(dailyValueSteps(entries, calendar, closes));
}

/** `dailyValues` in steps (see steps.ts): a pause between days and every few transactions. */
export function* dailyValueSteps(
  entries: readonly LedgerEntry[],
  calendar: readonly string[],
  closes: ReadonlyMap<string, CloseSeries>,
): Steps<DailyValue[]> {
  const ledger = sortLedger(entries);
  // Every split of each symbol multiplied together: today's shares per share at the start.
  const allSplits = new Map<string, { to: bigint; from: bigint }>();
  for (let index = 0; index < ledger.length; index += 1) {
    if (index % stepEvery === 0) yield;
    const entry = ledger[index]!;
    if (entry.kind !== 'split') continue;
    const before = allSplits.get(entry.symbol!) ?? { to: 1n, from: 1n };
    allSplits.set(entry.symbol!, {
      to: before.to * BigInt(entry.splitTo!),
      from: before.from * BigInt(entry.splitFrom!),
    });
  }
  const todayShares = (position: Position): TodayShares => {
    const all = allSplits.get(position.symbol);
    if (!all) return { numerator: position.quantity, denominator: 1n };
    // The splits still to come: all of them over those replayed so far.
    return {
      numerator: position.quantity * all.to * position.splitFrom,
      denominator: all.from * position.splitTo,
    };
  };

  const replay = new LedgerReplay();
  const toMoney = tenTo(moneyScale - shareScale - closeScale);
  /** What each held security needs each day, rebuilt when one of its transactions applies. */
  const tracked = new Map<string, Tracked>();
  const series: DailyValue[] = [];
  let next = 0;
  for (const date of calendar) {
    yield;
    let moneyIn = 0n;
    let moneyOut = 0n;
    while (next < ledger.length && ledger[next]!.date <= date) {
      if (next % stepEvery === 0) yield;
      const entry = ledger[next]!;
      const outcome = replay.apply(entry);
      if ('problem' in outcome) throw new Error(outcome.problem.message);
      if (outcome.flow > 0n) moneyIn += outcome.flow;
      else moneyOut -= outcome.flow;
      if (entry.symbol) {
        const position = replay.positions.get(entry.symbol)!;
        const previous = tracked.get(entry.symbol);
        if (position.quantity === 0n) {
          tracked.delete(entry.symbol);
        } else {
          const shares = todayShares(position);
          tracked.set(entry.symbol, {
            position,
            closes: closes.get(entry.symbol),
            cursor: previous?.cursor ?? -1,
            scaled: shares.numerator * toMoney,
            denominator: shares.denominator,
          });
        }
      }
      next += 1;
    }
    let value = replay.cash;
    for (const holding of tracked.values()) {
      const close = closeOn(holding, date);
      if (close !== undefined) {
        const exact = holding.scaled * close;
        value += holding.denominator === 1n ? exact : divideRounded(exact, holding.denominator);
      } else if (holding.position.lastTradePrice !== null) {
        value += tradeValue(holding.position.quantity, holding.position.lastTradePrice);
      }
    }
    series.push(
      series.length === 0
        ? { date, value, flow: 0n, moneyIn: 0n, moneyOut: 0n }
        : { date, value, flow: moneyIn - moneyOut, moneyIn, moneyOut },
    );
  }
  return series;
}

interface Tracked {
  position: Position;
  closes: CloseSeries | undefined;
  /** Index of the last close on or before the day being valued; -1 before the first. */
  cursor: number;
  /** Today's shares times the scale from shares and closes to money, over `denominator`. */
  scaled: bigint;
  denominator: bigint;
}

/** The last close on or before `date`, advancing the holding's cursor (dates only grow). */
function closeOn(holding: Tracked, date: string): bigint | undefined {
  const series = holding.closes;
  if (!series) return undefined;
  let index = holding.cursor;
  while (index + 1 < series.dates.length && series.dates[index + 1]! <= date) index += 1;
  holding.cursor = index;
  return index >= 0 ? series.closes[index] : undefined;
}
