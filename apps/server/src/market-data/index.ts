/**
 * The market-data area's one import surface (docs/decisions/0029-one-market-data-area.md):
 * quotes, stored daily bars, symbol search, company data, the NYSE calendar and the reference
 * list, over the Finnhub, Tiingo and simulated adapters. The rest of the server imports from
 * this file only; `npm run lint:imports` refuses a deeper import.
 *
 * What it offers: the wiring (`registerMarketData`, the `MarketData` services, the public API's
 * routes); quotes and who sees which price; stored daily bars and the figures read from them;
 * the calendar (day arithmetic on YYYY-MM-DD dates, NYSE sessions, New York time, periods).
 */

export { againstBenchmark, benchmarkSymbol, lastYearOf, yearRange } from './bar-figures.ts';
export { addDays, dayNumber, endOfPreviousYear, subtractMonths } from './calendar/days.ts';
export {
  instantInNewYork,
  isTradingDay,
  type MarketState,
  marketStatusAt,
  newYorkTime,
  tradingDayAt,
} from './calendar/market-calendar.ts';
export { lastIndexOnOrBefore, periodStart } from './calendar/periods.ts';
export { storedBar } from './history/bar-store.ts';
export type { BarSeries, HistoryService, StoredHistory } from './history/service.ts';
export type { MarketData } from './market-data.ts';
export { marketPublicRoutes } from './public-routes.ts';
export {
  type CachedQuote,
  MarketDataUnavailable,
  type MarketService,
  type MarketViewer,
  percentChange,
  type QuoteOrigin,
  realtimeViewer,
  roundCents,
  type StandingDemand,
  symbolCounts,
} from './quotes/service.ts';
export { type ListedSymbol, listedSymbols } from './reference/universe.ts';
export { registerMarketData } from './register-market-data.ts';
export { earningsWeekRoutes } from './research/earnings-week.ts';
export { symbolPublicRoutes } from './symbols/public-routes.ts';
export type { SymbolDirectory } from './symbols/service.ts';
export type { MarketLog } from './upstream/market-log.ts';
