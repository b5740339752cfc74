const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

function isMissing(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || Number.isNaN(value);
}

/**
 * docs/PRODUCT.md §10: T at 1e12 and above, B at 1e9 and above, M at 1e6 and above, with
 * 2 decimals; otherwise locale-formatted; 0 when missing. The thresholds are the rule, so
 * 999,999,999 reads "1000.00M" rather than being promoted to B.
 */
export function formatCompactNumber(value: number | null | undefined): string {
  if (isMissing(value)) return '0';
  if (value >= 1e12) return `${(value / 1e12).toFixed(2)}T`;
  if (value >= 1e9) return `${(value / 1e9).toFixed(2)}B`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(2)}M`;
  return wholeNumber.format(value);
}

/** docs/PRODUCT.md §10: market cap in billions with one decimal, e.g. "$3,000.0B". */
export function formatMarketCapBillions(value: number | null | undefined): string {
  if (isMissing(value)) return '$0.0B';
  return `$${oneDecimal.format(value / 1e9)}B`;
}

/** docs/PRODUCT.md §10: 24h volume with locale separators. */
export function formatVolume(value: number | null | undefined): string {
  return isMissing(value) ? '0' : wholeNumber.format(value);
}

/** A share price in dollars with 2 decimals, e.g. "$1,234.50". */
export function formatUsd(value: number): string {
  return usd.format(value);
}

/** A change in percent with its sign and 2 decimals, e.g. "+1.25%" or "-0.40%". */
export function formatPercentChange(value: number): string {
  const sign = value > 0 ? '+' : value < 0 ? '-' : '';
  return `${sign}${Math.abs(value).toFixed(2)}%`;
}

/** docs/PRODUCT.md §10: P/E ratio with one decimal. */
export function formatRatio(value: number): string {
  return oneDecimal.format(value);
}
