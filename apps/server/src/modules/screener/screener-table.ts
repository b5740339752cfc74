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
import type { ListedSymbol, MarketData, MarketLog } from '../../market-data/index.ts';
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
  row: Omit<TableRow, 'price' | 'change' | 'volume' | 'quoted'>;
  /** The last stored close, the one before and the day's volume: the price without a quote. */
  lastClose: number | null;
  previousClose: number | null;
  lastVolume: number | null;
}

interface DailyTable {
  through: string;
  rows: Map<string, DailyRow>;
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
 * second per plan. A request only filters and sorts rows in memory.
 */
export class ScreenerTable {
  private readonly days: DailyTable[] = [];
  /** Each plan's rows, with when they were put together (`performance.now()`, wall time). */
  private readonly viewed = new Map<string, { at: number; version: number; table: ViewedTable }>();
  private version = 0;
  private refreshing: Promise<void> | null = null;
  private stopped = false;
  /** Ends a paced refresh's rest when the app closes. */
  private readonly stopping = new AbortController();
  /** Rows computed, not found unchanged: a test's check that nothing is read twice. */
  computed = 0;

  constructor(private readonly options: ScreenerTableOptions) {}

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
      });
    }
    return this.refreshing;
  }

  /** Ends a refresh under way at its next symbol, and starts none (the app is closing). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    await this.refreshing;
  }

  private async refreshNow(viewers: readonly MarketDataAccess[], fill: boolean): Promise<void> {
    if (this.stopped) return;
    const { market, history } = this.options.marketData;
    const days = [...new Set(viewers.map((viewer) => market.lastSessionFor(viewer)))].sort();
    const pacer = new Pacer({ share: this.options.share ?? 0.1, signal: this.stopping.signal });
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
        table = { through, rows: new Map() };
        this.days.push(table);
        this.days.sort((a, b) => (a.through < b.through ? 1 : -1));
        if (this.days.length > keptDays) this.days.length = keptDays;
      }
      const spy = await history.store.lastBars('SPY', benchmarkBars, through);
      for (const listed of this.options.universe) {
        if (this.stopped) return;
        const coverage = coverages.get(listed.symbol);
        const key = coverage
          ? `${coverage.fromDate}|${coverage.throughDate}|${spy.at(-1)?.date ?? ''}`
          : 'none';
        if (table.rows.get(listed.symbol)?.key === key) continue;
        try {
          table.rows.set(
            listed.symbol,
            await this.readDaily(listed, through, key, coverage, spy, pacer),
          );
        } catch (error) {
          this.options.log.warn({ symbol: listed.symbol, err: error }, 'screener row not read');
        }
        this.version += 1;
        await pacer.step();
      }
    }
  }

  private async readDaily(
    listed: ListedSymbol,
    through: string,
    key: string,
    coverage: unknown,
    spy: readonly DailyBar[],
    pacer: Pacer,
  ): Promise<DailyRow> {
    const { history, company, market } = this.options.marketData;
    const { ratings } = this.options;
    this.computed += 1;
    const identity = {
      symbol: listed.symbol,
      name: listed.name,
      type: listed.type,
      sector: listed.sector,
      industry: listed.industry,
    };
    const bars = coverage
      ? await history.store.lastBars(listed.symbol, ratings.barsPerReading, through)
      : [];
    // Each read and each computation is a unit of the pace: a symbol's whole row is too long one.
    await pacer.step();
    // Without stored bars nothing more is read: the simulated company data would fill them.
    const data = coverage
      ? await company.storedCompanyData(await market.security(listed.symbol), through)
      : undefined;
    const metrics: Partial<KeyMetrics> = data?.metrics ?? {};
    const last = bars.at(-1);
    await pacer.step();
    const figures = last
      ? computeKeyFigures(bars, listed.symbol === 'SPY' || spy.length === 0 ? null : spy)
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
