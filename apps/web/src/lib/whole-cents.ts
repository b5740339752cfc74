import { moneyScale, tenTo, toCents } from '@tickerwise/shared/exact-money';

/** Whole cents as "$12,345.67" ("-$5.00" below zero), exactly: no binary fraction on the way. */
export function formatDollars(cents: bigint): string {
  const text = toCents(cents * tenTo(moneyScale - 2));
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** Whole dollars, for chart axes and short labels: "$12,346". */
export function formatWholeDollars(cents: bigint): string {
  const text = formatDollars(cents);
  const [whole = '', fraction = ''] = text.split('.');
  // Half a dollar or more rounds up, away from zero.
  if (Number(fraction) < 50) return whole;
  const magnitude = BigInt(whole.replace(/[^\d]/g, '')) + 1n;
  return formatDollars((whole.startsWith('-') ? -magnitude : magnitude) * 100n).split('.')[0]!;
}
