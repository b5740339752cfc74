import type {
  HoldingsResponse,
  PerformanceRange,
  PerformanceResponse,
  PortfolioSummary,
  PricesNote,
} from '@tickerwise/shared';
import { addDays } from '../../market-data/index.ts';
import { type AllocationSlice, allocationOf } from './domain/allocation.ts';
import { type HoldingFigures, heldSymbols, portfolioFigures } from './domain/holdings.ts';
import type { LedgerEntry, LedgerReplay } from './domain/ledger.ts';
import { type Decimal, toCents, toPlaces, toRatio, zero } from './domain/money.ts';
import { performanceSteps, rangeStartDate } from './domain/performance.ts';
import { breathe, runInSlices, stepEvery } from './domain/steps.ts';
import type { LedgerCache } from './ledger-cache.ts';
import type { MarketPrices, StoredCloses } from './market-prices.ts';
import type { PerformanceAnswers } from './performance-answers.ts';

const cents = (value: Decimal | null) => (value === null ? null : toCents(value));
const ratio = (value: Decimal | null) => (value === null ? null : toRatio(value));
const over = (part: Decimal, whole: Decimal) => (whole.greaterThan(0) ? part.div(whole) : null);

/** The note under figures: every source used, the oldest price, whether any is a last known one. */
function pricesNote(prices: Iterable<HoldingFigures['priceSource']>): PricesNote {
  const sources = new Set<string>();
  let asOf: string | null = null;
  let delayed = false;
  for (const price of prices) {
    sources.add(price.source);
    if (price.asOf && (asOf === null || price.asOf < asOf)) asOf = price.asOf;
    delayed ||= price.delayed;
  }
  return { sources: [...sources].sort(), asOf, delayed };
}

const slices = (list: AllocationSlice[]) =>
  list.map((slice) => ({ ...slice, value: toCents(slice.value), weight: toRatio(slice.weight) }));

/** `GET /api/portfolios/:id/holdings`: holdings, totals and allocation at the latest prices. */
export async function holdingsOf(
  ledgers: LedgerCache,
  market: MarketPrices,
  userId: string,
  portfolioId: string,
): Promise<HoldingsResponse> {
  const ledger = await ledgers.ledger(userId, portfolioId);
  const { portfolio, entries } = ledger;
  return { portfolio, ...(await ledgerFigures(entries, await ledger.replayed(), market)) };
}

/** A ledger's holdings, totals and allocation at the latest prices `market` gives. */
export async function ledgerFigures(
  entries: readonly LedgerEntry[],
  replayed: LedgerReplay,
  market: MarketPrices,
): Promise<Omit<HoldingsResponse, 'portfolio'>> {
  const symbols = heldSymbols(replayed);
  const [{ prices, session }, facts] = await Promise.all([
    market.latest(symbols),
    market.facts(symbols),
  ]);
  const figures = portfolioFigures(entries, prices, session, replayed);
  const allocation = allocationOf(figures, facts);
  const { totals } = figures;
  return {
    holdings: figures.holdings.map((holding) => {
      const fact = facts.get(holding.symbol);
      const valueBefore = holding.dayChange ? holding.marketValue.minus(holding.dayChange) : zero;
      return {
        symbol: holding.symbol,
        name: fact?.name ?? null,
        type: fact?.type ?? null,
        sector: fact?.sector ?? null,
        quantity: toPlaces(holding.quantity, 8),
        averageCost: toCents(holding.averageCost),
        costBasis: toCents(holding.costBasis),
        price: toPlaces(holding.price, 6),
        previousClose: holding.previousClose ? toPlaces(holding.previousClose, 6) : null,
        marketValue: toCents(holding.marketValue),
        dayChange: cents(holding.dayChange),
        dayChangeRatio: holding.dayChange ? ratio(over(holding.dayChange, valueBefore)) : null,
        unrealisedGain: toCents(holding.unrealisedGain),
        unrealisedGainRatio: ratio(over(holding.unrealisedGain, holding.costBasis)),
        realisedGain: toCents(holding.realisedGain),
        dividends: toCents(holding.dividends),
        fees: toCents(holding.fees),
        weight: toRatio(holding.weight),
        priceSource: {
          source: holding.priceSource.source,
          asOf: holding.priceSource.asOf || null,
          delayed: holding.priceSource.delayed,
        },
        dayBase: cents(holding.dayBase),
      };
    }),
    closed: figures.closed.map((position) => ({
      symbol: position.symbol,
      realisedGain: toCents(position.realisedGain),
      dividends: toCents(position.dividends),
      fees: toCents(position.fees),
    })),
    totals: {
      marketValue: toCents(totals.marketValue),
      cash: toCents(totals.cash),
      totalValue: toCents(totals.totalValue),
      costBasis: toCents(totals.costBasis),
      unrealisedGain: toCents(totals.unrealisedGain),
      realisedGain: toCents(totals.realisedGain),
      dividends: toCents(totals.dividends),
      fees: toCents(totals.fees),
      deposits: toCents(totals.deposits),
      withdrawals: toCents(totals.withdrawals),
      outsideFunding: toCents(totals.outsideFunding),
      netContributions: toCents(totals.netContributions),
      totalGain: toCents(totals.totalGain),
      totalGainRatio: ratio(over(totals.totalGain, totals.netContributions)),
      dayChange: cents(totals.dayChange),
      dayChangeRatio: ratio(totals.dayChangeRatio),
    },
    allocation: {
      byHolding: slices(allocation.byHolding),
      bySector: slices(allocation.bySector),
      byType: slices(allocation.byType),
    },
    prices: pricesNote(figures.holdings.map((holding) => holding.priceSource)),
  };
}

/**
 * `GET /api/portfolios/summary`: every portfolio of the user added up, at the latest prices
 * (the dashboard's Portfolio Value card).
 */
export async function summaryOf(
  cache: LedgerCache,
  market: MarketPrices,
  userId: string,
): Promise<PortfolioSummary> {
  const owned = await cache.ledgers(userId);
  const replays = await Promise.all(owned.map((ledger) => ledger.replayed()));
  const symbols = [...new Set(replays.flatMap((replayed) => heldSymbols(replayed)))];
  const { prices, session } = await market.latest(symbols);
  let totalValue = zero;
  let marketValue = zero;
  let cash = zero;
  let totalGain = zero;
  let dayChange: Decimal | null = zero;
  let netContributions = zero;
  const used: HoldingFigures['priceSource'][] = [];
  const holdings: PortfolioSummary['holdings'] = [];
  let transactionCount = 0;
  for (const [index, ledger] of owned.entries()) {
    transactionCount += ledger.entries.length;
    const figures = portfolioFigures(ledger.entries, prices, session, replays[index]);
    totalValue = totalValue.plus(figures.totals.totalValue);
    marketValue = marketValue.plus(figures.totals.marketValue);
    cash = cash.plus(figures.totals.cash);
    totalGain = totalGain.plus(figures.totals.totalGain);
    dayChange =
      dayChange && figures.totals.dayChange ? dayChange.plus(figures.totals.dayChange) : null;
    netContributions = netContributions.plus(figures.totals.netContributions);
    used.push(...figures.holdings.map((holding) => holding.priceSource));
    for (const holding of figures.holdings) {
      holdings.push({
        symbol: holding.symbol,
        quantity: toPlaces(holding.quantity, 8),
        marketValue: toCents(holding.marketValue),
        asOf: holding.priceSource.asOf || null,
        dayBase: cents(holding.dayBase),
      });
    }
  }
  return {
    portfolioCount: owned.length,
    transactionCount,
    totalValue: toCents(totalValue),
    marketValue: toCents(marketValue),
    cash: toCents(cash),
    dayChange: cents(dayChange),
    dayChangeRatio: dayChange ? ratio(over(dayChange, totalValue.minus(dayChange))) : null,
    totalGain: toCents(totalGain),
    prices: pricesNote(used),
    netContributions: toCents(netContributions),
    holdings,
  };
}

/**
 * Performance of one portfolio, or of all the user's added up (`portfolioId` null): daily
 * values from stored closes, returns, and the benchmark over the same days.
 */
export async function performanceOf(
  cache: LedgerCache,
  market: MarketPrices,
  answers: PerformanceAnswers,
  userId: string,
  portfolioId: string | null,
  range: PerformanceRange,
): Promise<PerformanceResponse> {
  const owned = portfolioId
    ? [await cache.ledger(userId, portfolioId)]
    : await cache.ledgers(userId);
  const ledgers = owned.map((ledger) => ledger.entries);
  const empty = emptyPerformance(range, market.benchmark);
  // Each ledger is in date order: one pass finds each symbol's first day.
  const firstDates = new Map<string, string>();
  let firstDate: string | null = null;
  const since = { at: performance.now() };
  for (const entries of ledgers) {
    const first = entries[0]?.date;
    if (first && (firstDate === null || first < firstDate)) firstDate = first;
    for (const [index, entry] of entries.entries()) {
      if (index % stepEvery === 0) await breathe(since);
      if (!entry.symbol) continue;
      const known = firstDates.get(entry.symbol);
      if (known === undefined || entry.date < known) firstDates.set(entry.symbol, entry.date);
    }
  }
  if (!firstDate) return empty;

  // Ten days before the range's start find its base day across weekends and holidays.
  const wanted = rangeStartDate(range, market.today());
  const start = wanted && wanted > firstDate ? wanted : firstDate;
  const symbols = [...firstDates.keys()];
  const stored = await market.closes([...symbols, market.benchmark], addDays(start, -10));
  // The same ledgers over the same stored closes on the same day give the same answer.
  const key = [
    userId,
    range,
    market.today(),
    owned.map((ledger) => `${ledger.portfolio.id}@${ledger.version}`).join(','),
    stored.fingerprint,
  ].join('|');
  const known = answers.get(key);
  if (known) return known;
  const answer = await computePerformance(range, ledgers, symbols, firstDates, market, stored);
  answers.set(key, answer);
  return answer;
}

async function computePerformance(
  range: PerformanceRange,
  ledgers: readonly (readonly LedgerEntry[])[],
  symbols: readonly string[],
  firstDates: ReadonlyMap<string, string>,
  market: MarketPrices,
  stored: StoredCloses,
): Promise<PerformanceResponse> {
  const empty = emptyPerformance(range, market.benchmark);
  const benchmark = stored.series.get(market.benchmark);
  const calendar = tradingCalendar(stored.series, benchmark);
  if (calendar.length === 0) return empty;
  const result = await runInSlices(
    performanceSteps({ ledgers, range, calendar, closes: stored.series, benchmark }),
  );
  if (!result) return empty;

  const missing = symbols.flatMap((symbol) => {
    const firstClose = stored.series.get(symbol)?.dates[0];
    const firstHeld = firstDates.get(symbol) ?? result.from;
    const from = firstHeld > result.from ? firstHeld : result.from;
    if (firstClose && firstClose <= from) return [];
    return [{ symbol, before: firstClose ?? result.to }];
  });
  const closeSources = stored.series.size > 0 ? stored.sources : [];
  return {
    range,
    from: result.from,
    to: result.to,
    points: result.points.map((point) => ({
      date: point.date,
      value: point.value.toDecimalPlaces(2).toNumber(),
      return: toRatio(point.cumulativeReturn),
      benchmark: ratio(point.benchmarkReturn),
    })),
    startValue: toCents(result.startValue),
    endValue: toCents(result.endValue),
    netFlows: toCents(result.netFlows),
    gain: toCents(result.gain),
    timeWeightedReturn: toRatio(result.timeWeightedReturn),
    moneyWeightedReturn: ratio(result.moneyWeightedReturn),
    moneyWeightedAnnualised: ratio(result.moneyWeightedAnnualised),
    benchmark: { symbol: market.benchmark, return: ratio(result.benchmarkReturn) },
    closes: { sources: closeSources, asOf: stored.asOf, stale: stored.stale, missing },
  };
}

/**
 * The trading days: the benchmark's stored days (SPY trades every session), or every day any
 * held security has a close when the benchmark has none.
 */
function tradingCalendar(
  series: ReadonlyMap<string, { dates: readonly string[] }>,
  benchmark: { dates: readonly string[] } | undefined,
): string[] {
  if (benchmark && benchmark.dates.length > 0) return [...benchmark.dates];
  const days = new Set<string>();
  for (const { dates } of series.values()) for (const date of dates) days.add(date);
  return [...days].sort();
}

function emptyPerformance(range: PerformanceRange, benchmark: string): PerformanceResponse {
  return {
    range,
    from: null,
    to: null,
    points: [],
    startValue: '0.00',
    endValue: '0.00',
    netFlows: '0.00',
    gain: '0.00',
    timeWeightedReturn: null,
    moneyWeightedReturn: null,
    moneyWeightedAnnualised: null,
    benchmark: { symbol: benchmark, return: null },
    closes: { sources: [], asOf: null, stale: false, missing: [] },
  };
}
