import type { DataSource, HistoryRange } from '@tickerwise/shared';
import type { Db } from '../../db/client.ts';
import { JobQueue } from '../../modules/jobs/service.ts';
import type { BarsProvider, ProviderBar } from '../adapters/bars-provider.ts';
import {
  addDays,
  lastClosedSession,
  previousTradingDay,
  sessionCloseOf,
} from '../calendar/market-calendar.ts';
import { periodStart, periodStartIndex } from '../calendar/periods.ts';
import type { CallBudget } from '../upstream/call-budget.ts';
import type { MarketLog } from '../upstream/market-log.ts';
import { UpstreamError } from '../upstream/upstream.ts';
import { BarStore, type StoredBar } from './bar-store.ts';

export interface HistoryServiceOptions {
  db: Db;
  provider: BarsProvider;
  /** Shared with every other caller of the same provider. */
  budget: CallBudget;
  log: MarketLog;
  now?: () => number;
  upstreamTimeoutMs?: number;
}

/** Where a symbol's stored history stands, as the routes and other modules see it. */
export interface HistoryState {
  symbol: string;
  /** Last stored trading day, or null when nothing is stored. */
  asOf: string | null;
  /** Source of the newest stored bar; the provider's when nothing is stored. */
  source: DataSource;
  /** Bringing the bars up to date failed or was put off; `asOf` says how far they go. */
  stale: boolean;
  /** Changes whenever the stored bars may have changed (ETags, caches). */
  version: string;
}

/** Bars read for `recentBars`, and where they stop when cut short of the stored ones. */
interface RecentRead {
  bars: StoredBar[];
  asOf?: string | null;
}

/** Told when the daily refresh has stored a session's bars. */
export type SessionListener = (session: string) => Promise<void>;

/**
 * Bars a fetch has just stored, when they may be all the symbol's stored bars: the fetch began
 * at or before the first stored day. Bars stored otherwise (a bar a quote closed) may stand
 * beside them, so a listener that takes them for the whole history checks the count.
 */
export interface StoredHistory {
  symbol: string;
  source: string;
  /** Oldest first, as the source gave them: `storedBar` gives each as the database keeps it. */
  bars: readonly ProviderBar[];
  /** The symbol's coverage as the fetch wrote it. */
  fromDate: string;
  throughDate: string;
}

/** Told, without being waited for, when a fetch has stored a symbol's history. */
type HistoryListener = (stored: StoredHistory) => void;

/** A history a caller reads: bars oldest first, and where they stand. */
export interface BarSeries extends HistoryState {
  bars: StoredBar[];
}

/** Reads of `recentBars` kept in memory (a year of bars each at most, for list rows). */
const maxRecentReads = 2_000;
/** How many years a symbol's history starts back (a week more, so 5Y charts are full). */
export const historyYears = 5;
/** A real source is asked again for a day it did not have yet at most this often. */
const recheckMs = 30 * 60_000;
/** After a failure or an empty budget, no new attempt for this symbol before this pause. */
const retryMs = 2 * 60_000;
/** How long a request waits for another instance's fetch of the same symbol. */
const waitForOtherInstanceMs = 15_000;
/** A fetch claimed by an instance that died is taken over after this. */
const claimLeaseMs = 2 * 60_000;
/** The jobs-table name of a symbol's fetch claim (its key is the symbol). */
const fetchClaim = 'history.fetch';
/** Calls to the history source at once; more wait their turn (outside the call's timeout). */
const maxConcurrentFetches = 4;
/** Symbols asked for in this window are kept up to date by the daily refresh. */
export const keepFreshMs = 30 * 86_400_000;

/** Days read before a range's start day, so its base bar is found across any holiday. */
const baseBarMarginDays = 10;

interface Memo {
  state: HistoryState;
  /** The session the state was complete for, or undefined when it was not. */
  completeFor?: string;
  /** Not before this time is the database or the source asked again. */
  recheckAt: number;
  /** UTC day on which this instance last recorded demand for the symbol. */
  demandDay?: number;
}

const knownSources: readonly DataSource[] = ['simulated', 'finnhub', 'tiingo'];
const asSource = (value: string | undefined, fallback: DataSource): DataSource =>
  knownSources.includes(value as DataSource) ? (value as DataSource) : fallback;

/**
 * Daily bars stored in the database, fetched from the history source per symbol on first
 * demand (five years) and then only the days that are missing. Concurrent requests share one
 * fetch per symbol; across instances a claim on the jobs table (`JobQueue.claim`) makes one instance fetch while the
 * others wait for its result. A source that fails leaves the stored bars served with their
 * date.
 */
export class HistoryService {
  readonly store: BarStore;
  private readonly memos = new Map<string, Memo>();
  /**
   * The last reads of `recentBars`, by symbol, count and end, while the stored bars keep their
   * version: lists rebuilt every second read them from memory, not the database. The bars are
   * shared between callers, who only read them.
   */
  private readonly recent = new Map<string, { version: string; read: Promise<RecentRead> }>();
  private readonly inflight = new Map<string, Promise<HistoryState>>();
  private readonly now: () => number;
  private fetching = 0;
  private readonly fetchQueue: (() => void)[] = [];
  private readonly timeoutMs: number;
  private readonly sessionListeners = new Set<SessionListener>();
  private readonly historyListeners = new Set<HistoryListener>();
  /** One fetch of a symbol at a time across instances: a claim on the jobs table. */
  private readonly claims: JobQueue;

  constructor(private readonly options: HistoryServiceOptions) {
    this.store = new BarStore(options.db);
    this.now = options.now ?? Date.now;
    this.claims = new JobQueue(options.db, this.now);
    this.timeoutMs = options.upstreamTimeoutMs ?? 10_000;
  }

  get source(): DataSource {
    return this.options.provider.source;
  }

  /** Whether the history source counts no calls (the simulated one): filling it costs nothing. */
  get fillsWithoutCalls(): boolean {
    return this.options.provider.limits.length === 0;
  }

  /** The state of a symbol's history, brought up to date first when it can be. */
  async state(symbol: string): Promise<HistoryState> {
    const now = this.now();
    const session = lastClosedSession(now);
    const memo = this.memos.get(symbol);
    if (memo && (memo.completeFor === session || memo.recheckAt > now)) {
      this.noteDemand(symbol, memo, now);
      return memo.state;
    }
    let pending = this.inflight.get(symbol);
    if (!pending) {
      pending = this.update(symbol, session).finally(() => this.inflight.delete(symbol));
      this.inflight.set(symbol, pending);
    }
    return pending;
  }

  /**
   * Bars of a chart range, ending with the last stored day (or `through`, the last session a
   * viewer may see), starting with the range's base bar as a period return has it (§7.2): the
   * last session on or before the same calendar day the range's length earlier (YTD: December
   * 31 of the year before). Max is every stored bar.
   */
  async range(symbol: string, range: HistoryRange, through?: string): Promise<BarSeries> {
    const state = await this.state(symbol);
    const stored = state.asOf ?? lastClosedSession(this.now());
    const end = through !== undefined && through < stored ? through : stored;
    if (range === 'max') {
      // Every stored bar: the history starts `historyYears` back (a week more).
      const read = await this.store.barsSince(symbol, '0001-01-01');
      return { ...state, bars: read.filter((bar) => bar.date <= end) };
    }
    const read = await this.store.barsSince(
      symbol,
      addDays(periodStart(range, end), -baseBarMarginDays),
    );
    const bars = read.filter((bar) => bar.date <= end);
    return { ...state, bars: bars.slice(Math.max(0, periodStartIndex(bars, range))) };
  }

  /**
   * The last `count` daily bars (the analyst needs 200 or more; alerts their indicators), up
   * to `through` when given: the last session a viewer may see (a delayed plan sees a day's
   * bar once its close is as old as its delay). `asOf` then stops there too.
   */
  async recentBars(symbol: string, count: number, through?: string): Promise<BarSeries> {
    const state = await this.state(symbol);
    const key = `${symbol}|${count}|${through ?? ''}`;
    let read = this.recent.get(key);
    if (read?.version !== state.version) {
      read = { version: state.version, read: this.readRecentBars(state, symbol, count, through) };
      if (this.recent.size >= maxRecentReads) this.recent.delete(this.recent.keys().next().value!);
      this.recent.set(key, read);
      const kept = read;
      kept.read.catch(() => {
        if (this.recent.get(key) === kept) this.recent.delete(key);
      });
    }
    return { ...state, ...(await read.read) };
  }

  private async readRecentBars(
    state: HistoryState,
    symbol: string,
    count: number,
    through: string | undefined,
  ): Promise<RecentRead> {
    if (through === undefined || state.asOf === null || state.asOf <= through) {
      return { bars: await this.store.lastBars(symbol, count) };
    }
    const bars = await this.store.lastBars(symbol, count, through);
    return { asOf: bars.at(-1)?.date ?? null, bars };
  }

  /** Asks for a symbol to be kept up to date by the daily refresh from now on. */
  async keepFresh(symbol: string): Promise<void> {
    await this.state(symbol);
    await this.store.markDemanded(symbol, new Date(this.now()));
  }

  /**
   * Records the bar of a closed session from a quote (Finnhub's /quote gives the day's open,
   * high, low and close), unless a history source already stored that day.
   */
  async closeSessionFromQuote(symbol: string, session: string, bar: ProviderBar): Promise<void> {
    await this.store.saveClosingBar(symbol, 'finnhub', bar);
    const coverage = await this.store.coverage(symbol);
    await this.store.saveCoverage(symbol, {
      source: coverage?.source ?? 'finnhub',
      fromDate: coverage && coverage.fromDate < session ? coverage.fromDate : session,
      throughDate: coverage && coverage.throughDate > session ? coverage.throughDate : session,
      checkedAt: new Date(this.now()),
    });
    this.memos.delete(symbol);
  }

  /**
   * Calls `listener` after the daily refresh has brought the stored bars up to a session (on
   * the one instance that ran it): indicator alerts are checked then. Returns the unsubscribe.
   */
  onSessionStored(listener: SessionListener): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  /**
   * Calls `listener` each time a fetch has stored bars from the symbol's first stored day on
   * (a first fetch of five years, or a revised history fetched again whole), so a reader of
   * the whole history can take it without reading it back. Returns the unsubscribe.
   */
  onHistoryStored(listener: HistoryListener): () => void {
    this.historyListeners.add(listener);
    return () => this.historyListeners.delete(listener);
  }

  /** The daily refresh is done with `session`: tells the listeners. */
  async sessionStored(session: string): Promise<void> {
    for (const listener of this.sessionListeners) await listener(session);
  }

  /** Forgets what this instance knows, so the next read looks at the database (the daily job). */
  forget(symbol: string): void {
    this.memos.delete(symbol);
  }

  /** The instant after a session's close at which the source has that day's bars. */
  refreshTimeOf(session: string): number {
    const delayMinutes = this.options.provider.source === 'simulated' ? 5 : 150;
    return sessionCloseOf(session) + delayMinutes * 60_000;
  }

  /** Brings one symbol up to date now, ignoring the pause between checks (the daily job). */
  async refresh(symbol: string): Promise<HistoryState> {
    this.memos.delete(symbol);
    return this.update(symbol, lastClosedSession(this.now()), { force: true });
  }

  private noteDemand(symbol: string, memo: Memo, now: number): void {
    const day = Math.floor(now / 86_400_000);
    if (memo.demandDay === day) return;
    memo.demandDay = day;
    this.store.markDemanded(symbol, new Date(now)).catch((error: unknown) => {
      this.options.log.warn({ symbol, err: error }, 'could not record demand for a symbol');
    });
  }

  private async update(
    symbol: string,
    session: string,
    { force = false } = {},
  ): Promise<HistoryState> {
    const now = this.now();
    const coverage = await this.store.coverage(symbol);
    const upToDate = coverage && coverage.throughDate >= session;
    const checkedRecently = coverage && now - coverage.checkedAt.getTime() < recheckMs;
    let stale = false;
    if (!upToDate && (force || !checkedRecently)) {
      stale = !(await this.fetchWithClaim(symbol, session, coverage?.throughDate));
    }
    return this.remember(symbol, session, stale, now);
  }

  private async remember(
    symbol: string,
    session: string,
    stale: boolean,
    now: number,
  ): Promise<HistoryState> {
    const coverage = await this.store.coverage(symbol);
    const [last] = await this.store.lastBars(symbol, 1);
    const asOf = last?.date ?? null;
    const complete = coverage !== undefined && coverage.throughDate >= session;
    const state: HistoryState = {
      symbol,
      asOf,
      source: asSource(last?.source, this.source),
      stale: stale && !complete,
      version: `${asOf ?? '-'}.${coverage?.checkedAt.getTime() ?? 0}.${last?.source ?? '-'}`,
    };
    const previous = this.memos.get(symbol);
    this.memos.set(symbol, {
      state,
      ...(complete ? { completeFor: session } : {}),
      recheckAt: now + (stale ? retryMs : recheckMs),
      ...(previous?.demandDay !== undefined ? { demandDay: previous.demandDay } : {}),
    });
    if (previous?.demandDay === undefined) this.noteDemand(symbol, this.memos.get(symbol)!, now);
    return state;
  }

  /**
   * Fetches the missing bars, once across instances. True when the stored bars are as
   * complete as the source allows; false when the fetch failed or was put off.
   */
  private async fetchWithClaim(
    symbol: string,
    session: string,
    throughDate: string | undefined,
  ): Promise<boolean> {
    const claimed = await this.claims.claim(fetchClaim, symbol, claimLeaseMs);
    if (!claimed) return this.waitForOtherInstance(symbol, session);
    try {
      return await this.fetch(symbol, session, throughDate);
    } finally {
      await this.claims.release(fetchClaim, symbol).catch((error: unknown) => {
        this.options.log.warn({ symbol, err: error }, 'could not release a history fetch claim');
      });
    }
  }

  private async fetch(
    symbol: string,
    session: string,
    throughDate: string | undefined,
  ): Promise<boolean> {
    const { provider, budget, log } = this.options;
    if (!(await budget.tryTake())) return false;
    const backfillFrom = addDays(session, -(historyYears * 366 + 7));
    const from =
      throughDate && throughDate >= backfillFrom ? addDays(throughDate, 1) : backfillFrom;
    const checkedAt = new Date(this.now());
    let answer: Awaited<ReturnType<BarsProvider['dailyBars']>>;
    try {
      answer = await this.call(symbol, from, session);
      if (answer?.historyRevised && from !== backfillFrom) {
        // A split or dividend moved the adjusted past: take the whole history again.
        if (!(await budget.tryTake())) return false;
        answer = await this.call(symbol, backfillFrom, session);
      }
    } catch (error) {
      if (error instanceof UpstreamError && error.failure === 'not_found') {
        answer = { bars: [] };
      } else {
        log.warn({ symbol, err: error }, 'daily history fetch failed; serving the stored bars');
        return false;
      }
    }
    const coverage = await this.store.coverage(symbol);
    if (!answer) {
      // This account gets no daily history: only bars closed by quotes will be stored.
      if (coverage) await this.store.markChecked(symbol, checkedAt);
      return true;
    }
    const bars = answer.bars.filter((bar) => bar.date >= from && bar.date <= session);
    await this.store.saveBars(symbol, provider.source, bars);
    const lastDate = bars.at(-1)?.date ?? coverage?.throughDate;
    const stored = {
      source: provider.source,
      fromDate: coverage && coverage.fromDate < from ? coverage.fromDate : from,
      // A source with nothing at all for the symbol is not asked about the past again; one
      // that has not published the session yet is asked again after a pause.
      throughDate: lastDate ?? session,
    };
    await this.store.saveCoverage(symbol, { ...stored, checkedAt });
    if (stored.fromDate === from) this.historyStored({ symbol, bars, ...stored });
    return true;
  }

  private historyStored(stored: StoredHistory): void {
    for (const listener of this.historyListeners) {
      try {
        listener(stored);
      } catch (error) {
        this.options.log.warn({ symbol: stored.symbol, err: error }, 'stored history not taken');
      }
    }
  }

  /** One call to the source, at most `maxConcurrentFetches` at a time. */
  private async call(symbol: string, from: string, to: string) {
    if (this.fetching < maxConcurrentFetches) this.fetching += 1;
    // A finished call hands its place straight to the next in line.
    else await new Promise<void>((resolve) => this.fetchQueue.push(resolve));
    try {
      return await this.options.provider.dailyBars(
        symbol,
        { from, to },
        AbortSignal.timeout(this.timeoutMs),
      );
    } finally {
      const next = this.fetchQueue.shift();
      if (next) next();
      else this.fetching -= 1;
    }
  }

  private async waitForOtherInstance(symbol: string, session: string): Promise<boolean> {
    const released = await this.claims.waitForRelease(fetchClaim, symbol, {
      timeoutMs: waitForOtherInstanceMs,
    });
    if (!released) return false;
    const coverage = await this.store.coverage(symbol);
    return coverage !== undefined && coverage.throughDate >= previousTradingDay(session);
  }
}
