/**
 * The market-data area's one import surface (docs/decisions/0029-one-market-data-area.md):
 * quotes, stored daily bars, symbol search, company data, the NYSE calendar and the reference
 * list, over the Finnhub, Tiingo and simulated adapters. The rest of the server imports from
 * this file only; `npm run lint:imports` refuses a deeper import.
 */

export { againstBenchmark, benchmarkSymbol, lastYearOf, yearRange } from './bar-figures.ts';
// The calendar: day arithmetic on YYYY-MM-DD dates, NYSE sessions, New York time, periods.
export { addDays, dayNumber, endOfPreviousYear, subtractMonths } from './calendar/days.ts';
export {
  instantInNewYork,
  lastClosedSession,
  type MarketState,
  marketStatusAt,
  tradingDayAt,
} from './calendar/market-calendar.ts';
export { lastIndexOnOrBefore, periodStart } from './calendar/periods.ts';
// Stored daily bars and the figures read from them.
export type { BarSeries, HistoryService } from './history/service.ts';
export { createMarketData, type MarketData } from './market-data.ts';
export { marketPublicRoutes } from './public-routes.ts';
// Quotes: the shared cache, who sees which price, and the modules' standing demand.
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
// Wiring: the app registers the area, the public API mounts its routes.
export { registerMarketData } from './register-market-data.ts';
export { symbolPublicRoutes } from './symbols/public-routes.ts';
// Symbols.
export type { SymbolDirectory } from './symbols/service.ts';
export type { MarketLog } from './upstream/market-log.ts';
