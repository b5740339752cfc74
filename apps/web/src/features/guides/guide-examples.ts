import { divideRounded } from '@tickerwise/shared/exact-money';

/**
 * The worked examples of the strategy and risk guides, computed rather than typed, so the
 * figures in the text are the arithmetic's (a test checks each against a hand computation).
 * Money is whole cents (`bigint`); percentages are basis points unless said otherwise.
 */

/** Buying a fixed amount each month: the shares each buys, and the average cost per share. */
export function dollarCostAveraging(monthlyCents: bigint, pricesCents: readonly bigint[]) {
  // Shares to 4 decimals (units of 1e-4), as a broker that sells fractions would.
  const shares = pricesCents.map((price) => divideRounded(monthlyCents * 10_000n, price));
  const totalShares = shares.reduce((sum, one) => sum + one, 0n);
  const investedCents = monthlyCents * BigInt(pricesCents.length);
  const averagePriceCents = divideRounded(
    pricesCents.reduce((sum, price) => sum + price, 0n),
    BigInt(pricesCents.length),
  );
  return {
    shares,
    totalShares,
    investedCents,
    averageCostCents: divideRounded(investedCents * 10_000n, totalShares),
    averagePriceCents,
  };
}

/** A yearly rate in basis points: `part / whole`, rounded half away from zero. */
export function basisPoints(partCents: bigint, wholeCents: bigint): bigint {
  return divideRounded(partCents * 10_000n, wholeCents);
}

/** Growth compounded once a year, rounded to the cent each year. */
export function compoundYearly(startCents: bigint, rateBp: number, years: number): bigint {
  let balance = startCents;
  for (let year = 0; year < years; year++) {
    balance = divideRounded(balance * BigInt(10_000 + rateBp), 10_000n);
  }
  return balance;
}

/** Shares to buy so that the stop, if it fills, loses `riskBp` of the account. */
export function positionSize(
  accountCents: bigint,
  riskBp: number,
  entryCents: bigint,
  stopCents: bigint,
) {
  const riskCents = divideRounded(accountCents * BigInt(riskBp), 10_000n);
  const perShare = entryCents - stopCents;
  const shares = riskCents / perShare; // whole shares, rounded down: never more than the budget
  const positionCents = shares * entryCents;
  return { riskCents, perShareCents: perShare, shares, positionCents };
}

/** The gain, in basis points, that brings a loss of `lossBp` back to where it started. */
export function recoveryGainBp(lossBp: number): bigint {
  return divideRounded(BigInt(lossBp) * 10_000n, BigInt(10_000 - lossBp));
}

/** A two-part mix after each part moved, and the trade that brings it back to its target. */
export function rebalance(
  totalCents: bigint,
  targetStocksBp: number,
  stocksMoveBp: number,
  bondsMoveBp: number,
) {
  const stocksBefore = divideRounded(totalCents * BigInt(targetStocksBp), 10_000n);
  const bondsBefore = totalCents - stocksBefore;
  const stocks = divideRounded(stocksBefore * BigInt(10_000 + stocksMoveBp), 10_000n);
  const bonds = divideRounded(bondsBefore * BigInt(10_000 + bondsMoveBp), 10_000n);
  const total = stocks + bonds;
  const targetStocks = divideRounded(total * BigInt(targetStocksBp), 10_000n);
  return {
    stocks,
    bonds,
    total,
    stocksShareBp: basisPoints(stocks, total),
    sellStocksCents: stocks - targetStocks,
    stocksAfter: targetStocks,
    bondsAfter: total - targetStocks,
  };
}
