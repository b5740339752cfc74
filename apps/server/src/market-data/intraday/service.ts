import {
  type DataSource,
  type IntradayBar,
  type IntradayRange,
  intradayShapes,
} from '@tickerwise/shared';
import type {
  IntradayBarsSource,
  MarketProvider,
  ProviderIntradayBar,
} from '../adapters/market-provider.ts';
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
  /** The market provider: the simulated one's bars are read from its quotes. */
  provider: MarketProvider;
  /**
   * Where a real market's bars are fetched: Tiingo's IEX prices when the operator configured
   * Tiingo, otherwise the market provider (Finnhub's candles).
   */
  source?: IntradayBarsSource;
  /**
   * The budget the source's calls count against: the quotes' for Finnhub, the daily bars' for
   * Tiingo. Intraday calls leave half of every limit to those callers.
   */
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
/** A source's bars are asked for at most this often per symbol and window, answered or not. */
const refetchMs = 60_000;
/** The share of every call limit intraday bars leave to quotes or daily bars. */
const intradayLeave = 0.5;
/**
 * A source is asked for the five sessions of 5D in 5-minute bars, one call per symbol serving
 * both ranges: 1D is the last session's bars, 5D's 15-minute bars are made of three of them.
 */
const fetchedMinutes = 5;
const fetchedSessions = Math.max(...Object.values(intradayShapes).map((shape) => shape.sessions));
/** After the provider says this account has no intraday bars, it is asked again after this. */
const refusedPauseMs = 6 * 3_600_000;

/**
 * Intraday bars for the chart's 1D and 5D ranges. The simulated market's are read from its
 * quote at every minute, so they are the very prices its quotes show; a real market's are
 * fetched (Tiingo's IEX prices or Finnhub's `/stock/candle`, within the source's call budget),
 * kept a minute for every viewer. A viewer whose plan sees prices late gets no bar past its
 * delay: the last bar stops at the instant its quote stands for.
 */
export class IntradayService {
  private readonly finished = new Map<string, ProviderIntradayBar>();
  private readonly fetched = new Map<string, Fetched>();
  /** When each window was last asked for, answered or not. */
  private readonly asked = new Map<string, number>();
  private readonly inflight = new Map<string, Promise<Fetched | undefined>>();
  private readonly source: IntradayBarsSource | undefined;
  private refusedUntil = 0;
  /** Simulated bars computed, for tests and benches that check what a request costs. */
  computedBars = 0;

  constructor(private readonly options: IntradayServiceOptions) {
    const { provider } = options;
    this.source =
      options.source ??
      (provider.intradayBars
        ? { source: provider.source, intradayBars: provider.intradayBars.bind(provider) }
        : undefined);
  }

  async series(
    symbol: string,
    range: IntradayRange,
    delayMinutes: number,
  ): Promise<IntradaySeries> {
    const { provider } = this.options;
    const { intervalMinutes, sessions: count } = intradayShapes[range];
    const now = this.options.now();
    const cutoff = now - delayMinutes * minuteMs;
    const window = sessionsUpTo(cutoff, fetchedSessions);
    const sessions = window.slice(-count);
    const common = {
      intervalMinutes,
      sessions: sessions.map((session) => session.date),
      source: provider.quoteAt ? provider.source : (this.source?.source ?? provider.source),
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
        bars: bars.map(wireBar),
        asOf: endOf(bars, sessions, intervalMs, cutoff),
        available: true,
        stale: false,
      };
    }
    const answer = await this.fetch(symbol, window, now);
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
    const fetchedMs = fetchedMinutes * minuteMs;
    // A delayed plan sees a bar once it has ended as long ago as its delay: a source's bar
    // under way holds prices newer than the cutoff.
    const seen = answer.bars.filter(
      (bar) =>
        sessions.some((session) => bar.start >= session.open && bar.start < session.close) &&
        (delayMinutes > 0 ? bar.start + fetchedMs <= cutoff : bar.start < now),
    );
    const bars = intervalMs === fetchedMs ? seen : resample(seen, sessions, intervalMs);
    return {
      ...common,
      bars: bars.map(wireBar),
      // A bar under way when the source answered ends then, however late it is served.
      asOf: endOf(seen, sessions, fetchedMs, Math.min(cutoff, answer.fetchedAt)),
      available: true,
      stale: !isFinal(answer, window) && now - answer.fetchedAt > refetchMs * 2,
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
   * The source's bars of the sessions, asked for at most once a minute per symbol and window
   * for every viewer, answered or not; the last answer when the budget is spent or the call
   * fails; undefined when there is none.
   */
  private async fetch(
    symbol: string,
    sessions: Session[],
    now: number,
  ): Promise<Fetched | undefined> {
    if (!this.source || now < this.refusedUntil) return { fetchedAt: now, bars: null };
    const from = sessions[0]!.open;
    const key = `${symbol}|${from}`;
    const kept = this.fetched.get(key);
    // Bars fetched after the last session closed are its last: nights and weekends cost one call.
    if (kept && isFinal(kept, sessions)) return kept;
    let pending = this.inflight.get(key);
    if (!pending) {
      if (now - (this.asked.get(key) ?? Number.NEGATIVE_INFINITY) < refetchMs) return kept;
      pending = this.call(this.source, symbol, key, from, now).finally(() =>
        this.inflight.delete(key),
      );
      this.inflight.set(key, pending);
    }
    return (await pending) ?? kept;
  }

  private async call(
    source: IntradayBarsSource,
    symbol: string,
    key: string,
    from: number,
    now: number,
  ): Promise<Fetched | undefined> {
    const { budget, log, upstreamTimeoutMs = 10_000 } = this.options;
    if (!(await budget.tryTake(intradayLeave))) return undefined;
    remember(this.asked, key, now);
    try {
      const bars = await source.intradayBars(
        symbol,
        { from, to: now, intervalMinutes: fetchedMinutes },
        AbortSignal.timeout(upstreamTimeoutMs),
      );
      if (bars === null) this.refusedUntil = now + refusedPauseMs;
      const answer = { fetchedAt: now, bars };
      remember(this.fetched, key, answer);
      return answer;
    } catch (error) {
      log.warn({ symbol, err: error }, 'intraday bars fetch failed; serving the last ones');
      return undefined;
    }
  }
}

/** Whether an answer was fetched after the window's last bar had ended: no later one differs. */
function isFinal(answer: Fetched, window: readonly Session[]): boolean {
  return answer.fetchedAt >= window.at(-1)!.close + refetchMs;
}

/** Sets `key` as the newest entry of `map`, dropping the oldest past `maxKeptAnswers`. */
function remember<Value>(map: Map<string, Value>, key: string, value: Value): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > maxKeptAnswers) map.delete(map.keys().next().value!);
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

/** The instant the last bar runs to: its end, its session's close or the cutoff. */
function endOf(
  bars: readonly ProviderIntradayBar[],
  sessions: readonly Session[],
  intervalMs: number,
  cutoff: number,
): string | null {
  const last = bars.at(-1);
  if (!last) return null;
  const session = sessions.find((candidate) => last.start < candidate.close);
  const close = session?.close ?? last.start + intervalMs;
  return new Date(Math.min(last.start + intervalMs, close, cutoff)).toISOString();
}

/**
 * Bars of `intervalMs` made of shorter ones (oldest first, inside the sessions), counted from
 * each session's opening bell: the first open, the highest high, the lowest low, the last close
 * and the volumes added, as the source would resample them itself.
 */
function resample(
  bars: readonly ProviderIntradayBar[],
  sessions: readonly Session[],
  intervalMs: number,
): ProviderIntradayBar[] {
  const longer: ProviderIntradayBar[] = [];
  for (const bar of bars) {
    const session = sessions.find((candidate) => bar.start < candidate.close);
    if (!session) continue;
    const start = session.open + Math.floor((bar.start - session.open) / intervalMs) * intervalMs;
    const current = longer.at(-1);
    if (current?.start === start) {
      current.high = Math.max(current.high, bar.high);
      current.low = Math.min(current.low, bar.low);
      current.close = bar.close;
      current.volume += bar.volume;
    } else {
      longer.push({ ...bar, start });
    }
  }
  return longer;
}

/** A bar as the route sends it. */
function wireBar(bar: ProviderIntradayBar): IntradayBar {
  return {
    time: new Date(bar.start).toISOString(),
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
    volume: bar.volume,
  };
}
