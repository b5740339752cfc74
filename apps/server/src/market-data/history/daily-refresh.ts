import type { JobHandler, JobOutcome, JobQueue } from '../../modules/jobs/service.ts';
import { lastClosedSession, newYorkTime } from '../calendar/market-calendar.ts';
import type { MarketService } from '../quotes/service.ts';
import type { MarketLog } from '../upstream/market-log.ts';
import { type HistoryService, keepFreshMs } from './service.ts';

export const dailyRefreshJob = 'history.daily-refresh';

/** Tries per session before the quotes close what the source still lacks. */
const triesBeforeQuotes = 3;
const retryAfterMs = 60 * 60_000;

export interface DailyRefreshOptions {
  queue: JobQueue;
  history: HistoryService;
  market: MarketService;
  log: MarketLog;
  now?: () => number;
}

/**
 * After each US session closes, one instance brings the stored bars of every symbol someone
 * asked for in the last 30 days up to that session. A source that has not published the day
 * yet, or a spent call budget, sends the job back to the queue for an hour later; with
 * Finnhub quotes, days the history source still lacks after a few tries are closed from
 * Finnhub's /quote (the day's open, high, low and close).
 */
export function dailyRefresh({ queue, history, market, log, now = Date.now }: DailyRefreshOptions) {
  let scheduled: string | undefined;

  /** Puts the refresh of the last closed session in the queue (once per session, any instance). */
  async function schedule(): Promise<void> {
    const session = lastClosedSession(now());
    if (scheduled === session) return;
    await queue.enqueue(dailyRefreshJob, session, { session }, history.refreshTimeOf(session));
    scheduled = session;
  }

  const run: JobHandler = async (job): Promise<JobOutcome> => {
    const session = String(job.payload.session);
    const since = new Date(now() - keepFreshMs);
    for (const symbol of await history.store.behind(session, since)) {
      const state = await history.refresh(symbol);
      // Out of budget or the source is failing: the rest waits for the next try.
      if (state.stale) break;
    }
    let behind = await history.store.behind(session, since);
    if (behind.length > 0 && market.source === 'finnhub' && job.attempts >= triesBeforeQuotes) {
      for (const symbol of behind) await closeFromQuote(symbol, session);
      behind = await history.store.behind(session, since);
    }
    if (behind.length === 0) {
      await history.sessionStored(session);
      return { done: true };
    }
    if (job.attempts >= triesBeforeQuotes + 3) {
      log.warn({ session, symbols: behind.length }, 'daily refresh gave up on some symbols');
      await history.sessionStored(session);
      return { done: true };
    }
    return {
      done: false,
      retryAt: now() + retryAfterMs,
      reason: `${behind.length} symbols behind`,
    };
  };

  async function closeFromQuote(symbol: string, session: string): Promise<void> {
    const { quote } = await market.quote(symbol).catch(() => ({ quote: undefined }));
    if (!quote?.open || !quote.high || !quote.low || !(quote.price > 0) || !quote.tradedAt) return;
    // Only a quote from that session's trading closes its bar.
    if (newYorkTime(quote.tradedAt).date !== session) return;
    await history.closeSessionFromQuote(symbol, session, {
      date: session,
      open: quote.open,
      high: Math.max(quote.high, quote.price),
      low: Math.min(quote.low, quote.price),
      close: quote.price,
      volume: 0,
    });
  }

  return { schedule, handlers: { [dailyRefreshJob]: run } };
}
