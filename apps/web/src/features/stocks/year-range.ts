/**
 * docs/PRODUCT.md §3.13: the 52-week bar is filled (price - low) / (high - low), as a
 * percentage clamped to 0..100 so a price outside the range still draws a sane bar.
 */
export function yearRangeFill(price: number, low: number, high: number): number {
  if (!(high > low)) return price >= high ? 100 : 0;
  const fill = ((price - low) / (high - low)) * 100;
  return Math.min(100, Math.max(0, fill));
}
