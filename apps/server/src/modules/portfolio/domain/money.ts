import { moneyScale, priceScale, shareScale, tenTo } from '@tickerwise/shared/exact-money';
import DecimalJs from 'decimal.js';

/**
 * Exact arithmetic for the ledger. Numbers are read from decimal text (the database's numeric
 * columns, the API's strings) into integers of a fixed scale and added and multiplied as
 * `bigint`s, so no binary floating point ever enters a sum, and a 5,000-transaction ledger
 * replays in milliseconds:
 * - shares in units of 1e-8 (`shareScale`), prices per share of 1e-6 (`priceScale`), cash
 *   amounts and fees typed by users of 1e-4 (`cashScale`), stored closes of 1e-4;
 * - money the ledger computes in units of 1e-14 dollars (`moneyScale`), so shares times a price
 *   is exact; only a FIFO lot's share of its cost and a reverse split's shares are divisions,
 *   rounded half-up there (1e-14 dollars, 1e-8 shares).
 * Ratios (returns, weights) are `decimal.js` decimals of 40 digits. The integer arithmetic is
 * `@tickerwise/shared/exact-money`, the same the browser revalues live holdings with.
 */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = DecimalJs;

export {
  divideRounded,
  moneyScale,
  priceScale,
  roundedToCent,
  shareScale,
  tenTo,
  unitsOf as units,
} from '@tickerwise/shared/exact-money';
export const cashScale = 4;
export const closeScale = 4;

/** Money (1e-14 dollars) from an amount of `scale` decimals. */
export const moneyOf = (amount: bigint, scale: number): bigint =>
  amount * tenTo(moneyScale - scale);

/** Shares times a price per share, as money. */
export const tradeValue = (shares: bigint, price: bigint, scale = priceScale): bigint =>
  shares * price * tenTo(moneyScale - shareScale - scale);

/** A decimal of an integer of `scale` decimals, for figures and ratios (no division needed). */
export function toDecimal(value: bigint, scale: number): Decimal {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const point = digits.length - scale;
  return new Decimal(`${negative ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`);
}

export const money = (value: bigint): Decimal => toDecimal(value, moneyScale);
export const shares = (value: bigint): Decimal => toDecimal(value, shareScale);

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
