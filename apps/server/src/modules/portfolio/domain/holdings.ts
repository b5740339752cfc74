import { type LedgerEntry, LedgerReplay, type Position, sortLedger } from './ledger.ts';
import { Decimal, zero } from './money.ts';

/** The latest price of a security, and where it came from. */
export interface PriceNow {
  price: Decimal;
  /** The close of the trading day before `session`; null when unknown. */
  previousClose: Decimal | null;
  /** A market data source (`simulated`, `finnhub`, ...), or `trade` for the last trade price. */
  source: string;
  /** When the price was taken (ISO 8601). */
  asOf: string;
  /** The source could not be reached: this is the last price it gave. */
  delayed: boolean;
}

export interface HoldingFigures {
  symbol: string;
  quantity: Decimal;
  /** Cost of the shares held (FIFO lots, buy fees included) per share. */
  averageCost: Decimal;
  costBasis: Decimal;
  price: PriceNow;
  marketValue: Decimal;
  /** Gain since the previous close, trades made today counted at their price; null unknown. */
  dayChange: Decimal | null;
  unrealisedGain: Decimal;
  realisedGain: Decimal;
  dividends: Decimal;
  fees: Decimal;
  /** Share of the portfolio's total value (cash included), 0 to 1. */
  weight: Decimal;
}

/** A security no longer held that made or lost money while it was. */
export interface ClosedPosition {
  symbol: string;
  realisedGain: Decimal;
  dividends: Decimal;
  fees: Decimal;
}

export interface PortfolioTotals {
  marketValue: Decimal;
  cash: Decimal;
  /** Holdings at market plus cash. */
  totalValue: Decimal;
  costBasis: Decimal;
  unrealisedGain: Decimal;
  realisedGain: Decimal;
  dividends: Decimal;
  /** Trading fees and account fees. */
  fees: Decimal;
  deposits: Decimal;
  withdrawals: Decimal;
  /** Buys and fees the cash could not pay for, counted as money put in. */
  outsideFunding: Decimal;
  /** Money put in minus money taken out. */
  netContributions: Decimal;
  /** Total value minus net contributions: every gain and loss, dividends and fees included. */
  totalGain: Decimal;
  dayChange: Decimal | null;
  /** Day change over the value at the previous close (with today's trades); null unknown. */
  dayChangeRatio: Decimal | null;
}

export interface PortfolioFigures {
  holdings: HoldingFigures[];
  closed: ClosedPosition[];
  totals: PortfolioTotals;
}

/** Symbols of the securities a ledger holds now. */
export function heldSymbols(entries: readonly LedgerEntry[]): string[] {
  const replay = new LedgerReplay();
  for (const entry of sortLedger(entries)) replay.apply(entry);
  return [...replay.positions.values()]
    .filter((position) => !position.quantity.isZero())
    .map((position) => position.symbol);
}

interface DayStart {
  /** Shares held before the day's trades. */
  quantity: Decimal;
  /** Cash the day's buys cost minus what its sells brought in. */
  tradedCash: Decimal;
}

/**
 * Holdings, gains and totals of a ledger at today's prices. `session` is the trading day the
 * prices belong to: trades dated on it count in its day change at their own price. A symbol
 * with no price in `prices` is valued at its last trade price (source `trade`).
 */
export function portfolioFigures(
  entries: readonly LedgerEntry[],
  prices: ReadonlyMap<string, PriceNow>,
  session: string | null,
): PortfolioFigures {
  const replay = new LedgerReplay();
  const today = new Map<string, DayStart>();
  for (const entry of sortLedger(entries)) {
    if (session && entry.symbol && entry.date >= session && !today.has(entry.symbol)) {
      today.set(entry.symbol, {
        quantity: replay.positions.get(entry.symbol)?.quantity ?? zero,
        tradedCash: zero,
      });
    }
    const outcome = replay.apply(entry);
    if ('problem' in outcome) throw new Error(outcome.problem.message);
    const start = entry.symbol ? today.get(entry.symbol) : undefined;
    if (start && (entry.kind === 'buy' || entry.kind === 'sell')) {
      const value = entry.quantity!.times(entry.price!);
      start.tradedCash =
        entry.kind === 'buy' ? start.tradedCash.plus(value) : start.tradedCash.minus(value);
    }
  }

  const held: Omit<HoldingFigures, 'weight'>[] = [];
  const closed: ClosedPosition[] = [];
  for (const position of replay.positions.values()) {
    if (position.quantity.isZero()) {
      if (!(position.realisedGain.isZero() && position.dividends.isZero())) {
        const { symbol, realisedGain, dividends, fees } = position;
        closed.push({ symbol, realisedGain, dividends, fees });
      }
      continue;
    }
    held.push(holding(position, prices.get(position.symbol), today.get(position.symbol)));
  }

  const marketValue = sumOf(held, (item) => item.marketValue);
  const totalValue = marketValue.plus(replay.cash);
  const knownDayChanges = held.every((item) => item.dayChange !== null);
  const dayChange = knownDayChanges ? sumOf(held, (item) => item.dayChange!) : null;
  const valueBefore = dayChange ? totalValue.minus(dayChange) : zero;
  const positions = [...replay.positions.values()];
  const tradingFees = positions.reduce((total, position) => total.plus(position.fees), zero);
  const totals: PortfolioTotals = {
    marketValue,
    cash: replay.cash,
    totalValue,
    costBasis: sumOf(held, (item) => item.costBasis),
    unrealisedGain: sumOf(held, (item) => item.unrealisedGain),
    realisedGain: positions.reduce((total, position) => total.plus(position.realisedGain), zero),
    dividends: positions.reduce((total, position) => total.plus(position.dividends), zero),
    fees: tradingFees.plus(replay.accountFees),
    deposits: replay.deposits,
    withdrawals: replay.withdrawals,
    outsideFunding: replay.outsideFunding,
    netContributions: replay.netContributions,
    totalGain: totalValue.minus(replay.netContributions),
    dayChange,
    dayChangeRatio: dayChange && valueBefore.greaterThan(0) ? dayChange.div(valueBefore) : null,
  };
  const holdings = held
    .map((item) => ({
      ...item,
      weight: totalValue.greaterThan(0) ? item.marketValue.div(totalValue) : zero,
    }))
    .sort((a, b) => b.marketValue.comparedTo(a.marketValue) || a.symbol.localeCompare(b.symbol));
  closed.sort((a, b) => a.symbol.localeCompare(b.symbol));
  return { holdings, closed, totals };
}

function holding(
  position: Position,
  quoted: PriceNow | undefined,
  dayStart: DayStart | undefined,
): Omit<HoldingFigures, 'weight'> {
  const price: PriceNow = quoted ?? {
    price: position.lastTradePrice ?? zero,
    previousClose: null,
    source: 'trade',
    asOf: '',
    delayed: false,
  };
  const costBasis = position.costBasis;
  const marketValue = position.quantity.times(price.price);
  const start = dayStart ?? { quantity: position.quantity, tradedCash: zero };
  const dayChange = price.previousClose
    ? marketValue.minus(start.quantity.times(price.previousClose)).minus(start.tradedCash)
    : null;
  return {
    symbol: position.symbol,
    quantity: position.quantity,
    averageCost: costBasis.div(position.quantity),
    costBasis,
    price,
    marketValue,
    dayChange,
    unrealisedGain: marketValue.minus(costBasis),
    realisedGain: position.realisedGain,
    dividends: position.dividends,
    fees: position.fees,
  };
}

function sumOf<Item>(items: readonly Item[], value: (item: Item) => Decimal): Decimal {
  let total = new Decimal(0);
  for (const item of items) total = total.plus(value(item));
  return total;
}
