import type {
  FinancialStatements,
  FundamentalsSource,
  FundData,
  ResearchStatus,
  StatementPeriod,
} from '@tickerwise/shared';
import { fundHoldingsShown } from '@tickerwise/shared';
import { simulatedFund } from '../adapters/simulated/fund-data.ts';
import { simulatedStatements } from '../adapters/simulated/statements.ts';
import type { CompanyService } from '../company/service.ts';
import type { HistoryService } from '../history/service.ts';
import { listedSymbol } from '../reference/universe.ts';
import { KeptAnswers, type KeptRead } from '../research/kept-answers.ts';
import { notOffered } from '../research/research-service.ts';
import type { Security } from '../symbols/service.ts';
import type { CallBudget } from '../upstream/call-budget.ts';
import type { MarketLog } from '../upstream/market-log.ts';
import { UpstreamError } from '../upstream/upstream.ts';
import type { FundProvider, StatementsProvider } from './finnhub-fundamentals.ts';
import { reportedStatements, shownStatements } from './statement-periods.ts';

const hourMs = 3_600_000;
/** Statements change with a filing, a few times a year: asked again twice a day at most. */
const statementsFreshMs = 12 * hourMs;
/** A fund's figures move daily at most. */
const fundFreshMs = 24 * hourMs;

export interface FundamentalsServiceOptions {
  /** Null offline: the simulated market's statements are served. */
  statements: StatementsProvider | null;
  funds: FundProvider | null;
  /** The Finnhub budget the quotes, company data and research share. */
  finnhubBudget: CallBudget;
  company: CompanyService;
  history: HistoryService;
  now: () => number;
  log: MarketLog;
  upstreamTimeoutMs?: number;
  maxEntries?: number;
}

interface Statements {
  annual: StatementPeriod[];
  quarterly: StatementPeriod[];
}

type FundFigures = Omit<
  FundData,
  'symbol' | 'source' | 'asOf' | 'status' | 'message' | 'dividendYieldPercent'
>;

const noCalls = () => new UpstreamError('rate_limited', 'no calls left in the budget');

const simulatedStatementsText =
  'Simulated statements, not the company’s: this server runs offline on simulated prices. They agree with its simulated key statistics.';
const simulatedFundText =
  'Simulated fund figures, not the fund’s: this server runs offline on simulated prices.';
const refusedFundText =
  'Simulated fund figures, not the fund’s: this server’s Finnhub plan does not include fund data.';

/**
 * docs/PRODUCT.md §3.13: a company's financial statements and a fund's data. With Finnhub:
 * `/stock/financials-reported` (annual and quarterly, two calls, at most twice a day per
 * symbol) and the ETF endpoints (three calls, once a day), within the call budget the quotes
 * share; when Finnhub fails or the budget is spent, the last answer with its date (`stale`),
 * or an honest `unavailable`. Offline: simulated figures, said to be simulated, that agree
 * with the simulated key statistics. Never throws for the source.
 */
export class FundamentalsService {
  private readonly statementsKept: KeptAnswers<Statements>;
  private readonly fundsKept: KeptAnswers<FundFigures>;
  private readonly timeoutMs: number;
  /** When Finnhub last refused the ETF endpoints (a plan without them): not asked for a day. */
  private fundsRefusedAt: number | undefined;

  constructor(private readonly options: FundamentalsServiceOptions) {
    const { now, log } = options;
    const maxEntries = options.maxEntries ?? 2_000;
    const retryMs = 5 * 60_000;
    this.statementsKept = new KeptAnswers<Statements>({
      what: 'financial statements',
      freshMs: statementsFreshMs,
      ...{ retryMs, maxEntries, now, log },
    });
    this.fundsKept = new KeptAnswers<FundFigures>({
      what: 'fund data',
      freshMs: fundFreshMs,
      ...{ retryMs, maxEntries, now, log },
    });
    this.timeoutMs = options.upstreamTimeoutMs ?? 5_000;
  }

  /** `through`: the last session the viewer may see (the simulated figures stop there). */
  async statements(security: Security, through?: string): Promise<FinancialStatements> {
    const { symbol } = security;
    if (security.type === 'etf') {
      return notOffered(
        symbol,
        `${symbol} is a fund: funds publish no income statement, balance sheet or cash flow of a company.`,
        { annual: [], quarterly: [] },
      );
    }
    const provider = this.options.statements;
    if (!provider) {
      const listing = listedSymbol(symbol) ?? { ...security, featured: false };
      const { bars } = await this.options.history.recentBars(symbol, 1, through);
      const last = bars.at(-1);
      const drawn = last && simulatedStatements(listing, last.close, last.date);
      if (!drawn) {
        return {
          ...unavailable(
            symbol,
            'simulated',
            `No simulated prices of ${symbol} yet, so no statements.`,
          ),
          annual: [],
          quarterly: [],
        };
      }
      const shown = shownStatements(drawn.years, drawn.quarters, {
        period: drawn.ttm,
        yearBefore: drawn.ttmYearBefore,
      });
      return {
        symbol,
        source: 'simulated',
        asOf: new Date(this.options.now()).toISOString(),
        status: 'ok',
        message: simulatedStatementsText,
        ...shown,
      };
    }
    const read = await this.statementsKept.read(symbol, async () => {
      const budget = this.options.finnhubBudget;
      // Two calls (annual and quarterly): take both from the budget or make neither.
      if (!(await budget.tryTake(0, 2))) throw noCalls();
      const [annual, quarterly] = await Promise.all([
        provider.financialsReported(symbol, 'annual', this.signal()),
        provider.financialsReported(symbol, 'quarterly', this.signal()),
      ]);
      return reportedStatements(annual, quarterly);
    });
    return {
      ...answered(symbol, read, 'financial statements'),
      annual: read.kept?.value.annual ?? [],
      quarterly: read.kept?.value.quarterly ?? [],
    };
  }

  async fund(security: Security, through?: string): Promise<FundData> {
    const { symbol } = security;
    const empty: FundFigures = {
      expenseRatioPercent: null,
      assetsUnderManagement: null,
      holdingsCount: null,
      topHoldings: [],
      sectorWeights: [],
      holdingsAsOf: null,
    };
    if (security.type !== 'etf') {
      return notOffered(symbol, `${symbol} is a company, not a fund.`, {
        ...empty,
        dividendYieldPercent: null,
      });
    }
    // The yield is the key statistics' figure, so the two places never differ (§7.2).
    const company = await this.options.company.companyData(security, through);
    const dividendYieldPercent = company.metrics.dividendYieldPercent;
    const simulated = (message: string): FundData => ({
      symbol,
      source: 'simulated',
      asOf: new Date(this.options.now()).toISOString(),
      status: 'ok',
      message,
      ...fundOf(security),
      holdingsAsOf: null,
      dividendYieldPercent,
    });
    const provider = this.options.funds;
    if (!provider) return simulated(simulatedFundText);
    const refused = this.fundsRefusedAt;
    if (refused !== undefined && this.options.now() - refused < fundFreshMs) {
      return simulated(refusedFundText);
    }
    const read = await this.fundsKept.read(symbol, async () => {
      const budget = this.options.finnhubBudget;
      if (!(await budget.tryTake(0, 3))) throw noCalls();
      try {
        const [profile, holdings, sectors] = await Promise.all([
          provider.etfProfile(symbol, this.signal()),
          provider.etfHoldings(symbol, this.signal()),
          provider.etfSectors(symbol, this.signal()),
        ]);
        return {
          expenseRatioPercent: profile.expenseRatio,
          assetsUnderManagement: profile.aum,
          holdingsCount: holdings.numberOfHoldings,
          holdingsAsOf: holdings.atDate,
          topHoldings: [...holdings.holdings]
            .sort((a, b) => b.percent - a.percent)
            .slice(0, fundHoldingsShown)
            .map((holding) => ({
              symbol: holding.symbol,
              name: holding.name,
              weightPercent: holding.percent,
            })),
          sectorWeights: [...sectors]
            .sort((a, b) => b.percent - a.percent)
            .map((entry) => ({ sector: entry.sector, weightPercent: entry.percent })),
        };
      } catch (error) {
        if (error instanceof UpstreamError && error.failure === 'rejected') {
          this.fundsRefusedAt = this.options.now();
        }
        throw error;
      }
    });
    if (!read.kept && this.fundsRefusedAt !== undefined) return simulated(refusedFundText);
    return {
      ...answered(symbol, read, 'fund figures'),
      ...(read.kept?.value ?? empty),
      dividendYieldPercent,
    };
  }

  private signal(): AbortSignal {
    return AbortSignal.timeout(this.timeoutMs);
  }
}

function fundOf(security: Security) {
  const listing = listedSymbol(security.symbol) ?? { ...security, featured: false };
  return simulatedFund(listing);
}

function unavailable(symbol: string, source: FundamentalsSource, message: string) {
  return { symbol, source, asOf: null, status: 'unavailable' as const, message };
}

function answered(
  symbol: string,
  read: KeptRead<unknown>,
  what: string,
): {
  symbol: string;
  source: FundamentalsSource;
  asOf: string | null;
  status: ResearchStatus;
  message: string | null;
} {
  const source = 'finnhub' as const;
  const asOf = read.kept ? new Date(read.kept.fetchedAt).toISOString() : null;
  if (read.fresh) return { symbol, source, asOf, status: 'ok', message: null };
  if (read.kept) {
    return {
      symbol,
      source,
      asOf,
      status: 'stale',
      message: `Finnhub could not be reached just now, so these ${what} are as of the time shown.`,
    };
  }
  return {
    symbol,
    source,
    asOf: null,
    status: 'unavailable',
    message: `Finnhub could not be reached for ${symbol}’s ${what}. Please try again in a few minutes.`,
  };
}
