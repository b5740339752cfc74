import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createBarsProvider } from './adapters/create-bars-provider.ts';
import { createMarketProvider } from './adapters/create-provider.ts';
import { createTradeStream } from './adapters/create-trade-stream.ts';
import { SimulatedPriceControl } from './adapters/simulated/price-control.ts';
import { createTiingoIntraday } from './adapters/tiingo/intraday-bars.ts';
import { CompanyService } from './company/service.ts';
import { finnhubFundamentals } from './fundamentals/finnhub-fundamentals.ts';
import { FundamentalsService } from './fundamentals/fundamentals-service.ts';
import { HistoryService } from './history/service.ts';
import { IntradayService } from './intraday/service.ts';
import { MarketService } from './quotes/service.ts';
import { StandingDemand } from './quotes/standing-demand.ts';
import { edgarFilings } from './research/edgar.ts';
import { finnhubResearch } from './research/finnhub-research.ts';
import { ResearchService } from './research/research-service.ts';
import { SymbolDirectory } from './symbols/directory.ts';
import { SymbolSearch } from './symbols/service.ts';
import { CallBudget, type FleetBudget } from './upstream/call-budget.ts';
import { fleetBudget } from './upstream/fleet-budget.ts';
import type { MarketLog } from './upstream/market-log.ts';

export interface MarketData {
  market: MarketService;
  /** News, earnings and filings of a stock. */
  research: ResearchService;
  /** A company's financial statements, a fund's data. */
  fundamentals: FundamentalsService;
  history: HistoryService;
  /** The chart's 1D and 5D bars. */
  intraday: IntradayService;
  company: CompanyService;
  search: SymbolSearch;
  directory: SymbolDirectory;
  /** Watchlists, armed alerts and holdings: modules add their readers of the symbols. */
  standing: StandingDemand;
  /** Set only on a test server with SIMULATION_CONTROL: steers simulated prices. */
  simulation?: SimulatedPriceControl;
  /**
   * The market's time (epoch ms): the app clock, or a simulated market's own when it was told
   * to start at another instant. Sessions and trading days are judged on it.
   */
  now: () => number;
}

/**
 * The market data services over one set of providers. Calls to the same provider share one
 * budget, whichever service makes them (Finnhub quotes, company data, search and candles;
 * Tiingo's daily and intraday bars); the provider's trade stream, when it has one, feeds the
 * quotes. Nothing runs on a timer until `market.start(scheduler)`.
 */
export function createMarketData(
  config: Pick<Config, 'market' | 'history' | 'simulationControl' | 'filings'> & {
    mail?: Pick<Config['mail'], 'from'>;
  },
  db: Db,
  log: MarketLog,
  now: () => number = Date.now,
  upstreamTimeoutMs?: number,
  { shareBudgets = false }: { shareBudgets?: boolean } = {},
): MarketData {
  const timeout = upstreamTimeoutMs === undefined ? {} : { upstreamTimeoutMs };
  // The app's: every instance on the database spends one budget per provider.
  const fleet = (source: string) => (shareBudgets ? fleetBudget(db, source, now) : undefined);
  const simulation =
    config.simulationControl && config.market.provider === 'simulated'
      ? new SimulatedPriceControl(now)
      : undefined;
  const provider = createMarketProvider(config.market, now, simulation);
  const budget = new CallBudget(provider.limits, now, fleet(provider.source));
  const bars = createBarsProvider(config.market, config.history, now);
  const barsBudget =
    bars.source === provider.source ? budget : new CallBudget(bars.limits, now, fleet(bars.source));
  const history = new HistoryService({
    db,
    provider: bars,
    budget: barsBudget,
    log,
    now,
    ...timeout,
  });
  const directory = new SymbolDirectory(db, now);
  const company = new CompanyService({ db, provider, budget, history, log, now, ...timeout });
  const stream = createTradeStream(config.market, provider, now, log);
  const market = new MarketService({
    ...{ provider, budget, history, company, directory, log, now },
    ...timeout,
    ...(stream ? { stream } : {}),
  });
  // Tiingo's IEX prices when the operator configured Tiingo (a free Finnhub key has no
  // intraday candles), within the daily bars' budget; otherwise the market provider's.
  const intraday = new IntradayService({
    provider,
    ...(config.history?.provider === 'tiingo'
      ? { source: createTiingoIntraday(config.history), budget: barsBudget }
      : { budget }),
    log,
    now,
    ...timeout,
  });
  const search = new SymbolSearch({ directory, provider, budget, log, now, ...timeout });
  const standing = new StandingDemand(market.demand, log);
  const research = createResearch(config, budget, fleet, log, now, upstreamTimeoutMs);
  const finnhub = config.market.provider === 'finnhub' ? finnhubFundamentals(config.market) : null;
  const fundamentals = new FundamentalsService({
    statements: finnhub,
    funds: finnhub,
    finnhubBudget: budget,
    ...{ company, history, now, log },
    ...timeout,
  });
  return {
    ...{
      market,
      history,
      intraday,
      company,
      search,
      directory,
      standing,
      now,
      research,
      fundamentals,
    },
    ...(simulation ? { simulation } : {}),
  };
}

/**
 * News and earnings from Finnhub when it is the market provider (its calls share the quotes'
 * budget), filings from EDGAR when configured; offline, none of them.
 */
function createResearch(
  config: Pick<Config, 'market' | 'filings'> & { mail?: Pick<Config['mail'], 'from'> },
  finnhubBudget: CallBudget,
  fleet: (source: string) => FleetBudget | undefined,
  log: MarketLog,
  now: () => number,
  upstreamTimeoutMs: number | undefined,
): ResearchService {
  const finnhub = config.market.provider === 'finnhub' ? finnhubResearch(config.market) : null;
  const filings =
    config.filings?.provider === 'edgar'
      ? edgarFilings({
          baseUrl: config.filings.baseUrl,
          ...(config.filings.archiveBaseUrl
            ? { archiveBaseUrl: config.filings.archiveBaseUrl }
            : {}),
          userAgent: `Tickerwise ${contactOf(config.mail?.from)}`,
        })
      : null;
  return new ResearchService({
    news: finnhub,
    earnings: finnhub,
    filings,
    finnhubBudget,
    edgarBudget: new CallBudget(filings?.limits ?? [], now, fleet('edgar')),
    now,
    log,
    ...(upstreamTimeoutMs === undefined ? {} : { upstreamTimeoutMs }),
  });
}

/** The address of a From header ("Tickerwise <hello@example.com>"), for EDGAR's User-Agent. */
function contactOf(from: string | undefined): string {
  const address = from ? (/<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim()) : '';
  return /^[^\s@]+@[^\s@]+$/.test(address) ? address : 'admin@localhost';
}
