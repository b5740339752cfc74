/**
 * Exact money, the same on the server's ledger and for figures revalued in the browser: decimal text
 * read into integers of 1e-14 dollars (`bigint`), so shares (8 decimals) times a price per
 * share (6 decimals) is exact and no binary floating point enters a sum. A holding's value is
 * rounded to the cent (half away from zero) before it is added up, as shown; ratios are
 * rounded to 8 places.
 */
/** Money in units of 1e-14 dollars, so shares times a price per share is exact. */
export const moneyScale = 14;
/** Prices per share in units of 1e-6 dollars. */
export const priceScale = 6;
/** Shares in units of 1e-8. */
export const shareScale = 8;

const powers = Array.from({ length: 40 }, (_, power) => 10n ** BigInt(power));
export const tenTo = (power: number): bigint => powers[power]!;

/** Integer of `scale` decimals from decimal text ("12.5" at 4 is 125000n); extra digits must be 0. */
export function unitsOf(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) throw new Error(`${text} is not a number`);
  if (/[1-9]/.test(fraction.slice(scale)))
    throw new Error(`${text} has more than ${scale} decimals`);
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

/** Money (1e-14 dollars) from exact decimal text. */
export const moneyOf = (text: string): bigint => unitsOf(text, moneyScale);

/** A price per share in 1e-6 dollars, from decimal text or a number (a live price). */
export function priceUnits(price: string | number): bigint {
  return typeof price === 'number'
    ? BigInt(Math.round(price * 10 ** priceScale))
    : unitsOf(price, priceScale);
}

/** Shares (decimal text) times a price per share (1e-6 units): exact money. */
export const sharesValue = (quantity: string, price: bigint): bigint =>
  unitsOf(quantity, shareScale) * price;

/** Text of an integer of `scale` decimals, trailing zeros dropped ("187.2", "3"). */
export function unitsText(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Money rounded to the cent, still in 1e-14 dollars: what is summed. */
export const roundedToCent = (value: bigint): bigint =>
  divideRounded(value, tenTo(moneyScale - 2)) * tenTo(moneyScale - 2);

/** Money rounded to the cent ("1234.57"); a loss under half a cent keeps its sign ("-0.00"). */
export function toCents(value: bigint): string {
  const cents = divideRounded(value, tenTo(moneyScale - 2));
  const magnitude = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${value < 0n ? '-' : ''}${magnitude.slice(0, -2)}.${magnitude.slice(-2)}`;
}

/** `part / whole` rounded to 8 places; null when `whole` is not above 0. */
export function ratioOf(part: bigint, whole: bigint): number | null {
  if (whole <= 0n) return null;
  return Number(divideRounded(part * tenTo(8), whole)) / 1e8;
}

/**
 * Whole cents as money for people, exactly (no binary fraction on the way): "$1,234.50",
 * "-$10.00" for a credit; a currency other than the dollar is named ("EUR 5.00").
 */
export function formatCents(cents: number, currency = 'usd'): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`${cents} is not a whole number of cents`);
  const text = toCents(BigInt(cents) * tenTo(moneyScale - 2));
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const code = currency.toUpperCase();
  const amount = code === 'USD' ? `$${grouped}.${fraction}` : `${code} ${grouped}.${fraction}`;
  return `${negative ? '-' : ''}${amount}`;
}
