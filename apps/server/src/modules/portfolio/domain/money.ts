import DecimalJs from 'decimal.js';

/**
 * Exact decimal arithmetic for the ledger: 40 significant digits, half-up rounding. Every
 * amount, quantity and price is read from decimal text (the database's numeric columns, the
 * API's strings), so no binary floating point ever enters a sum.
 */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = DecimalJs;

export const zero = new Decimal(0);
export const one = new Decimal(1);

/** Text of an amount rounded to the cent ("1234.57"). */
export function toCents(value: Decimal): string {
  return value.toFixed(2, DecimalJs.ROUND_HALF_UP);
}

/** Text of a value kept to `places` decimals without trailing zeros ("12.5", "3"). */
export function toPlaces(value: Decimal, places: number): string {
  return value.toDecimalPlaces(places, DecimalJs.ROUND_HALF_UP).toFixed();
}

/** A ratio as a number for display (a return of 0.123457 is 12.35 %): rounded to 8 places. */
export function toRatio(value: Decimal): number {
  return value.toDecimalPlaces(8, DecimalJs.ROUND_HALF_UP).toNumber();
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = zero;
  for (const value of values) total = total.plus(value);
  return total;
}

/** Shares are kept to 8 decimals: a reverse split's remainder is rounded there. */
export function roundShares(value: Decimal): Decimal {
  return value.toDecimalPlaces(8, DecimalJs.ROUND_HALF_UP);
}
