import {
  moneyOf,
  priceUnits,
  ratioOf,
  roundedToCent,
  sharesValue,
  toCents,
  unitsText,
} from './exact-money.ts';
import type {
  AllocationSlice,
  Holding,
  HoldingsResponse,
  PortfolioSummary,
  PricesNote,
} from './portfolio.ts';

/** A newer price of a symbol than the one figures were computed at (a live price). */
export interface NewerPrice {
  /** US dollars per share. */
  price: number;
  /** When it was taken (ISO 8601). */
  asOf: string;
}

/**
 * The newer price that replaces a figure's price: only over a market price (a last trade
 * price has no instant to compare) and only when it was taken later.
 */
function newerPrice(
  prices: ReadonlyMap<string, NewerPrice>,
  symbol: string,
  asOf: string | null,
): NewerPrice | null {
  const newer = prices.get(symbol);
  if (!newer || asOf === null || newer.asOf <= asOf) return null;
  return newer;
}

/** The prices note with revalued prices' instants: the oldest price used, any last known one. */
function noteOf(
  note: PricesNote,
  used: readonly { asOf: string | null; delayed?: boolean }[],
): PricesNote {
  let asOf: string | null = null;
  let delayed = false;
  for (const price of used) {
    if (price.asOf && (asOf === null || price.asOf < asOf)) asOf = price.asOf;
    delayed ||= price.delayed === true;
  }
  return { ...note, asOf, delayed };
}

const cents = (value: bigint | null) => (value === null ? null : toCents(value));

const typeLabels = { stock: 'Stocks', etf: 'ETFs' } as const;

/**
 * How the total value is spread by holding, sector (ETFs one slice) and type, cash a slice of
 * its own: the server's allocation, of revalued market values. Largest slice first.
 */
function allocationOf(
  rows: readonly { holding: Holding; value: bigint }[],
  cash: bigint,
  totalValue: bigint,
): HoldingsResponse['allocation'] {
  const byHolding = new Map<string, { label: string; value: bigint }>();
  const bySector = new Map<string, { label: string; value: bigint }>();
  const byType = new Map<string, { label: string; value: bigint }>();
  const add = (
    slices: Map<string, { label: string; value: bigint }>,
    key: string,
    label: string,
    value: bigint,
  ) => {
    const slice = slices.get(key);
    if (slice) slice.value += value;
    else slices.set(key, { label, value });
  };
  for (const { holding, value } of rows) {
    add(byHolding, holding.symbol, holding.symbol, value);
    if (holding.type === 'etf') add(bySector, 'etf', 'ETFs', value);
    else if (holding.sector) add(bySector, holding.sector, holding.sector, value);
    else add(bySector, 'unknown', 'Sector not known', value);
    const type = holding.type;
    add(byType, type ?? 'unknown', type ? typeLabels[type] : 'Type not known', value);
  }
  if (cash > 0n)
    for (const slices of [byHolding, bySector, byType]) add(slices, 'cash', 'Cash', cash);
  const slicesOf = (slices: Map<string, { label: string; value: bigint }>): AllocationSlice[] =>
    [...slices.entries()]
      .sort(([keyA, a], [keyB, b]) =>
        a.value === b.value ? keyA.localeCompare(keyB) : a.value > b.value ? -1 : 1,
      )
      .map(([key, { label, value }]) => ({
        key,
        label,
        value: toCents(value),
        weight: ratioOf(value, totalValue) ?? 0,
      }));
  return { byHolding: slicesOf(byHolding), bySector: slicesOf(bySector), byType: slicesOf(byType) };
}

/** A holding's value at a price, to the cent as the server shows and sums it. */
const valueAt = (quantity: string, price: bigint) => roundedToCent(sharesValue(quantity, price));

/**
 * A portfolio's holdings, totals and allocation revalued at newer prices exactly as the server
 * computes them: a holding's value is shares x price to the cent, its day change that value
 * less its day base (so a holding bought today gains from its buy price), its unrealised gain
 * that value less its cost; every total is the sum of the rows. So every figure on screen
 * moves together with a live price. The same prices give the same figures (the answer itself
 * when no price is newer).
 */
export function revalueHoldings(
  answer: HoldingsResponse,
  prices: ReadonlyMap<string, NewerPrice>,
): HoldingsResponse {
  const newer = answer.holdings.map((holding) =>
    newerPrice(prices, holding.symbol, holding.priceSource.asOf),
  );
  if (newer.every((price) => price === null)) return answer;

  const rows = answer.holdings.map((holding, index) => {
    const live = newer[index] ?? null;
    const price = live ? priceUnits(live.price) : null;
    const value = price === null ? moneyOf(holding.marketValue) : valueAt(holding.quantity, price);
    const dayBase = holding.dayBase === null ? null : moneyOf(holding.dayBase);
    return { holding, live, price, value, dayBase };
  });

  let marketValue = 0n;
  let dayChange: bigint | null = 0n;
  for (const row of rows) {
    marketValue += row.value;
    dayChange =
      dayChange !== null && row.dayBase !== null ? dayChange + row.value - row.dayBase : null;
  }
  const { totals } = answer;
  const cash = moneyOf(totals.cash);
  const costBasis = moneyOf(totals.costBasis);
  const netContributions = moneyOf(totals.netContributions);
  const totalValue = marketValue + cash;
  const totalGain = totalValue - netContributions;

  const holdings = rows.map(({ holding, live, price, value, dayBase }) => {
    const weight = ratioOf(value, totalValue) ?? 0;
    if (!live || price === null) return { ...holding, weight };
    const cost = moneyOf(holding.costBasis);
    const change = dayBase === null ? null : value - dayBase;
    return {
      ...holding,
      price: unitsText(price, 6),
      marketValue: toCents(value),
      dayChange: cents(change),
      dayChangeRatio: change === null || dayBase === null ? null : ratioOf(change, dayBase),
      unrealisedGain: toCents(value - cost),
      unrealisedGainRatio: ratioOf(value - cost, cost),
      weight,
      priceSource: { ...holding.priceSource, asOf: live.asOf, delayed: false },
    };
  });

  return {
    ...answer,
    holdings,
    totals: {
      ...totals,
      marketValue: toCents(marketValue),
      totalValue: toCents(totalValue),
      unrealisedGain: toCents(marketValue - costBasis),
      totalGain: toCents(totalGain),
      totalGainRatio: ratioOf(totalGain, netContributions),
      dayChange: cents(dayChange),
      dayChangeRatio: dayChange === null ? null : ratioOf(dayChange, totalValue - dayChange),
    },
    allocation: allocationOf(rows, cash, totalValue),
    prices: noteOf(
      answer.prices,
      holdings.map((holding) => holding.priceSource),
    ),
  };
}

/**
 * Every portfolio added up (the dashboard's Portfolio Value), revalued at newer prices exactly
 * as the server computes it, from each portfolio's holdings; the same prices give the same
 * figures (the summary itself when no price is newer).
 */
export function revalueSummary(
  summary: PortfolioSummary,
  prices: ReadonlyMap<string, NewerPrice>,
): PortfolioSummary {
  const newer = summary.holdings.map((held) => newerPrice(prices, held.symbol, held.asOf));
  if (newer.every((price) => price === null)) return summary;

  let marketValue = 0n;
  let dayChange: bigint | null = 0n;
  const holdings = summary.holdings.map((held, index) => {
    const live = newer[index];
    const value = live ? valueAt(held.quantity, priceUnits(live.price)) : moneyOf(held.marketValue);
    marketValue += value;
    dayChange =
      dayChange !== null && held.dayBase !== null
        ? dayChange + value - moneyOf(held.dayBase)
        : null;
    return live ? { ...held, marketValue: toCents(value), asOf: live.asOf } : held;
  });
  const totalValue = marketValue + moneyOf(summary.cash);
  const change: bigint | null = dayChange;
  return {
    ...summary,
    totalValue: toCents(totalValue),
    marketValue: toCents(marketValue),
    dayChange: cents(change),
    dayChangeRatio: change === null ? null : ratioOf(change, totalValue - change),
    totalGain: toCents(totalValue - moneyOf(summary.netContributions)),
    // Which prices were last known ones is not kept per holding: the note keeps saying so.
    prices: { ...noteOf(summary.prices, holdings), delayed: summary.prices.delayed },
    holdings,
  };
}
