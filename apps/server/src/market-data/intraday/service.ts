import {
  type DataSource,
  type IntradayBar,
  type IntradayRange,
  intradayShapes,
} from '@tickerwise/shared';
import type { MarketProvider, ProviderIntradayBar } from '../adapters/market-provider.ts';
import {
  instantInNewYork,
  previousTradingDay,
  sessionCloseOf,
  sessionOpenMinute,
  tradingDayAt,
} from '../calendar/market-calendar.ts';
import type { CallBudget } from '../upstream/call-budget.ts';
import type { MarketLog } from '../upstream/market-log.ts';

export interface IntradayServiceOptions {
  provider: MarketProvider;
  /** The provider's call budget, shared with quotes, company data and search. */
  budget: CallBudget;
  log: MarketLog;
  now: () => number;
  upstreamTimeoutMs?: number;
}

/** What the intraday route answers, less the symbol, the range and the market's status. */
export interface IntradaySeries {
  intervalMinutes: number;
  bars: IntradayBar[];
  sessions: string[];
  source: DataSource;
  simulated: boolean;
  available: boolean;
  asOf: string | null;
  stale: boolean;
  delayed: boolean;
  delayMinutes: number;
}

/** One regular session's bounds (epoch ms). */
interface Session {
  date: string;
  open: number;
  close: number;
}

/** A provider's answer for a window of sessions, kept for every viewer. */
interface Fetched {
  fetchedAt: number;
  bars: ProviderIntradayBar[] | null;
}

const minuteMs = 60_000;
/** The simulated market's price is read once a minute inside a bar, and at both ends. */
const sampleMs = minuteMs;
/** Finished simulated bars kept (a five-day range of 15-minute bars is 130). */
const maxKeptBars = 40_000;
/** Provider answers kept, one per symbol and window. */
const maxKeptAnswers = 1_000;
/** A provider's bars are asked for again at most this often per symbol and window. */
const refetchMs = 60_000;
/** After the provider says this account has no intraday bars, it is asked again after this. */
const refusedPauseMs = 6 * 3_600_000;

/**
 * Intraday bars for the chart's 1D and 5D ranges. The simulated market's are read from its
 * quote at every minute, so they are the very prices its quotes show; a real provider's are
 * fetched (Finnhub's `/stock/candle`, within the shared call budget), kept a minute for every
 * viewer. A viewer whose plan sees prices late gets no bar past its delay: the last bar stops
 * at the instant its quote stands for.
 */
export class IntradayService {
  private readonly finished = new Map<string, ProviderIntradayBar>();
  private readonly fetched = new Map<string, Fetched>();
  private readonly inflight = new Map<string, Promise<Fetched | undefined>>();
  private refusedUntil = 0;
  /** Simulated bars computed, for tests and benches that check what a request costs. */
  computedBars = 0;

  constructor(private readonly options: IntradayServiceOptions) {}

  async series(
    symbol: string,
    range: IntradayRange,
    delayMinutes: number,
  ): Promise<IntradaySeries> {
    const { provider } = this.options;
    const { intervalMinutes, sessions: count } = intradayShapes[range];
    const now = this.options.now();
    const cutoff = now - delayMinutes * minuteMs;
    const sessions = sessionsUpTo(cutoff, count);
    const common = {
      intervalMinutes,
      sessions: sessions.map((session) => session.date),
      source: provider.source,
      simulated: provider.source === 'simulated',
      delayed: delayMinutes > 0,
      delayMinutes,
    };
    const intervalMs = intervalMinutes * minuteMs;
    if (provider.quoteAt) {
      const bars = sessions.flatMap((session) =>
        this.simulatedBars(symbol, session, intervalMs, cutoff),
      );
      return {
        ...common,
        ...finish(bars, sessions, intervalMs, cutoff),
        available: true,
        stale: false,
      };
    }
    const answer = await this.fetch(symbol, sessions, intervalMinutes, now);
    if (answer === undefined || answer.bars === null) {
      // No answer yet (a failure, or the budget spent): stale; the key gets none: unavailable.
      return {
        ...common,
        bars: [],
        asOf: null,
        available: answer === undefined,
        stale: answer === undefined,
      };
    }
    const first = sessions[0]!.open;
    // A delayed plan sees a bar once it has ended as long ago as its delay.
    const seen = answer.bars.filter(
      (bar) =>
        bar.start >= first &&
        (delayMinutes > 0 ? bar.start + intervalMs <= cutoff : bar.start < now),
    );
    return {
      ...common,
      ...finish(seen, sessions, intervalMs, cutoff),
      available: true,
      stale: now - answer.fetchedAt > refetchMs * 2,
    };
  }

  /** A session's simulated bars up to `cutoff`; the finished ones are kept. */
  private simulatedBars(
    symbol: string,
    session: Session,
    intervalMs: number,
    cutoff: number,
  ): ProviderIntradayBar[] {
    const bars: ProviderIntradayBar[] = [];
    const end = Math.min(session.close, cutoff);
    for (let start = session.open; start < end; start += intervalMs) {
      const barEnd = Math.min(start + intervalMs, session.close);
      if (barEnd > cutoff) {
        bars.push(this.simulatedBar(symbol, session, start, cutoff));
        break;
      }
      const key = `${symbol}|${intervalMs}|${start}`;
      let bar = this.finished.get(key);
      if (!bar) {
        bar = this.simulatedBar(symbol, session, start, barEnd);
        this.finished.set(key, bar);
        if (this.finished.size > maxKeptBars) {
          this.finished.delete(this.finished.keys().next().value!);
        }
      }
      bars.push(bar);
    }
    return bars;
  }

  /** The simulated prices from `start` to `end`, read each minute: the bar they make. */
  private simulatedBar(
    symbol: string,
    session: Session,
    start: number,
    end: number,
  ): ProviderIntradayBar {
    const quoteAt = this.options.provider.quoteAt!;
    this.computedBars += 1;
    const first = quoteAt(symbol, start);
    let high = first.price;
    let low = first.price;
    let last = first;
    for (let instant = start + sampleMs; instant <= end; instant += sampleMs) {
      last = quoteAt(symbol, Math.min(instant, end));
      high = Math.max(high, last.price);
      low = Math.min(low, last.price);
    }
    if ((end - start) % sampleMs !== 0) {
      last = quoteAt(symbol, end);
      high = Math.max(high, last.price);
      low = Math.min(low, last.price);
    }
    // The quote's volume is the day's so far: a bar's is what it adds (the first, all of it).
    const before = start === session.open ? 0 : (first.volume ?? 0);
    return {
      start,
      open: first.price,
      high,
      low,
      close: last.price,
      volume: Math.max(0, (last.volume ?? 0) - before),
    };
  }

  /**
   * The provider's bars of the sessions, asked for at most once a minute per symbol and
   * window for every viewer; the last answer when the budget is spent or the call fails;
   * undefined when there is none.
   */
  private async fetch(
    symbol: string,
    sessions: Session[],
    intervalMinutes: number,
    now: number,
  ): Promise<Fetched | undefined> {
    const from = sessions[0]!.open;
    const key = `${symbol}|${intervalMinutes}|${from}`;
    const kept = this.fetched.get(key);
    if (kept && now - kept.fetchedAt < refetchMs) return kept;
    if (now < this.refusedUntil) return { fetchedAt: now, bars: null };
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.call(symbol, key, from, intervalMinutes, now).finally(() =>
        this.inflight.delete(key),
      );
      this.inflight.set(key, pending);
    }
    return (await pending) ?? kept;
  }

  private async call(
    symbol: string,
    key: string,
    from: number,
    intervalMinutes: number,
    now: number,
  ): Promise<Fetched | undefined> {
    const { provider, budget, log, upstreamTimeoutMs = 10_000 } = this.options;
    if (!provider.intradayBars) return { fetchedAt: now, bars: null };
    if (!budget.tryTake()) return undefined;
    try {
      const bars = await provider.intradayBars(
        symbol,
        { from, to: now, intervalMinutes },
        AbortSignal.timeout(upstreamTimeoutMs),
      );
      if (bars === null) this.refusedUntil = now + refusedPauseMs;
      const answer = { fetchedAt: now, bars };
      this.fetched.delete(key);
      this.fetched.set(key, answer);
      if (this.fetched.size > maxKeptAnswers) {
        this.fetched.delete(this.fetched.keys().next().value!);
      }
      return answer;
    } catch (error) {
      log.warn({ symbol, err: error }, 'intraday bars fetch failed; serving the last ones');
      return undefined;
    }
  }
}

/** The last `count` sessions whose opening bell has rung by `instant`, oldest first. */
function sessionsUpTo(instant: number, count: number): Session[] {
  const sessions: Session[] = [];
  let date = tradingDayAt(instant);
  while (sessions.length < count) {
    sessions.unshift({
      date,
      open: instantInNewYork(date, sessionOpenMinute),
      close: sessionCloseOf(date),
    });
    date = previousTradingDay(date);
  }
  return sessions;
}

/** The bars as the route sends them, and the instant the last one runs to. */
function finish(
  bars: readonly ProviderIntradayBar[],
  sessions: readonly Session[],
  intervalMs: number,
  cutoff: number,
): { bars: IntradayBar[]; asOf: string | null } {
  const last = bars.at(-1);
  let asOf: string | null = null;
  if (last) {
    const session = sessions.find((candidate) => last.start < candidate.close);
    const close = session?.close ?? last.start + intervalMs;
    asOf = new Date(Math.min(last.start + intervalMs, close, cutoff)).toISOString();
  }
  return {
    bars: bars.map((bar) => ({
      time: new Date(bar.start).toISOString(),
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
      volume: bar.volume,
    })),
    asOf,
  };
}
