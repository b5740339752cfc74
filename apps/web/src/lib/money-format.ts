/**
 * Display of the exact decimal text the API sends ("1234.5", "-30.00"): the text is read as a
 * number only to be formatted, never to be added up.
 */
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const price = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 6,
});
const shares = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

/** "$1,234.50"; "-$30.00" for a loss. */
export function formatMoney(text: string): string {
  return usd.format(Number(text));
}

/** "+$30.00" or "-$30.00": a change, always with its sign ($0.00 has none). */
export function formatSignedMoney(text: string): string {
  const value = Number(text);
  const formatted = usd.format(Math.abs(value));
  if (formatted === usd.format(0)) return formatted;
  return `${value < 0 ? '-' : '+'}${formatted}`;
}

/** A price per share with as many decimals as it has (at least 2): "$0.0425". */
export function formatSharePrice(text: string): string {
  return price.format(Number(text));
}

/** Shares with their decimals and thousands separators: "1,250.5". */
export function formatShares(text: string): string {
  return shares.format(Number(text));
}

/** A ratio as a signed percent: 0.1234 is "+12.34%". */
export function formatRatioChange(ratio: number): string {
  const percent = ratio * 100;
  const text = Math.abs(percent).toFixed(2);
  if (text === '0.00') return '0.00%';
  return `${percent < 0 ? '-' : '+'}${text}%`;
}

/** A share of a whole: 0.2299 is "22.99%". */
export function formatWeight(ratio: number): string {
  return `${(ratio * 100).toFixed(2)}%`;
}

/** Whether a signed figure is a gain (0 counts as one), for its colour. */
export function isGain(value: string | number): boolean {
  return Number(value) >= 0;
}
