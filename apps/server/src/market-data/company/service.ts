import type { CompanyData, CompanyProfile, KeyMetrics } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyData } from '../../db/schema/index.ts';
import type { MarketProvider } from '../adapters/market-provider.ts';
import { emptyMetrics, simulatedCompany } from '../adapters/simulated/company.ts';
import {
  againstBenchmark,
  type BarLike,
  benchmarkSymbol,
  yearOfBarsWithMargin,
  yearRange,
} from '../bar-figures.ts';
import { isoDate } from '../calendar/market-days.ts';
import type { HistoryService } from '../history/service.ts';
import { listedSymbol } from '../reference/universe.ts';
import type { Security } from '../symbols/service.ts';
import type { CallBudget } from '../upstream/call-budget.ts';
import type { MarketLog } from '../upstream/market-log.ts';

export interface CompanyServiceOptions {
  db: Db;
  provider: MarketProvider;
  budget: CallBudget;
  history: HistoryService;
  log: MarketLog;
  now?: () => number;
  upstreamTimeoutMs?: number;
}

/**
 * Company profile and key statistics. With Finnhub: `/stock/profile2` and `/stock/metric`,
 * fetched at most once a day per symbol and kept in `company_data`; when Finnhub fails, the
 * stored figures are served with their date. Offline: simulated figures tied to the
 * simulated prices.
 */
export class CompanyService {
  private readonly pending = new Map<string, Promise<CompanyData>>();
  private readonly now: () => number;

  constructor(private readonly options: CompanyServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * `through`: the last trading day the viewer may see (a delayed plan sees a day's close
   * late); the simulated figures, derived from the closes, stop there. A real provider's
   * figures are its own daily ones.
   */
  async companyData(security: Security, through?: string): Promise<CompanyData> {
    if (!this.options.provider.companyData) return this.simulated(security, through);
    const data = await this.fromProviderOnce(security);
    return this.withBarFigures(security.symbol, data, through, 'stored');
  }

  /**
   * The market value `companyData` gives, without its other figures or those read from the
   * bars: the simulated company's from the last stored close, a provider's as `companyData`
   * gets it (stored for the day, else asked within the budget).
   */
  async marketCap(security: Security, through?: string): Promise<number | null> {
    const data = this.options.provider.companyData
      ? await this.fromProviderOnce(security)
      : await this.simulated(security, through, false);
    return data.metrics.marketCap;
  }

  /** The provider's company data of a symbol (`fromProvider`), one reading at a time. */
  private fromProviderOnce(security: Security): Promise<CompanyData> {
    let pending = this.pending.get(security.symbol);
    if (!pending) {
      pending = this.fromProvider(security).finally(() => this.pending.delete(security.symbol));
      this.pending.set(security.symbol, pending);
    }
    return pending;
  }

  /**
   * The company data a list row shows (market cap and P/E): as `companyData`, but a real
   * provider is never called for it (what is stored is served, or no figures), and the figures
   * read from the bars are left out.
   */
  async storedCompanyData(security: Security, through?: string): Promise<CompanyData | undefined> {
    if (!this.options.provider.companyData) return this.simulated(security, through, false);
    const [stored] = await this.options.db
      .select()
      .from(companyData)
      .where(eq(companyData.symbol, security.symbol))
      .limit(1);
    if (!stored) return undefined;
    return this.fromRow(security, stored, stored.asOf < isoDate(this.now()));
  }

  /**
   * docs/PRODUCT.md §7.2: the 52-week range and the beta come from the stored bars, computed
   * as the stock record and the analysis compute them, whenever the bars cover the year (for
   * the range) or 60 days paired with SPY (for the beta); otherwise the provider's own
   * figures stand. `benchmarkBars`: whether SPY's bars may be fetched (the simulated market)
   * or only read when stored (a real provider, whose calls are counted); `ownBars`: the
   * symbol's, when already read.
   */
  private async withBarFigures(
    symbol: string,
    data: CompanyData,
    through: string | undefined,
    benchmarkBars: 'fetch' | 'stored',
    ownBars?: readonly BarLike[],
  ): Promise<CompanyData> {
    const { history } = this.options;
    const barsOf = async (of: string): Promise<readonly BarLike[]> =>
      benchmarkBars === 'fetch' || of === symbol
        ? (await history.recentBars(of, yearOfBarsWithMargin, through)).bars
        : history.store.lastBars(of, yearOfBarsWithMargin, through);
    const [own, benchmark] = await Promise.all([
      ownBars ?? barsOf(symbol),
      symbol === benchmarkSymbol ? null : barsOf(benchmarkSymbol),
    ]);
    const range = yearRange(own);
    const { beta } = againstBenchmark(own, benchmark ?? own);
    const metrics = { ...data.metrics };
    if (range && (range.covered || metrics.yearHigh === null || metrics.yearLow === null)) {
      metrics.yearHigh = range.high;
      metrics.yearLow = range.low;
    }
    if (beta !== null) metrics.beta = round(beta, 2);
    return { ...data, metrics };
  }

  /** `barFigures`: false for a list row, which shows neither the 52-week range nor the beta. */
  private async simulated(
    security: Security,
    through: string | undefined,
    barFigures = true,
  ): Promise<CompanyData> {
    const { bars } = await this.options.history.recentBars(
      security.symbol,
      barFigures ? yearOfBarsWithMargin : 1,
      through,
    );
    const price = bars.at(-1)?.close;
    const asOf = bars.at(-1)?.date;
    const listing = listedSymbol(security.symbol) ?? { ...security, featured: false };
    if (!price || !asOf) {
      return {
        profile: baseProfile(security),
        metrics: emptyMetrics,
        source: 'simulated',
        asOf: isoDate(this.now()),
        stale: true,
      };
    }
    const { profile, metrics } = simulatedCompany(listing, price);
    const data: CompanyData = { profile, metrics, source: 'simulated', asOf, stale: false };
    return barFigures ? this.withBarFigures(security.symbol, data, through, 'fetch', bars) : data;
  }

  private async fromProvider(security: Security): Promise<CompanyData> {
    const { db, provider, budget, log, upstreamTimeoutMs = 5_000 } = this.options;
    const today = isoDate(this.now());
    const [stored] = await db
      .select()
      .from(companyData)
      .where(eq(companyData.symbol, security.symbol))
      .limit(1);
    if (stored && stored.asOf >= today) return this.fromRow(security, stored, false);
    // Two calls (profile and metrics): take both from the budget or make neither.
    if (await budget.tryTake(0, 2)) {
      try {
        const fetched = await provider.companyData!(
          security.symbol,
          AbortSignal.timeout(upstreamTimeoutMs),
        );
        const profile = { ...baseProfile(security), ...withoutNulls(fetched.profile) };
        // Our reference list's GICS classification is finer than the provider's industry.
        if (security.sector) profile.sector = security.sector;
        if (security.industry) profile.industry = security.industry;
        const metrics = { ...emptyMetrics, ...fetched.metrics };
        await db
          .insert(companyData)
          .values({
            symbol: security.symbol,
            source: provider.source,
            asOf: today,
            profile,
            metrics,
          })
          .onConflictDoUpdate({
            target: companyData.symbol,
            set: {
              source: provider.source,
              asOf: today,
              profile,
              metrics,
              fetchedAt: new Date(this.now()),
            },
          });
        return { profile, metrics, source: provider.source, asOf: today, stale: false };
      } catch (error) {
        log.warn({ symbol: security.symbol, err: error }, 'company data fetch failed');
      }
    }
    if (stored) return this.fromRow(security, stored, true);
    return {
      profile: baseProfile(security),
      metrics: emptyMetrics,
      source: provider.source,
      asOf: today,
      stale: true,
    };
  }

  private fromRow(
    security: Security,
    row: typeof companyData.$inferSelect,
    stale: boolean,
  ): CompanyData {
    return {
      profile: { ...baseProfile(security), ...(row.profile as Partial<CompanyProfile>) },
      metrics: { ...emptyMetrics, ...(row.metrics as Partial<KeyMetrics>) },
      source: this.options.provider.source,
      asOf: row.asOf,
      stale,
    };
  }
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

function baseProfile(security: Security): CompanyProfile {
  return {
    symbol: security.symbol,
    name: security.name,
    type: security.type,
    exchange: security.exchange,
    sector: security.sector,
    industry: security.industry,
    country: null,
    currency: null,
    website: null,
    ipoDate: null,
    sharesOutstanding: null,
  };
}

function withoutNulls<T extends object>(
  value: T,
): { [Field in keyof T]?: Exclude<T[Field], null> } {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== null && field !== undefined),
  ) as { [Field in keyof T]?: Exclude<T[Field], null> };
}
