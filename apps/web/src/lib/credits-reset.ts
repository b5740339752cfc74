const nbsp = '\u00a0';

/**
 * When the day's AI credits come back: "00:00 UTC, in 3 h 12 min". The wait is joined with
 * non-breaking spaces, so a narrow card wraps before "in" rather than inside the wait.
 */
export function resetText(resetsAt: string, now: number = Date.now()): string {
  const at = new Date(resetsAt);
  const hh = String(at.getUTCHours()).padStart(2, '0');
  const mm = String(at.getUTCMinutes()).padStart(2, '0');
  const minutes = Math.max(0, Math.round((at.getTime() - now) / 60_000));
  const hours = Math.floor(minutes / 60);
  const wait = hours > 0 ? [hours, 'h', minutes % 60, 'min'] : [minutes, 'min'];
  return `${hh}:${mm} UTC, ${['in', ...wait].join(nbsp)}`;
}
