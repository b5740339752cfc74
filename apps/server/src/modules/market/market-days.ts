export const dayMs = 86_400_000;

/** Days since the Unix epoch in UTC: the key of everything that is "stable within a day". */
export function utcDayNumber(ms: number): number {
  return Math.floor(ms / dayMs);
}

/** YYYY-MM-DD of an instant, in UTC. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** docs/PRODUCT.md §12: prices and changes are rounded to 2 decimals. */
export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}
