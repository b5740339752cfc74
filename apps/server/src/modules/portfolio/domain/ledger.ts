import type { TransactionKind } from '@tickerwise/shared';
import { Decimal, roundShares, zero } from './money.ts';

/** One transaction of the ledger, its numbers as exact decimals. */
export interface LedgerEntry {
  id: string;
  kind: TransactionKind;
  /** YYYY-MM-DD, the trading day it happened on. */
  date: string;
  symbol: string | null;
  quantity: Decimal | null;
  price: Decimal | null;
  amount: Decimal | null;
  fees: Decimal;
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

/** The ledger in the order it is replayed. */
export function sortLedger<Entry extends LedgerEntry>(entries: readonly Entry[]): Entry[] {
  return [...entries].sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      orderInDay[a.kind] - orderInDay[b.kind] ||
      a.seq - b.seq,
  );
}

/** Cash a transaction moves in the account: positive in, negative out. */
export function cashEffect(entry: LedgerEntry): Decimal {
  const fees = entry.fees;
  switch (entry.kind) {
    case 'buy':
      return entry.quantity!.times(entry.price!).plus(fees).negated();
    case 'sell':
      return entry.quantity!.times(entry.price!).minus(fees);
    case 'dividend':
      return entry.amount!.minus(fees);
    case 'deposit':
      return entry.amount!;
    case 'withdrawal':
    case 'fee':
      return entry.amount!.negated();
    case 'split':
      return zero;
  }
}

/** A purchase not yet sold: FIFO sells take from the oldest lot first. */
export interface Lot {
  date: string;
  quantity: Decimal;
  /** What the remaining shares cost, their share of the buy's fees included. */
  cost: Decimal;
}

/** One security as the ledger stands. */
export class Position {
  readonly lots: Lot[] = [];
  quantity = zero;
  /** Proceeds of sells (after their fees) minus the FIFO cost of the shares sold. */
  realisedGain = zero;
  /** Dividends received, after tax withheld. */
  dividends = zero;
  /** Trading fees paid on this security's buys and sells. */
  fees = zero;
  /** Price of the latest buy or sell, in today's shares after the splits since (a fallback). */
  lastTradePrice: Decimal | null = null;
  /** Product of the splits replayed so far (shares now per share at the first entry). */
  splitFactor = new Decimal(1);

  constructor(readonly symbol: string) {}

  get costBasis(): Decimal {
    let total = zero;
    for (const lot of this.lots) total = total.plus(lot.cost);
    return total;
  }
}

/** Why a ledger cannot stand: the transaction at fault and the field to correct. */
export interface LedgerProblem {
  transactionId: string;
  field: 'quantity' | 'amount';
  message: string;
}

const shares = (value: Decimal) => value.toDecimalPlaces(8).toFixed();
const dollars = (value: Decimal) => `$${value.toFixed(2)}`;

/**
 * Replays transactions in ledger order: positions with their FIFO lots, cash, and the money
 * that came from outside. Cash never goes below zero: a buy or fee the balance cannot pay for
 * is funded from outside, and that shortfall counts as money put in on that day (so a user
 * who records only trades still gets true returns). A sell of more shares than are held, or a
 * withdrawal of more cash than there is, makes the ledger invalid.
 */
export class LedgerReplay {
  readonly positions = new Map<string, Position>();
  cash = zero;
  deposits = zero;
  withdrawals = zero;
  /** Shortfalls of buys and fees paid from outside the account. */
  outsideFunding = zero;
  /** Account fees (the `fee` kind); trading fees are on their positions. */
  accountFees = zero;

  position(symbol: string): Position {
    let position = this.positions.get(symbol);
    if (!position) {
      position = new Position(symbol);
      this.positions.set(symbol, position);
    }
    return position;
  }

  /** Money put in minus money taken out. */
  get netContributions(): Decimal {
    return this.deposits.plus(this.outsideFunding).minus(this.withdrawals);
  }

  /**
   * Applies one transaction (in ledger order). Returns the external cash flow it made (money
   * in positive), or the problem that makes it impossible.
   */
  apply(entry: LedgerEntry): { flow: Decimal } | { problem: LedgerProblem } {
    let flow = zero;
    switch (entry.kind) {
      case 'buy':
        this.buy(entry);
        break;
      case 'sell': {
        const problem = this.sell(entry);
        if (problem) return { problem };
        break;
      }
      case 'dividend':
        this.position(entry.symbol!).dividends = this.position(entry.symbol!).dividends.plus(
          entry.amount!.minus(entry.fees),
        );
        break;
      case 'split':
        this.split(entry);
        break;
      case 'deposit':
        this.deposits = this.deposits.plus(entry.amount!);
        flow = entry.amount!;
        break;
      case 'withdrawal':
        if (entry.amount!.greaterThan(this.cash)) {
          return {
            problem: {
              transactionId: entry.id,
              field: 'amount',
              message: `Cash on ${entry.date} was ${dollars(this.cash)}: a withdrawal of ${dollars(entry.amount!)} is more than that.`,
            },
          };
        }
        this.withdrawals = this.withdrawals.plus(entry.amount!);
        flow = entry.amount!.negated();
        break;
      case 'fee':
        this.accountFees = this.accountFees.plus(entry.amount!);
        break;
    }
    this.cash = this.cash.plus(cashEffect(entry));
    if (this.cash.isNegative()) {
      const shortfall = this.cash.negated();
      this.outsideFunding = this.outsideFunding.plus(shortfall);
      flow = flow.plus(shortfall);
      this.cash = zero;
    }
    return { flow };
  }

  private buy(entry: LedgerEntry): void {
    const position = this.position(entry.symbol!);
    const quantity = entry.quantity!;
    position.lots.push({
      date: entry.date,
      quantity,
      cost: quantity.times(entry.price!).plus(entry.fees),
    });
    position.quantity = position.quantity.plus(quantity);
    position.fees = position.fees.plus(entry.fees);
    position.lastTradePrice = entry.price!;
  }

  private sell(entry: LedgerEntry): LedgerProblem | undefined {
    const position = this.position(entry.symbol!);
    const quantity = entry.quantity!;
    if (quantity.greaterThan(position.quantity)) {
      return {
        transactionId: entry.id,
        field: 'quantity',
        message: position.quantity.isZero()
          ? `You held no ${entry.symbol} on ${entry.date}, so there is nothing to sell.`
          : `You held ${shares(position.quantity)} ${entry.symbol} on ${entry.date}: a sell of ${shares(quantity)} is more than that.`,
      };
    }
    let remaining = quantity;
    let soldCost = zero;
    while (remaining.greaterThan(0)) {
      const lot = position.lots[0]!;
      const taken = Decimal.min(lot.quantity, remaining);
      const cost = taken.equals(lot.quantity) ? lot.cost : lot.cost.times(taken).div(lot.quantity);
      soldCost = soldCost.plus(cost);
      lot.quantity = lot.quantity.minus(taken);
      lot.cost = lot.cost.minus(cost);
      if (lot.quantity.isZero()) position.lots.shift();
      remaining = remaining.minus(taken);
    }
    position.quantity = position.quantity.minus(quantity);
    const proceeds = quantity.times(entry.price!).minus(entry.fees);
    position.realisedGain = position.realisedGain.plus(proceeds.minus(soldCost));
    position.fees = position.fees.plus(entry.fees);
    position.lastTradePrice = entry.price!;
    return undefined;
  }

  /** Every lot gets `splitTo / splitFrom` times its shares for the same cost. */
  private split(entry: LedgerEntry): void {
    const position = this.position(entry.symbol!);
    const ratio = new Decimal(entry.splitTo!).div(entry.splitFrom!);
    let total = zero;
    for (const lot of position.lots) {
      lot.quantity = roundShares(lot.quantity.times(ratio));
      total = total.plus(lot.quantity);
    }
    // A lot a reverse split rounded away holds no shares (brokers pay such fractions in cash).
    const kept = position.lots.filter((lot) => !lot.quantity.isZero());
    position.lots.splice(0, position.lots.length, ...kept);
    position.quantity = total;
    position.splitFactor = position.splitFactor.times(ratio);
    if (position.lastTradePrice) position.lastTradePrice = position.lastTradePrice.div(ratio);
  }
}

/** Replays a whole ledger; the first problem found, if any. */
export function findLedgerProblem(entries: readonly LedgerEntry[]): LedgerProblem | undefined {
  return findLedgerProblems(entries, 1)[0];
}

/**
 * Replays a whole ledger and lists up to `limit` problems: a transaction that cannot stand is
 * left out and the replay goes on, so one bad row of an import does not hide the next.
 */
export function findLedgerProblems(
  entries: readonly LedgerEntry[],
  limit = Number.POSITIVE_INFINITY,
): LedgerProblem[] {
  const replay = new LedgerReplay();
  const problems: LedgerProblem[] = [];
  for (const entry of sortLedger(entries)) {
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
      return `the ${entry.kind} of ${shares(entry.quantity!)} ${entry.symbol} ${on}`;
    case 'dividend':
      return `the ${entry.symbol} dividend ${on}`;
    case 'split':
      return `the ${entry.symbol} split ${on}`;
    case 'deposit':
    case 'withdrawal':
      return `the ${entry.kind} of ${dollars(entry.amount!)} ${on}`;
    case 'fee':
      return `the fee of ${dollars(entry.amount!)} ${on}`;
  }
}
