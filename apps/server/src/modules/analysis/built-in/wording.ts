/**
 * How the built-in writer states numbers, one way each so the analysis reads consistently:
 * prices in dollars with cents, percentages with one decimal and the direction in words,
 * ratios with two decimals, indicator readings with one, days spelled out in US style.
 */

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "$1,234.56" */
export const usd = (value: number) => dollars.format(value);

/** "12.3%" of the absolute value; the sentence says which way. */
export const percent = (value: number) => `${oneDecimal.format(Math.abs(value))}%`;

/** A percentage that rounds to 0.0 reads as no change. */
export const isFlat = (value: number) => Math.abs(value) < 0.05;

/** "1.12" */
export const ratio = (value: number) => twoDecimals.format(value);

/** "66.4" (keeps the sign: "-112.5") */
export const reading = (value: number) => oneDecimal.format(value);

/** "March 5, 2025" */
export const day = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`));

/** "$2.95 trillion", "$640.20 billion", "$5.30 million", "$950,000.00" */
export function bigUsd(value: number): string {
  const scales: Array<[number, string]> = [
    [1e12, 'trillion'],
    [1e9, 'billion'],
    [1e6, 'million'],
  ];
  for (const [scale, word] of scales) {
    if (value >= scale) return `$${twoDecimals.format(value / scale)} ${word}`;
  }
  return usd(value);
}

/** "a, b and c" */
export function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
