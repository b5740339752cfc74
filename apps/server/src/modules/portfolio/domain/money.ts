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
 * Ratios (returns, weights) are `decimal.js` decimals of 40 digits.
 */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = DecimalJs;

export const shareScale = 8;
export const priceScale = 6;
export const cashScale = 4;
export const closeScale = 4;
export const moneyScale = 14;

const powers = Array.from({ length: 40 }, (_, power) => 10n ** BigInt(power));
export const tenTo = (power: number): bigint => powers[power]!;

/** Exact integer of `scale` decimals from decimal text ("12.5" at 4 is 125000n). */
export function units(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  if (fraction.length > scale && /[1-9]/.test(fraction.slice(scale))) {
    throw new Error(`${text} has more than ${scale} decimals`);
  }
  const value =
    BigInt(whole || '0') * tenTo(scale) +
    BigInt(fraction.slice(0, scale).padEnd(scale, '0') || '0');
  return negative ? -value : value;
}

/** `value / divisor` rounded half away from zero (divisor positive). */
export function divideRounded(value: bigint, divisor: bigint): bigint {
  const half = divisor / 2n;
  return value >= 0n ? (value + half) / divisor : -((-value + half) / divisor);
}

/** Money (1e-14 dollars) from an amount of `scale` decimals. */
export const moneyOf = (amount: bigint, scale: number): bigint =>
  amount * tenTo(moneyScale - scale);

/** Shares times a price per share, as money. */
export const tradeValue = (shares: bigint, price: bigint, scale = priceScale): bigint =>
  shares * price * tenTo(moneyScale - shareScale - scale);

/**
 * Money rounded to the cent (half away from zero), still in money units: figures shown to the
 * cent are summed from these, so a total is always the sum of the rows it is shown with.
 */
export const roundedToCent = (value: bigint): bigint =>
  divideRounded(value, tenTo(moneyScale - 2)) * tenTo(moneyScale - 2);

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
