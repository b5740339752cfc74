export const dayMs = 86_400_000;

/** YYYY-MM-DD of an instant, in UTC. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** docs/PRODUCT.md §12: prices and changes are rounded to 2 decimals. */
export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}
