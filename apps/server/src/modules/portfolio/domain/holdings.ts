import { type LedgerEntry, LedgerReplay, type Position, sortLedger } from './ledger.ts';
import {
  type Decimal,
  money,
  priceScale,
  roundedToCent,
  shares,
  toDecimal,
  tradeValue,
  zero,
} from './money.ts';
import { runNow, type Steps, stepEvery } from './steps.ts';

/** The latest price of a security, and where it came from. */
export interface PriceNow {
  /** Dollars per share in 1e-6. */
  price: bigint;
  /** The close of the trading day before `session` (1e-6); null when unknown. */
  previousClose: bigint | null;
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
  price: Decimal;
  previousClose: Decimal | null;
  priceSource: Omit<PriceNow, 'price' | 'previousClose'>;
  marketValue: Decimal;
  /** Gain since the previous close, trades made today counted at their price; null unknown. */
  dayChange: Decimal | null;
  /**
   * What the day change is measured from: the shares held before the day's trades at the
   * previous close, plus the day's buys less its sells (so `marketValue - dayBase`); null unknown.
   */
  dayBase: Decimal | null;
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

/** The ledger replayed to its end; what holdings and the held symbols are read from. */
export function replayLedger(entries: readonly LedgerEntry[]): LedgerReplay {
  return runNow(replaySteps(entries));
}

/** `replayLedger` in steps (see steps.ts). */
export function* replaySteps(entries: readonly LedgerEntry[]): Steps<LedgerReplay> {
  const replay = new LedgerReplay();
  const sorted = sortLedger(entries);
  for (let index = 0; index < sorted.length; index += 1) {
    if (index % stepEvery === 0) yield;
    const entry = sorted[index]!;
    const outcome = replay.apply(entry);
    // Every write checks the whole ledger, so a stored one always stands.
    if ('problem' in outcome) throw new Error(outcome.problem.message);
  }
  return replay;
}

/** Symbols of the securities a replayed ledger holds at its end. */
export function heldSymbols(replay: LedgerReplay): string[] {
  return [...replay.positions.values()]
    .filter((position) => position.quantity > 0n)
    .map((position) => position.symbol);
}

interface DayStart {
  /** Shares held before the day's trades. */
  quantity: bigint;
  /** Cash the day's buys cost minus what its sells brought in (money units). */
  tradedCash: bigint;
}

/**
 * How each symbol traded on `session` stood before: the ledger's last transactions (it is in
 * date order) undone. A symbol that split that day has no known day change.
 */
function dayStarts(
  sorted: readonly LedgerEntry[],
  replay: LedgerReplay,
  session: string | null,
): Map<string, DayStart | null> {
  const starts = new Map<string, { delta: bigint; tradedCash: bigint } | null>();
  for (let index = sorted.length - 1; index >= 0 && session; index -= 1) {
    const entry = sorted[index]!;
    if (entry.date < session) break;
    if (!entry.symbol) continue;
    const start = starts.has(entry.symbol)
      ? starts.get(entry.symbol)!
      : { delta: 0n, tradedCash: 0n };
    if (!start || entry.kind === 'split') {
      starts.set(entry.symbol, null);
      continue;
    }
    if (entry.kind === 'buy' || entry.kind === 'sell') {
      const value = tradeValue(entry.quantity!, entry.price!);
      const sign = entry.kind === 'buy' ? 1n : -1n;
      start.delta += sign * entry.quantity!;
      start.tradedCash += sign * value;
    }
    starts.set(entry.symbol, start);
  }
  const result = new Map<string, DayStart | null>();
  for (const [symbol, start] of starts) {
    const quantity = replay.positions.get(symbol)?.quantity ?? 0n;
    result.set(
      symbol,
      start ? { quantity: quantity - start.delta, tradedCash: start.tradedCash } : null,
    );
  }
  return result;
}

/**
 * Holdings, gains and totals of a ledger at today's prices. `session` is the trading day the
 * prices belong to: trades dated on it count in its day change at their own price. A symbol
 * with no price in `prices` is valued at its last trade price (source `trade`). `replayed` is
 * the ledger already replayed to its end, when the caller keeps one.
 */
export function portfolioFigures(
  entries: readonly LedgerEntry[],
  prices: ReadonlyMap<string, PriceNow>,
  session: string | null,
  replayed?: LedgerReplay,
): PortfolioFigures {
  const sorted = sortLedger(entries);
  const replay = replayed ?? replayLedger(sorted);
  const today = dayStarts(sorted, replay, session);

  const held: Raw[] = [];
  const closed: ClosedPosition[] = [];
  for (const position of replay.positions.values()) {
    if (position.quantity === 0n) {
      if (position.realisedGain !== 0n || position.dividends !== 0n) {
        closed.push({
          symbol: position.symbol,
          realisedGain: money(position.realisedGain),
          dividends: money(position.dividends),
          fees: money(position.fees),
        });
      }
      continue;
    }
    const start = today.get(position.symbol);
    held.push(
      rawHolding(position, prices.get(position.symbol), start === null ? 'unknown' : start),
    );
  }

  let marketValue = 0n;
  let costBasis = 0n;
  let dayChange: bigint | null = 0n;
  for (const item of held) {
    marketValue += item.marketValue;
    costBasis += item.costBasis;
    dayChange = dayChange !== null && item.dayChange !== null ? dayChange + item.dayChange : null;
  }
  let realisedGain = 0n;
  let dividends = 0n;
  let tradingFees = 0n;
  for (const position of replay.positions.values()) {
    realisedGain += position.realisedGain;
    dividends += position.dividends;
    tradingFees += position.fees;
  }
  // Holdings' figures are to the cent (see `rawHolding`), and so are cash and contributions:
  // every total is the sum of the figures shown with it.
  const cash = roundedToCent(replay.cash);
  const netContributions = roundedToCent(replay.netContributions);
  const totalValue = marketValue + cash;
  const valueBefore = dayChange === null ? 0n : totalValue - dayChange;
  const totalDecimal = money(totalValue);
  const totals: PortfolioTotals = {
    marketValue: money(marketValue),
    cash: money(cash),
    totalValue: totalDecimal,
    costBasis: money(costBasis),
    unrealisedGain: money(marketValue - costBasis),
    realisedGain: money(realisedGain),
    dividends: money(dividends),
    fees: money(tradingFees + replay.accountFees),
    deposits: money(replay.deposits),
    withdrawals: money(replay.withdrawals),
    outsideFunding: money(replay.outsideFunding),
    netContributions: money(netContributions),
    totalGain: money(totalValue - netContributions),
    dayChange: dayChange === null ? null : money(dayChange),
    dayChangeRatio:
      dayChange !== null && valueBefore > 0n ? money(dayChange).div(money(valueBefore)) : null,
  };
  const holdings = held
    .sort((a, b) =>
      a.marketValue === b.marketValue
        ? a.position.symbol.localeCompare(b.position.symbol)
        : a.marketValue > b.marketValue
          ? -1
          : 1,
    )
    .map((item) => figuresOf(item, totalValue > 0n ? totalDecimal : null));
  closed.sort((a, b) => a.symbol.localeCompare(b.symbol));
  return { holdings, closed, totals };
}

/** A holding in exact units, before it is turned into decimals. */
interface Raw {
  position: Position;
  price: PriceNow;
  costBasis: bigint;
  marketValue: bigint;
  dayBase: bigint | null;
  dayChange: bigint | null;
}

function rawHolding(
  position: Position,
  quoted: PriceNow | undefined,
  dayStart: DayStart | 'unknown' | undefined,
): Raw {
  const price: PriceNow = quoted ?? {
    price: position.lastTradePrice ?? 0n,
    previousClose: null,
    source: 'trade',
    asOf: '',
    delayed: false,
  };
  // A holding's value, cost and day base are shown to the cent, and its gains are the
  // differences of what is shown: value - cost, value - day base.
  const marketValue = roundedToCent(tradeValue(position.quantity, price.price));
  const start = dayStart ?? { quantity: position.quantity, tradedCash: 0n };
  const dayBase =
    price.previousClose === null || start === 'unknown'
      ? null
      : roundedToCent(tradeValue(start.quantity, price.previousClose) + start.tradedCash);
  const dayChange = dayBase === null ? null : marketValue - dayBase;
  const costBasis = roundedToCent(position.costBasis);
  return { position, price, costBasis, marketValue, dayBase, dayChange };
}

function figuresOf(raw: Raw, totalValue: Decimal | null): HoldingFigures {
  const { position, price } = raw;
  const marketValue = money(raw.marketValue);
  const costBasis = money(raw.costBasis);
  const quantity = shares(position.quantity);
  return {
    symbol: position.symbol,
    quantity,
    averageCost: money(position.costBasis).div(quantity),
    costBasis,
    price: toDecimal(price.price, priceScale),
    previousClose: price.previousClose === null ? null : toDecimal(price.previousClose, priceScale),
    priceSource: { source: price.source, asOf: price.asOf, delayed: price.delayed },
    marketValue,
    dayChange: raw.dayChange === null ? null : money(raw.dayChange),
    dayBase: raw.dayBase === null ? null : money(raw.dayBase),
    unrealisedGain: marketValue.minus(costBasis),
    realisedGain: money(position.realisedGain),
    dividends: money(position.dividends),
    fees: money(position.fees),
    weight: totalValue ? marketValue.div(totalValue) : zero,
  };
}
