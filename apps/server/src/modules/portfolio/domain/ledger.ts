import { splitFactorMax, type TransactionKind } from '@tickerwise/shared';
import { cashScale, divideRounded, moneyOf, shareScale, tenTo, tradeValue } from './money.ts';
import { runNow, type Steps, stepEvery } from './steps.ts';

/**
 * One transaction of the ledger, its numbers as exact integers (see money.ts): shares in
 * 1e-8, the price per share in 1e-6, amount and fees in 1e-4 dollars.
 */
export interface LedgerEntry {
  id: string;
  kind: TransactionKind;
  /** YYYY-MM-DD, the trading day it happened on. */
  date: string;
  symbol: string | null;
  quantity: bigint | null;
  price: bigint | null;
  amount: bigint | null;
  fees: bigint;
  splitTo: number | null;
  splitFrom: number | null;
  /** Order of entry: breaks ties between transactions of the same kind on the same day. */
  seq: number;
}

/**
 * The order of a day's transactions: a split takes effect at the open, money arrives before
 * it is spent, buys before sells (a day trade sells what it bought that morning), and
 * withdrawals come last, once the day's sales have settled.
 */
const orderInDay: Record<TransactionKind, number> = {
  split: 0,
  deposit: 1,
  dividend: 2,
  buy: 3,
  sell: 4,
  fee: 5,
  withdrawal: 6,
};

/** Ledgers `sortLedger` made: already in order, so sorting them again is free. */
const sortedLedgers = new WeakSet<readonly LedgerEntry[]>();

/** The ledger in the order it is replayed (a new array; the entries are shared). */
export function sortLedger<Entry extends LedgerEntry>(entries: readonly Entry[]): readonly Entry[] {
  if (sortedLedgers.has(entries)) return entries;
  const sorted = [...entries].sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      orderInDay[a.kind] - orderInDay[b.kind] ||
      a.seq - b.seq,
  );
  sortedLedgers.add(sorted);
  return sorted;
}

/**
 * `sortLedger` in steps (see steps.ts), for entries already in date order (as the ledger is
 * read): only each day's transactions are put in order, a day at a time.
 */
export function* sortLedgerSteps<Entry extends LedgerEntry>(
  entries: readonly Entry[],
): Steps<readonly Entry[]> {
  if (sortedLedgers.has(entries)) return entries;
  const sorted: Entry[] = [];
  let start = 0;
  while (start < entries.length) {
    let end = start + 1;
    while (end < entries.length && entries[end]!.date === entries[start]!.date) end += 1;
    if (end < entries.length && entries[end]!.date < entries[start]!.date) {
      // Not in date order after all (an import's rows after the ledger): merged in steps.
      return yield* mergeSortSteps(entries);
    }
    const day = entries.slice(start, end);
    if (day.length > 1) {
      day.sort((a, b) => orderInDay[a.kind] - orderInDay[b.kind] || a.seq - b.seq);
    }
    for (const entry of day) sorted.push(entry);
    if (sorted.length % stepEvery < day.length) yield;
    start = end;
  }
  sortedLedgers.add(sorted);
  return sorted;
}

const inLedgerOrder = (a: LedgerEntry, b: LedgerEntry) =>
  (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
  orderInDay[a.kind] - orderInDay[b.kind] ||
  a.seq - b.seq;

/** Entries in ledger order by a bottom-up merge sort (stable), pausing as it goes. */
function* mergeSortSteps<Entry extends LedgerEntry>(
  entries: readonly Entry[],
): Steps<readonly Entry[]> {
  let from = [...entries];
  let to = new Array<Entry>(from.length);
  let steps = 0;
  for (let width = 1; width < from.length; width *= 2) {
    for (let left = 0; left < from.length; left += 2 * width) {
      const middle = Math.min(left + width, from.length);
      const right = Math.min(left + 2 * width, from.length);
      let i = left;
      let j = middle;
      for (let k = left; k < right; k += 1) {
        to[k] =
          i < middle && (j >= right || inLedgerOrder(from[i]!, from[j]!) <= 0)
            ? from[i++]!
            : from[j++]!;
        if (++steps % (stepEvery * 16) === 0) yield;
      }
    }
    [from, to] = [to, from];
  }
  sortedLedgers.add(from);
  return from;
}

/** Cash a transaction moves in the account, in money units: positive in, negative out. */
export function cashEffect(entry: LedgerEntry): bigint {
  const fees = moneyOf(entry.fees, cashScale);
  switch (entry.kind) {
    case 'buy':
      return -(tradeValue(entry.quantity!, entry.price!) + fees);
    case 'sell':
      return tradeValue(entry.quantity!, entry.price!) - fees;
    case 'dividend':
      return moneyOf(entry.amount!, cashScale) - fees;
    case 'deposit':
      return moneyOf(entry.amount!, cashScale);
    case 'withdrawal':
    case 'fee':
      return -moneyOf(entry.amount!, cashScale);
    case 'split':
      return 0n;
  }
}

/** A purchase not yet sold: FIFO sells take from the oldest lot first. */
export interface Lot {
  date: string;
  /** Shares left (1e-8). */
  quantity: bigint;
  /** What the shares left cost, their share of the buy's fees included (money units). */
  cost: bigint;
}

/** One security as the ledger stands; amounts in money units (1e-14 dollars). */
export class Position {
  readonly lots: Lot[] = [];
  /** Index of the oldest lot with shares left: FIFO consumes from the front. */
  private head = 0;
  quantity = 0n;
  /** Proceeds of sells (after their fees) minus the FIFO cost of the shares sold. */
  realisedGain = 0n;
  /** Dividends received, after tax withheld. */
  dividends = 0n;
  /** Trading fees paid on this security's buys and sells. */
  fees = 0n;
  /** Price of the latest buy or sell (1e-6), in shares as they are after the splits since. */
  lastTradePrice: bigint | null = null;
  /** Splits replayed so far: shares now for `splitFrom` shares at the first entry. */
  splitTo = 1n;
  splitFrom = 1n;

  constructor(readonly symbol: string) {}

  get costBasis(): bigint {
    let total = 0n;
    for (let index = this.head; index < this.lots.length; index += 1) {
      total += this.lots[index]!.cost;
    }
    return total;
  }

  add(lot: Lot): void {
    this.lots.push(lot);
    this.quantity += lot.quantity;
  }

  /** Takes `quantity` shares from the oldest lots; returns what they cost. */
  takeFirstIn(quantity: bigint): bigint {
    let remaining = quantity;
    let cost = 0n;
    while (remaining > 0n) {
      const lot = this.lots[this.head]!;
      if (lot.quantity <= remaining) {
        cost += lot.cost;
        remaining -= lot.quantity;
        lot.quantity = 0n;
        lot.cost = 0n;
        this.head += 1;
      } else {
        const part = divideRounded(lot.cost * remaining, lot.quantity);
        cost += part;
        lot.cost -= part;
        lot.quantity -= remaining;
        remaining = 0n;
      }
    }
    this.quantity -= quantity;
    if (this.head > 64 && this.head * 2 > this.lots.length) {
      this.lots.splice(0, this.head);
      this.head = 0;
    }
    return cost;
  }

  /** Every lot gets `to / from` times its shares (rounded to 1e-8) for the same cost. */
  split(to: bigint, from: bigint): void {
    let total = 0n;
    const kept: Lot[] = [];
    for (let index = this.head; index < this.lots.length; index += 1) {
      const lot = this.lots[index]!;
      lot.quantity = divideRounded(lot.quantity * to, from);
      // A lot a reverse split rounded away holds no shares (brokers pay such fractions in cash).
      if (lot.quantity > 0n) kept.push(lot);
      total += lot.quantity;
    }
    this.lots.splice(0, this.lots.length, ...kept);
    this.head = 0;
    this.quantity = total;
    this.splitTo *= to;
    this.splitFrom *= from;
    if (this.lastTradePrice !== null) {
      this.lastTradePrice = divideRounded(this.lastTradePrice * from, to);
    }
  }
}

/** Why a ledger cannot stand: the transaction at fault and the field to correct. */
export interface LedgerProblem {
  transactionId: string;
  field: 'quantity' | 'amount' | 'splitTo';
  message: string;
}

/** Shares as text: "20", "0.5". */
export function sharesText(value: bigint): string {
  const whole = value / tenTo(shareScale);
  const fraction = (value % tenTo(shareScale)).toString().padStart(shareScale, '0');
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${whole}.${trimmed}` : `${whole}`;
}

/** Money as "$1234.50", rounded to the cent. */
export function dollarsText(value: bigint): string {
  const cents = divideRounded(value, tenTo(12));
  const sign = cents < 0n ? '-' : '';
  const absolute = cents < 0n ? -cents : cents;
  return `${sign}$${absolute / 100n}.${(absolute % 100n).toString().padStart(2, '0')}`;
}

/**
 * Replays transactions in ledger order: positions with their FIFO lots, cash, and the money
 * that came from outside. Cash never goes below zero: a buy or fee the balance cannot pay for
 * is funded from outside, and that shortfall counts as money put in on that day (so a user
 * who records only trades still gets true returns). A sell of more shares than are held, or a
 * withdrawal of more cash than there is, makes the ledger invalid.
 */
export class LedgerReplay {
  readonly positions = new Map<string, Position>();
  cash = 0n;
  deposits = 0n;
  withdrawals = 0n;
  /** Shortfalls of buys and fees paid from outside the account. */
  outsideFunding = 0n;
  /** Account fees (the `fee` kind); trading fees are on their positions. */
  accountFees = 0n;

  position(symbol: string): Position {
    let position = this.positions.get(symbol);
    if (!position) {
      position = new Position(symbol);
      this.positions.set(symbol, position);
    }
    return position;
  }

  /** Money put in minus money taken out. */
  get netContributions(): bigint {
    return this.deposits + this.outsideFunding - this.withdrawals;
  }

  /**
   * Applies one transaction (in ledger order). Returns the external cash flow it made (money
   * in positive), or the problem that makes it impossible (and then changes nothing).
   */
  apply(entry: LedgerEntry): { flow: bigint } | { problem: LedgerProblem } {
    let flow = 0n;
    const effect = cashEffect(entry);
    switch (entry.kind) {
      case 'buy': {
        const position = this.position(entry.symbol!);
        position.add({ date: entry.date, quantity: entry.quantity!, cost: -effect });
        position.fees += moneyOf(entry.fees, cashScale);
        position.lastTradePrice = entry.price!;
        break;
      }
      case 'sell': {
        const position = this.position(entry.symbol!);
        const quantity = entry.quantity!;
        if (quantity > position.quantity) {
          return {
            problem: {
              transactionId: entry.id,
              field: 'quantity',
              message:
                position.quantity === 0n
                  ? `You held no ${entry.symbol} on ${entry.date}, so there is nothing to sell.`
                  : `You held ${sharesText(position.quantity)} ${entry.symbol} on ${entry.date}: a sell of ${sharesText(quantity)} is more than that.`,
            },
          };
        }
        position.realisedGain += effect - position.takeFirstIn(quantity);
        position.fees += moneyOf(entry.fees, cashScale);
        position.lastTradePrice = entry.price!;
        break;
      }
      case 'dividend':
        this.position(entry.symbol!).dividends += effect;
        break;
      case 'split': {
        const position = this.position(entry.symbol!);
        const to = BigInt(entry.splitTo!);
        const from = BigInt(entry.splitFrom!);
        // PRODUCT.md 3.18: the splits of one holding multiplied together stay within
        // splitFactorMax on either side, so share counts keep a bounded number of digits.
        const allTo = position.splitTo * to;
        const allFrom = position.splitFrom * from;
        if (allTo > BigInt(splitFactorMax) || allFrom > BigInt(splitFactorMax)) {
          return {
            problem: {
              transactionId: entry.id,
              field: 'splitTo',
              message: `With the split of ${entry.date}, the splits of ${entry.symbol} come to ${groupedDigits(allTo)} new shares for every ${groupedDigits(allFrom)} held at first: all the splits of one holding together may come to at most ${groupedDigits(BigInt(splitFactorMax))} on either side.`,
            },
          };
        }
        position.split(to, from);
        break;
      }
      case 'deposit':
        this.deposits += effect;
        flow = effect;
        break;
      case 'withdrawal':
        if (-effect > this.cash) {
          return {
            problem: {
              transactionId: entry.id,
              field: 'amount',
              message: `Cash on ${entry.date} was ${dollarsText(this.cash)}: a withdrawal of ${dollarsText(-effect)} is more than that.`,
            },
          };
        }
        this.withdrawals -= effect;
        flow = effect;
        break;
      case 'fee':
        this.accountFees -= effect;
        break;
    }
    this.cash += effect;
    if (this.cash < 0n) {
      this.outsideFunding -= this.cash;
      flow -= this.cash;
      this.cash = 0n;
    }
    return { flow };
  }
}

/** 1000000 as "1,000,000". */
function groupedDigits(value: bigint): string {
  return value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Replays a whole ledger; the first problem found, if any. */
export function findLedgerProblem(entries: readonly LedgerEntry[]): LedgerProblem | undefined {
  return runNow(ledgerProblemSteps(entries, 1))[0];
}

/**
 * Replays a whole ledger, in steps (see steps.ts), and lists up to `limit` problems: a
 * transaction that cannot stand is left out and the replay goes on, so one bad row of an
 * import does not hide the next.
 */
export function* ledgerProblemSteps(
  entries: readonly LedgerEntry[],
  limit = Number.POSITIVE_INFINITY,
): Steps<LedgerProblem[]> {
  const replay = new LedgerReplay();
  const problems: LedgerProblem[] = [];
  const sorted = yield* sortLedgerSteps(entries);
  for (let index = 0; index < sorted.length; index += 1) {
    if (index % stepEvery === 0) yield index;
    const entry = sorted[index]!;
    const outcome = replay.apply(entry);
    if ('problem' in outcome) {
      problems.push(outcome.problem);
      if (problems.length >= limit) break;
    }
  }
  return problems;
}

/** A transaction in words: "the sell of 10 AAA on 2024-03-01". */
export function describeEntry(entry: LedgerEntry): string {
  const on = `on ${entry.date}`;
  switch (entry.kind) {
    case 'buy':
    case 'sell':
      return `the ${entry.kind} of ${sharesText(entry.quantity!)} ${entry.symbol} ${on}`;
    case 'dividend':
      return `the ${entry.symbol} dividend ${on}`;
    case 'split':
      return `the ${entry.symbol} split ${on}`;
    case 'deposit':
    case 'withdrawal':
      return `the ${entry.kind} of ${dollarsText(moneyOf(entry.amount!, cashScale))} ${on}`;
    case 'fee':
      return `the fee of ${dollarsText(moneyOf(entry.amount!, cashScale))} ${on}`;
  }
}
