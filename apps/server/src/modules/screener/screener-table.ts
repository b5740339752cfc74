import {
  type DailyBar,
  type DataSource,
  type KeyMetrics,
  type MarketDataAccess,
  type PriceQuote,
  type ScreenerRow,
  screenerNumberColumns,
} from '@tickerwise/shared';
import { Pacer } from '../../lifecycle/pacer.ts';
import {
  type ListedSymbol,
  type MarketData,
  type MarketLog,
  type StoredHistory,
  storedBar,
} from '../../market-data/index.ts';
import { computeKeyFigures, runFundamentalChecks } from '../analysis/service.ts';

/** A row of the table, with whether its price is a quote (else the last stored close). */
export interface TableRow extends ScreenerRow {
  quoted: boolean;
}

/** What the table reads a symbol's rating on (the analyst's shared technical readings). */
export interface RatingReader {
  read(
    symbol: string,
    bars: readonly DailyBar[],
  ): { rating: ScreenerRow['rating']; rsi14: number | null };
  barsPerReading: number;
}

/** The figures of one symbol read on its stored bars and company data, through one day. */
interface DailyRow {
  /** Where its stored bars stood when it was read: a change reads it again. */
  key: string;
  /** When it was read on bars handed over as they were stored (`take`), that take's number. */
  taken?: number;
  row: Omit<TableRow, 'price' | 'change' | 'volume' | 'quoted'>;
  /** The last stored close, the one before and the day's volume: the price without a quote. */
  lastClose: number | null;
  previousClose: number | null;
  lastVolume: number | null;
}

interface DailyTable {
  through: string;
  rows: Map<string, DailyRow>;
  /** SPY's last bars through the day (beta, correlation), once a refresh has read them. */
  spy?: readonly DailyBar[];
  /** Rows read on SPY's bars before they were handed over anew, to read again. */
  stale: Set<string>;
}

export interface ViewedTable {
  rows: TableRow[];
  source: DataSource;
  delayed: boolean;
  delayMinutes: number;
  /** The instant the prices stand for (epoch ms). */
  asOf: number;
  /** The day the bar figures are read through, or null before any is read. */
  closesAsOf: string | null;
  withoutHistory: number;
}

const round = (value: number | null, digits = 2) =>
  value === null || !Number.isFinite(value)
    ? null
    : Math.round(value * 10 ** digits) / 10 ** digits;

const emptyFigures = Object.fromEntries(
  screenerNumberColumns.map((name) => [name, null]),
) as Record<(typeof screenerNumberColumns)[number], null>;

/** The benchmark of beta and correlation. */
const benchmarkSymbol = 'SPY';
/** Bars of SPY read for beta and correlation: a year and a margin, as the analyst reads them. */
const benchmarkBars = 300;
/** A viewer's table is put together again at most once a second. */
const viewedFreshMs = 1_000;
/**
 * Symbols whose history one refresh asks a source that counts no calls for: the universe fills
 * over some twenty minutes instead of loading the machine at start-up.
 */
const fillPerRefresh = 25;
/** Tables of days kept: the latest session's and the one before (a delayed plan's). */
const keptDays = 2;
/**
 * Histories handed over (`take`) and not yet read, kept at most: past it the oldest is left to
 * the next refresh, which reads it from the database.
 */
const maxHanded = 100;
/** Handed bars put in the database's form between two steps of the pace. */
const barsPerStep = 250;

/** What a row was read on: its stored bars' span and SPY's last day. */
const rowKey = (
  coverage: { fromDate: string; throughDate: string } | undefined,
  spy: readonly DailyBar[],
) => (coverage ? `${coverage.fromDate}|${coverage.throughDate}|${spy.at(-1)?.date ?? ''}` : 'none');

export interface ScreenerTableOptions {
  universe: readonly ListedSymbol[];
  marketData: Pick<MarketData, 'market' | 'history' | 'company'>;
  ratings: RatingReader;
  log: MarketLog;
  /** The market's time (epoch ms). */
  now: () => number;
  /**
   * The most of the event loop a refresh may use (default 0.1): a refresh after the universe's
   * bars changed reads every symbol again, seconds of work on the embedded database.
   */
  share?: number;
}

const viewerKey = (viewer: MarketDataAccess) =>
  viewer.kind === 'delayed' ? `delayed:${viewer.delayMinutes}` : 'realtime';

/**
 * Every symbol of the universe as one row of figures, for the screener and the market
 * overview. The figures read on stored bars and company data (returns, volatility, rating,
 * checklist, key statistics) are computed in the background (`refresh`), once per symbol per
 * change of its stored bars, one symbol at a time so the event loop stays free; prices come
 * from the quotes already known, as each plan may see them, put together at most once a
 * second per plan. A request only filters and sorts rows in memory. A symbol whose whole
 * history the history service has just stored is read on the bars it hands over (`take`), as
 * they are stored, not read back at the next refresh (docs/decisions/0066).
 */
export class ScreenerTable {
  private readonly days: DailyTable[] = [];
  /** Each plan's rows, with when they were put together (`performance.now()`, wall time). */
  private readonly viewed = new Map<string, { at: number; version: number; table: ViewedTable }>();
  private version = 0;
  private refreshing: Promise<void> | null = null;
  /** Histories handed over and not yet read, by symbol, oldest first. */
  private readonly handed = new Map<string, StoredHistory>();
  /** Reads the handed histories while no refresh is under way (a refresh reads them itself). */
  private taking: Promise<void> | null = null;
  private takes = 0;
  private readonly listed: ReadonlyMap<string, ListedSymbol>;
  private stopped = false;
  /** Ends a paced refresh's rest when the app closes. */
  private readonly stopping = new AbortController();
  /** Rows computed, not found unchanged: a test's check that nothing is read twice. */
  computed = 0;

  constructor(private readonly options: ScreenerTableOptions) {
    this.listed = new Map(options.universe.map((listed) => [listed.symbol, listed]));
  }

  get universe(): readonly ListedSymbol[] {
    return this.options.universe;
  }

  /**
   * Reads the figures of every symbol whose stored bars changed, through the last session of
   * each plan's freshness in `viewers`. With `fill`, a history source that counts no calls
   * (the simulated one) is first asked for the symbols with no stored bars.
   */
  refresh(viewers: readonly MarketDataAccess[], { fill = false } = {}): Promise<void> {
    if (!this.refreshing) {
      this.refreshing = this.refreshNow(viewers, fill).finally(() => {
        this.refreshing = null;
        this.startTaking();
      });
    }
    return this.refreshing;
  }

  /**
   * A symbol's history as the history service has just stored it (`onHistoryStored`): its row
   * of each day is read on these bars, soon and paced as a refresh is, without reading them
   * back, once a count shows they are all the symbol's stored bars through that day.
   */
  take(stored: StoredHistory): void {
    if (this.stopped || !this.listed.has(stored.symbol)) return;
    // Before the first refresh there is no day to read it for: that refresh reads it.
    if (!this.days.some((day) => day.spy)) return;
    this.handed.delete(stored.symbol);
    if (this.handed.size >= maxHanded) this.handed.delete(this.handed.keys().next().value!);
    this.handed.set(stored.symbol, stored);
    this.startTaking();
  }

  /** Resolves once every history handed over so far is read (or left to a refresh). */
  async settled(): Promise<void> {
    while (this.taking || this.refreshing) await (this.taking ?? this.refreshing);
  }

  /** Ends a refresh under way at its next symbol, and starts none (the app is closing). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    await this.refreshing;
    await this.taking;
    this.handed.clear();
    for (const day of this.days) day.stale.clear();
  }

  private pacer(): Pacer {
    return new Pacer({ share: this.options.share ?? 0.1, signal: this.stopping.signal });
  }

  /** Whether histories handed over, or rows read on SPY's bars before they moved, wait. */
  private get waiting(): boolean {
    return this.handed.size > 0 || this.days.some((day) => day.stale.size > 0);
  }

  private startTaking(): void {
    if (this.taking || this.refreshing || this.stopped || !this.waiting) return;
    const pacer = this.pacer();
    this.taking = (async () => {
      // A refresh that starts reads the rest itself.
      while (!this.refreshing && !this.stopped && this.waiting) await this.takeNext(pacer);
    })().finally(() => {
      this.taking = null;
      this.startTaking();
    });
  }

  /**
   * Reads the row of the oldest handed history, for each day it is all the stored bars of; or,
   * with none handed, a row read on SPY's bars before they moved.
   */
  private async takeNext(pacer: Pacer): Promise<void> {
    const next = this.handed.entries().next();
    if (next.done) {
      await this.readStale(pacer);
      return;
    }
    const [symbol, stored] = next.value;
    this.handed.delete(symbol);
    const listed = this.listed.get(symbol)!;
    try {
      const bars: DailyBar[] = [];
      for (let start = 0; start < stored.bars.length; start += barsPerStep) {
        for (const bar of stored.bars.slice(start, start + barsPerStep)) {
          bars.push(storedBar(bar, stored.source));
        }
        await pacer.step();
      }
      const { history } = this.options.marketData;
      for (const table of this.days) {
        if (this.stopped) return;
        if (!table.spy) continue;
        const end = bars.findLastIndex((bar) => bar.date <= table.through) + 1;
        const counted = await history.store.countBars(symbol, table.through);
        await pacer.step();
        // Other bars stored beside these (a bar a quote closed): the next refresh reads them all.
        if (counted !== end) continue;
        const read = bars.slice(Math.max(0, end - this.options.ratings.barsPerReading), end);
        if (symbol === benchmarkSymbol) this.benchmarkStored(table, read.slice(-benchmarkBars));
        const key = rowKey(stored, table.spy);
        const row = await this.rowOf(listed, table.through, key, true, read, table.spy, pacer);
        this.setTaken(table, symbol, row);
        await pacer.step();
      }
    } catch (error) {
      this.options.log.warn({ symbol, err: error }, 'screener row not read');
    }
  }

  /**
   * SPY's bars through a day, handed over: the day's benchmark from now on. The rows read on
   * the old one are read again soon, not at the next refresh (while a cold start stores the
   * universe's histories, that refresh would read them among the requests).
   */
  private benchmarkStored(table: DailyTable, spy: readonly DailyBar[]): void {
    const last = spy.at(-1)?.date ?? '';
    if (last === table.spy?.at(-1)?.date) return;
    table.spy = spy;
    for (const [symbol, row] of table.rows) {
      if (symbol !== benchmarkSymbol && row.key !== 'none' && !row.key.endsWith(`|${last}`)) {
        table.stale.add(symbol);
      }
    }
  }

  /** Reads again one row read on SPY's bars before they moved (`benchmarkStored`). */
  private async readStale(pacer: Pacer): Promise<void> {
    const table = this.days.find((day) => day.stale.size > 0);
    if (!table) return;
    const symbol: string = table.stale.values().next().value!;
    table.stale.delete(symbol);
    const row = table.rows.get(symbol);
    if (!row || !table.spy) return;
    // The same stored bars, SPY's new last day.
    const key = `${row.key.slice(0, row.key.lastIndexOf('|'))}|${table.spy.at(-1)?.date ?? ''}`;
    try {
      const read = await this.readDaily(
        this.listed.get(symbol)!,
        table.through,
        key,
        true,
        table.spy,
        pacer,
      );
      this.setTaken(table, symbol, read);
    } catch (error) {
      this.options.log.warn({ symbol, err: error }, 'screener row not read');
    }
    await pacer.step();
  }

  private setTaken(table: DailyTable, symbol: string, row: DailyRow): void {
    this.takes += 1;
    table.rows.set(symbol, { ...row, taken: this.takes });
    table.stale.delete(symbol);
    this.version += 1;
  }

  private async refreshNow(viewers: readonly MarketDataAccess[], fill: boolean): Promise<void> {
    // Handed histories taken from here on are read by this refresh, between its symbols.
    await this.taking;
    if (this.stopped) return;
    const { market, history } = this.options.marketData;
    const days = [...new Set(viewers.map((viewer) => market.lastSessionFor(viewer)))].sort();
    const pacer = this.pacer();
    // A row read on handed bars after this is newer than the coverages read here.
    const takenBefore = this.takes;
    let coverages = await history.store.coverages();
    if (fill && history.fillsWithoutCalls) {
      const missing = this.options.universe.filter(({ symbol }) => !coverages.has(symbol));
      for (const { symbol } of missing.slice(0, fillPerRefresh)) {
        if (this.stopped) return;
        await history.state(symbol).catch((error: unknown) => {
          this.options.log.warn({ symbol, err: error }, 'screener could not fill stored bars');
        });
        await pacer.step();
      }
      coverages = await history.store.coverages();
    }
    for (const through of days) {
      let table = this.days.find((day) => day.through === through);
      if (!table) {
        // A new day's figures are all read afresh; the older day serves until they are.
        table = { through, rows: new Map(), stale: new Set() };
        this.days.push(table);
        this.days.sort((a, b) => (a.through < b.through ? 1 : -1));
        if (this.days.length > keptDays) this.days.length = keptDays;
      }
      table.spy = await history.store.lastBars(benchmarkSymbol, benchmarkBars, through);
      for (const listed of this.options.universe) {
        // Handed histories first: their bars are in memory.
        while (this.waiting && !this.stopped) await this.takeNext(pacer);
        if (this.stopped) return;
        const coverage = coverages.get(listed.symbol);
        const spy = table.spy ?? [];
        const key = rowKey(coverage, spy);
        const kept = table.rows.get(listed.symbol);
        if (kept?.key === key || (kept?.taken ?? 0) > takenBefore) continue;
        try {
          const row = await this.readDaily(listed, through, key, coverage, spy, pacer);
          table.rows.set(listed.symbol, row);
          table.stale.delete(listed.symbol);
        } catch (error) {
          this.options.log.warn({ symbol: listed.symbol, err: error }, 'screener row not read');
        }
        this.version += 1;
        await pacer.step();
      }
    }
  }

  /** Reads a symbol's stored bars through a day, then its row on them. */
  private async readDaily(
    listed: ListedSymbol,
    through: string,
    key: string,
    coverage: unknown,
    spy: readonly DailyBar[],
    pacer: Pacer,
  ): Promise<DailyRow> {
    const { history } = this.options.marketData;
    const bars = coverage
      ? await history.store.lastBars(listed.symbol, this.options.ratings.barsPerReading, through)
      : [];
    // Each read and each computation is a unit of the pace: a symbol's whole row is too long one.
    await pacer.step();
    return this.rowOf(listed, through, key, coverage !== undefined, bars, spy, pacer);
  }

  /**
   * A symbol's row on its last stored bars through a day (`stored`: whether it has any stored
   * history at all), with its stored company data.
   */
  private async rowOf(
    listed: ListedSymbol,
    through: string,
    key: string,
    stored: boolean,
    bars: readonly DailyBar[],
    spy: readonly DailyBar[],
    pacer: Pacer,
  ): Promise<DailyRow> {
    const { company, market } = this.options.marketData;
    const { ratings } = this.options;
    this.computed += 1;
    const identity = {
      symbol: listed.symbol,
      name: listed.name,
      type: listed.type,
      sector: listed.sector,
      industry: listed.industry,
    };
    // Without stored bars nothing more is read: the simulated company data would fill them.
    const data = stored
      ? await company.storedCompanyData(await market.security(listed.symbol), through)
      : undefined;
    const metrics: Partial<KeyMetrics> = data?.metrics ?? {};
    const last = bars.at(-1);
    await pacer.step();
    const figures = last
      ? computeKeyFigures(bars, listed.symbol === benchmarkSymbol || spy.length === 0 ? null : spy)
      : null;
    await pacer.step();
    const reading = last ? ratings.read(listed.symbol, bars) : null;
    const returnOf = (period: string) =>
      round(figures?.returns.find((entry) => entry.period === period)?.percent ?? null);
    const checks = data ? runFundamentalChecks(data.metrics) : [];
    const judged = checks.filter((check) => check.status !== 'not_available');
    const metric = (name: keyof KeyMetrics) => round(metrics[name] ?? null);
    return {
      key,
      lastClose: last?.close ?? null,
      previousClose: bars.at(-2)?.close ?? null,
      lastVolume: last?.volume ?? null,
      row: {
        ...identity,
        ...emptyFigures,
        rating: reading?.rating ?? null,
        marketCap: metrics.marketCap ?? null,
        peRatio: metric('peRatio'),
        pbRatio: metric('pbRatio'),
        psRatio: metric('psRatio'),
        eps: metric('eps'),
        dividendYieldPercent: metric('dividendYieldPercent'),
        payoutRatioPercent: metric('payoutRatioPercent'),
        beta: round(figures?.benchmark.beta ?? metrics.beta ?? null),
        grossMarginPercent: metric('grossMarginPercent'),
        operatingMarginPercent: metric('operatingMarginPercent'),
        netMarginPercent: metric('netMarginPercent'),
        roePercent: metric('roePercent'),
        revenueGrowthPercent: metric('revenueGrowthPercent'),
        epsGrowthPercent: metric('epsGrowthPercent'),
        revenueGrowth5yPercent: metric('revenueGrowth5yPercent'),
        debtToEquity: metric('debtToEquity'),
        currentRatio: metric('currentRatio'),
        yearHigh: round(figures?.yearRange?.high ?? metrics.yearHigh ?? null),
        yearLow: round(figures?.yearRange?.low ?? metrics.yearLow ?? null),
        return1w: returnOf('1w'),
        return1m: returnOf('1m'),
        return3m: returnOf('3m'),
        return6m: returnOf('6m'),
        returnYtd: returnOf('ytd'),
        return1y: returnOf('1y'),
        volatility30d: round(figures?.volatility30d ?? null),
        maxDrawdown1y: round(figures?.maxDrawdown1y?.percent ?? null),
        distanceToSma50: round(figures?.distanceToSma50 ?? null),
        distanceToSma200: round(figures?.distanceToSma200 ?? null),
        rsi14: round(reading?.rsi14 ?? null),
        checklistScore:
          judged.length === 0 ? null : judged.filter((c) => c.status === 'pass').length,
      },
    };
  }

  /** The day table a viewer may see: through their last session, never a later one. */
  private dayFor(through: string): DailyTable | undefined {
    return this.days.find((day) => day.through <= through);
  }

  /**
   * Every row as `viewer`'s plan may see it: the bar figures through their last session, the
   * price of their delay ago. Put together at most once a second per plan.
   */
  rowsFor(viewer: MarketDataAccess): ViewedTable {
    const { market } = this.options.marketData;
    const now = this.options.now();
    const wall = performance.now();
    const key = viewerKey(viewer);
    const kept = this.viewed.get(key);
    if (kept && kept.version === this.version && wall - kept.at < viewedFreshMs) {
      return kept.table;
    }
    const day = this.dayFor(market.lastSessionFor(viewer));
    const symbols = this.options.universe.map((listed) => listed.symbol);
    // Asked for with the least weight: the refreshes spend on them what is left of the budget.
    const { quotes } = market.quotesFor(viewer, symbols, 'other');
    const bySymbol = new Map<string, PriceQuote>(quotes.map((quote) => [quote.symbol, quote]));
    const rows: TableRow[] = [];
    let withoutHistory = 0;
    for (const listed of this.options.universe) {
      const daily = day?.rows.get(listed.symbol);
      if (!daily || daily.lastClose === null) withoutHistory += 1;
      const quote = bySymbol.get(listed.symbol);
      const base = daily?.row ?? {
        symbol: listed.symbol,
        name: listed.name,
        industry: listed.industry,
        type: listed.type,
        sector: listed.sector,
        ...emptyFigures,
        rating: null,
      };
      if (quote) {
        rows.push({
          ...base,
          price: quote.price,
          change: quote.change,
          volume: daily?.lastVolume ?? null,
          quoted: true,
        });
      } else {
        const close = daily?.lastClose ?? null;
        const before = daily?.previousClose ?? null;
        rows.push({
          ...base,
          price: round(close),
          change: close !== null && before ? round((close / before - 1) * 100) : null,
          volume: daily?.lastVolume ?? null,
          quoted: false,
        });
      }
    }
    const delayMinutes = viewer.kind === 'delayed' ? viewer.delayMinutes : 0;
    const table: ViewedTable = {
      rows,
      source: market.source,
      delayed: delayMinutes > 0,
      delayMinutes,
      asOf: now - delayMinutes * 60_000,
      closesAsOf: day?.through ?? null,
      withoutHistory,
    };
    this.viewed.set(key, { at: wall, version: this.version, table });
    return table;
  }
}
