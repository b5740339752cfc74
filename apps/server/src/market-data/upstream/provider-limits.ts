import type { CallLimit } from './upstream.ts';

/** Finnhub's limits: the plan's calls a minute, and 30 a second on every plan. */
export function finnhubLimits(callsPerMinute = 60): CallLimit[] {
  return [
    { calls: 30, perMs: 1_000 },
    { calls: callsPerMinute, perMs: 60_000 },
  ];
}

/** Tiingo's limits: the plan's calls an hour and a day (free: 50 and 1,000). */
export function tiingoLimits(callsPerHour = 50, callsPerDay = 1_000): CallLimit[] {
  return [
    { calls: callsPerHour, perMs: 3_600_000 },
    { calls: callsPerDay, perMs: 86_400_000 },
  ];
}
