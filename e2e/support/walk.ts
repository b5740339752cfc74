/**
 * A list of addresses cut into `parts` runs of about equal length, so a walk through them can
 * be a few tests (one browser page each, its scripts loaded once and kept in that page's cache)
 * that the two workers share, instead of a fresh context and a cold load for every address.
 */
export function inParts<T>(items: readonly T[], parts: number): T[][] {
  const size = Math.ceil(items.length / parts);
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    runs.push(items.slice(start, start + size));
  }
  return runs;
}
