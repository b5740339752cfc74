import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  dateOf,
  instantInNewYork,
  isTradingDay,
  sessionCloseOf,
  sessionOpenMinute,
} from '../src/market-data/calendar/market-calendar.ts';

/**
 * A small stand-in for Finnhub's REST API on 127.0.0.1, answering in its real JSON shapes:
 * `/quote` as {c,d,dp,h,l,o,pc,t} (zeros and nulls for an unknown symbol), `/stock/candle` as
 * {s,t,o,h,l,c,v} (daily, or intraday bars of the regular sessions for a resolution in
 * minutes, each stamped with its start) or {s:"no_data"}, 403 for candles on a free key, `/stock/profile2` ({} for
 * a symbol it has no profile of), `/stock/metric?metric=all` as {metric, metricType, series,
 * symbol}, `/search` as {count, result:[{description, displaySymbol, symbol, type}]},
 * `/company-news?symbol&from&to` as [{category, datetime, headline, id, image, related, source,
 * summary, url}] of those days, `/calendar/earnings?from&to&symbol` as {earningsCalendar:
 * [{date, epsActual, epsEstimate, hour, quarter, revenueActual, revenueEstimate, symbol,
 * year}]} and `/stock/earnings?symbol` as [{actual, estimate, period, quarter, surprise,
 * surprisePercent, symbol, year}], `/stock/financials-reported?symbol&freq` as {cik, data:
 * [{accessNumber, symbol, cik, year, quarter, form, startDate, endDate, filedDate,
 * acceptedDate, report: {bs, cf, ic}}], symbol} (each statement an array of {concept, label,
 * unit, value}, concepts as "us-gaap_NetIncomeLoss"), and, on a paid key only (403 on a free
 * one, as on Finnhub), `/etf/profile` as {profile: {name, assetClass, aum, nav, expenseRatio,
 * ...}, symbol}, `/etf/holdings` as {atDate, holdings: [{symbol, name, isin, cusip, share,
 * percent, value, assetType}], numberOfHoldings, symbol} and `/etf/sector` as
 * {sectorExposure: [{exposure, industry}], symbol}; 401 for a wrong key and 429 past the
 * per-second or per-minute limit. It counts every call.
 */
export interface FakeFinnhubOptions {
  apiKey?: string;
  /** Free keys get 403 from /stock/candle and the ETF endpoints, as on Finnhub's free tier. */
  plan?: 'free' | 'paid';
  /** Calls per second before 429 (Finnhub free: 30). */
  burstLimit?: number;
  /** Calls per minute before 429 (Finnhub free: 60). */
  minuteLimit?: number;
  /** The fake's time (epoch ms): a test that sets the app's clock sets this one too. */
  now?: () => number;
}

export type FakeFailure = 'server_error' | 'rate_limited' | 'hang';

export interface FakeFinnhub {
  /** Base URL to use as FINNHUB_BASE_URL. */
  url: string;
  apiKey: string;
  calls: {
    quote: number;
    candle: number;
    profile: number;
    metric: number;
    search: number;
    news: number;
    earningsCalendar: number;
    earnings: number;
    financials: number;
    etf: number;
    total: number;
    rateLimited: number;
  };
  /** Times of every call received, for checking limits. */
  callTimes: number[];
  /** Quote for a symbol as {c, pc} (t: its trade time in epoch seconds, default now); symbols
   * without one answer as unknown. */
  setQuote(symbol: string, quote: { c: number; pc: number; t?: number }): void;
  /** What `/search` lists for a query (matched case-insensitively against the whole query). */
  setSearchResults(query: string, results: FakeSearchResult[]): void;
  /** The headlines `/company-news` has for a symbol (others have none). */
  setNews(symbol: string, items: FakeNewsItem[]): void;
  /** The reports `/calendar/earnings` has scheduled for a symbol. */
  setEarningsCalendar(symbol: string, entries: FakeEarningsDate[]): void;
  /** The reported quarters `/stock/earnings` has for a symbol. */
  setEarnings(symbol: string, entries: FakeEarningsResult[]): void;
  /** The filings `/stock/financials-reported` has for a symbol at a frequency. */
  setFinancials(symbol: string, freq: 'annual' | 'quarterly', filings: FakeFiling[]): void;
  /** What the ETF endpoints answer for a fund (paid keys only). */
  setEtf(symbol: string, etf: FakeEtf): void;
  /** Candles answer {s:"no_data"} (only meaningful on a paid key). */
  setCandlesNoData(noData: boolean): void;
  /** Every call fails this way until `recover()`. */
  fail(failure: FakeFailure): void;
  recover(): void;
  /** The most calls received in any window of `ms`. */
  maxCallsWithin(ms: number): number;
  close(): Promise<void>;
}

/** One headline as Finnhub's `/company-news` gives it. */
export interface FakeNewsItem {
  category: string;
  /** Epoch seconds. */
  datetime: number;
  headline: string;
  id: number;
  image: string;
  related: string;
  source: string;
  summary: string;
  url: string;
}

/** One entry of Finnhub's `/calendar/earnings`. */
export interface FakeEarningsDate {
  date: string;
  epsActual: number | null;
  epsEstimate: number | null;
  hour: string;
  quarter: number;
  revenueActual: number | null;
  revenueEstimate: number | null;
  symbol: string;
  year: number;
}

/** One entry of Finnhub's `/stock/earnings`. */
export interface FakeEarningsResult {
  actual: number;
  estimate: number;
  period: string;
  quarter: number;
  surprise: number;
  surprisePercent: number;
  symbol: string;
  year: number;
}

/** One line of a reported statement. */
export interface FakeReportLine {
  concept: string;
  label: string;
  unit: string;
  value: number | string;
}

/** One filing of `/stock/financials-reported`. */
export interface FakeFiling {
  accessNumber: string;
  symbol: string;
  cik: string;
  year: number;
  quarter: number;
  form: string;
  startDate: string;
  endDate: string;
  filedDate: string;
  acceptedDate: string;
  report: { bs: FakeReportLine[]; cf: FakeReportLine[]; ic: FakeReportLine[] };
}

/** A fund's answers of `/etf/profile`, `/etf/holdings` and `/etf/sector`. */
export interface FakeEtf {
  profile: Record<string, unknown>;
  holdings: { atDate: string; numberOfHoldings: number; holdings: Record<string, unknown>[] };
  sectorExposure: { exposure: number; industry: string }[];
}

export interface FakeSearchResult {
  description: string;
  displaySymbol: string;
  symbol: string;
  type: string;
}

/** Profiles and metrics in Finnhub's units: market cap and shares in millions. */
export const fakeProfiles: Record<string, Record<string, unknown>> = {
  AAPL: {
    country: 'US',
    currency: 'USD',
    exchange: 'NASDAQ NMS - GLOBAL MARKET',
    finnhubIndustry: 'Technology',
    ipo: '1980-12-12',
    logo: 'https://static2.finnhub.io/file/publicdatany/finnhubimage/stock_logo/AAPL.png',
    marketCapitalization: 2_950_000,
    name: 'Apple Inc',
    phone: '14089961010',
    shareOutstanding: 15_550,
    ticker: 'AAPL',
    weburl: 'https://www.apple.com/',
  },
};

export const fakeMetrics: Record<string, Record<string, number>> = {
  AAPL: {
    '52WeekHigh': 199.62,
    '52WeekLow': 164.08,
    beta: 1.29,
    peTTM: 29.4,
    pb: 45.1,
    psTTM: 7.6,
    epsTTM: 6.46,
    currentDividendYieldTTM: 0.51,
    payoutRatioTTM: 15.2,
    grossMarginTTM: 45.6,
    operatingMarginTTM: 30.7,
    netProfitMarginTTM: 26.3,
    roeTTM: 154.3,
    revenueGrowthTTMYoy: 2.1,
    epsGrowthTTMYoy: 10.3,
    revenueGrowth5Y: 8.5,
    'totalDebt/totalEquityQuarterly': 1.8,
    currentRatioQuarterly: 0.99,
    marketCapitalization: 2_950_000,
  },
};

export const defaultFakeQuotes: Record<string, { c: number; pc: number }> = {
  AAPL: { c: 189.84, pc: 187.5 },
  MSFT: { c: 415.1, pc: 418.32 },
  GOOGL: { c: 141.8, pc: 140.25 },
  AMZN: { c: 178.15, pc: 176.4 },
  TSLA: { c: 231.66, pc: 238.2 },
};

const dayS = 86_400;

function quoteBody(quote: { c: number; pc: number; t?: number } | undefined, nowS: number) {
  if (!quote) return { c: 0, d: null, dp: null, h: 0, l: 0, o: 0, pc: 0, t: 0 };
  const d = Math.round((quote.c - quote.pc) * 100) / 100;
  return {
    c: quote.c,
    d,
    dp: Math.round((d / quote.pc) * 1e4) / 100,
    h: Math.round(quote.c * 101) / 100,
    l: Math.round(quote.c * 98.5) / 100,
    o: quote.pc,
    pc: quote.pc,
    t: quote.t ?? nowS,
  };
}

/** Daily candles on weekdays between `from` and `to`, closing near `price`. */
function candleBody(price: number, from: number, to: number) {
  const t: number[] = [];
  const c: number[] = [];
  for (let day = Math.ceil(from / dayS) * dayS; day <= to; day += dayS) {
    const weekday = new Date(day * 1000).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    t.push(day + 20 * 3600);
    c.push(Math.round(price * (1 + 0.03 * Math.sin(day / dayS)) * 100) / 100);
  }
  const around = (factor: number) => c.map((close) => Math.round(close * factor * 100) / 100);
  return { c, h: around(1.01), l: around(0.99), o: around(0.995), s: 'ok', t, v: c.map(() => 5e7) };
}

/**
 * Intraday candles of `minutes` starting in the regular sessions between `from` and `to`
 * (epoch seconds), all near `price`.
 */
function intradayCandleBody(price: number, from: number, to: number, minutes: number) {
  const t: number[] = [];
  const c: number[] = [];
  for (let day = Math.floor(from / dayS); day <= Math.floor(to / dayS); day += 1) {
    const date = dateOf(day);
    if (!isTradingDay(date)) continue;
    const close = sessionCloseOf(date) / 1000;
    for (let start = instantInNewYork(date, sessionOpenMinute) / 1000; start < close; ) {
      if (start >= from && start <= to) {
        t.push(start);
        c.push(Math.round(price * (1 + 0.002 * Math.sin(start / 600)) * 100) / 100);
      }
      start += minutes * 60;
    }
  }
  const around = (factor: number) => c.map((close) => Math.round(close * factor * 100) / 100);
  return {
    c,
    h: around(1.001),
    l: around(0.999),
    o: around(0.9995),
    s: 'ok',
    t,
    v: c.map(() => 1e5),
  };
}

export async function startFakeFinnhub(options: FakeFinnhubOptions = {}): Promise<FakeFinnhub> {
  const apiKey = options.apiKey ?? 'fake-finnhub-key';
  const burstLimit = options.burstLimit ?? 30;
  const minuteLimit = options.minuteLimit ?? 60;
  const clock = options.now ?? Date.now;
  const quotes = new Map<string, { c: number; pc: number; t?: number }>(
    Object.entries(defaultFakeQuotes),
  );
  const calls = {
    quote: 0,
    candle: 0,
    profile: 0,
    metric: 0,
    search: 0,
    news: 0,
    earningsCalendar: 0,
    earnings: 0,
    financials: 0,
    etf: 0,
    total: 0,
    rateLimited: 0,
  };
  const financials = new Map<string, FakeFiling[]>();
  const etfs = new Map<string, FakeEtf>();
  const news = new Map<string, FakeNewsItem[]>();
  const calendars = new Map<string, FakeEarningsDate[]>();
  const earnings = new Map<string, FakeEarningsResult[]>();
  const searches = new Map<string, FakeSearchResult[]>();
  const callTimes: number[] = [];
  let failure: FakeFailure | undefined;
  let candlesNoData = false;
  const hanging = new Set<ServerResponse>();

  const countSince = (since: number) => callTimes.filter((time) => time > since).length;

  /** Finnhub's answer to one call, or undefined to leave it hanging. */
  function answer(request: IncomingMessage): { status: number; body: unknown } | undefined {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const now = clock();
    calls.total += 1;
    if (url.pathname.endsWith('/quote')) calls.quote += 1;
    if (url.pathname.endsWith('/stock/candle')) calls.candle += 1;
    if (url.pathname.endsWith('/stock/profile2')) calls.profile += 1;
    if (url.pathname.endsWith('/stock/metric')) calls.metric += 1;
    if (url.pathname.endsWith('/search')) calls.search += 1;
    if (url.pathname.endsWith('/company-news')) calls.news += 1;
    if (url.pathname.endsWith('/calendar/earnings')) calls.earningsCalendar += 1;
    if (url.pathname.endsWith('/stock/earnings')) calls.earnings += 1;
    if (url.pathname.endsWith('/stock/financials-reported')) calls.financials += 1;
    if (url.pathname.includes('/etf/')) calls.etf += 1;
    const overLimit =
      countSince(now - 1_000) >= burstLimit || countSince(now - 60_000) >= minuteLimit;
    callTimes.push(now);

    const token = request.headers['x-finnhub-token'] ?? url.searchParams.get('token');
    if (token !== apiKey) return { status: 401, body: { error: 'Invalid API key.' } };
    if (overLimit || failure === 'rate_limited') {
      calls.rateLimited += 1;
      return {
        status: 429,
        body: { error: 'API limit reached. Please try again later. Remaining Limit: 0' },
      };
    }
    if (failure === 'server_error') return { status: 502, body: { error: 'Bad Gateway' } };
    if (failure === 'hang') return undefined;

    const symbol = url.searchParams.get('symbol') ?? '';
    const quote = quotes.get(symbol);
    if (url.pathname === '/api/v1/quote') {
      return { status: 200, body: quoteBody(quote, Math.floor(now / 1000)) };
    }
    if (url.pathname === '/api/v1/stock/candle') {
      if (options.plan !== 'paid') {
        return { status: 403, body: { error: "You don't have access to this resource." } };
      }
      if (!quote || candlesNoData) return { status: 200, body: { s: 'no_data' } };
      const from = Number(url.searchParams.get('from'));
      const to = Number(url.searchParams.get('to'));
      const resolution = url.searchParams.get('resolution');
      if (resolution !== 'D') {
        return {
          status: 200,
          body: intradayCandleBody(quote.c, from, to, Number(resolution)),
        };
      }
      return { status: 200, body: candleBody(quote.c, from, to) };
    }
    if (url.pathname === '/api/v1/stock/profile2') {
      return { status: 200, body: fakeProfiles[symbol] ?? {} };
    }
    if (url.pathname === '/api/v1/stock/metric') {
      return {
        status: 200,
        body: { metric: fakeMetrics[symbol] ?? {}, metricType: 'all', series: {}, symbol },
      };
    }
    const from = url.searchParams.get('from') ?? '';
    const to = url.searchParams.get('to') ?? '';
    const dayOf = (epochS: number) => new Date(epochS * 1000).toISOString().slice(0, 10);
    if (url.pathname === '/api/v1/company-news') {
      if (!symbol || !from || !to) {
        return { status: 422, body: { error: 'Wrong date format. Please use YYYY-MM-DD.' } };
      }
      const items = (news.get(symbol) ?? []).filter(
        (item) => dayOf(item.datetime) >= from && dayOf(item.datetime) <= to,
      );
      return { status: 200, body: items };
    }
    if (url.pathname === '/api/v1/calendar/earnings') {
      const entries = (
        symbol ? (calendars.get(symbol) ?? []) : [...calendars.values()].flat()
      ).filter((entry) => (!from || entry.date >= from) && (!to || entry.date <= to));
      return { status: 200, body: { earningsCalendar: entries } };
    }
    if (url.pathname === '/api/v1/stock/earnings') {
      return { status: 200, body: earnings.get(symbol) ?? [] };
    }
    if (url.pathname === '/api/v1/stock/financials-reported') {
      const freq = url.searchParams.get('freq') ?? 'annual';
      const data = financials.get(`${symbol}|${freq}`) ?? [];
      return { status: 200, body: { cik: data[0]?.cik ?? '', data, symbol } };
    }
    if (url.pathname.startsWith('/api/v1/etf/')) {
      if (options.plan !== 'paid') {
        return { status: 403, body: { error: "You don't have access to this resource." } };
      }
      const etf = etfs.get(symbol);
      if (url.pathname === '/api/v1/etf/profile') {
        return { status: 200, body: { profile: etf?.profile ?? {}, symbol } };
      }
      if (url.pathname === '/api/v1/etf/holdings') {
        return {
          status: 200,
          body: {
            atDate: etf?.holdings.atDate ?? '',
            holdings: etf?.holdings.holdings ?? [],
            numberOfHoldings: etf?.holdings.numberOfHoldings ?? 0,
            symbol,
          },
        };
      }
      if (url.pathname === '/api/v1/etf/sector') {
        return { status: 200, body: { sectorExposure: etf?.sectorExposure ?? [], symbol } };
      }
    }
    if (url.pathname === '/api/v1/search') {
      const result = searches.get((url.searchParams.get('q') ?? '').toLowerCase()) ?? [];
      return { status: 200, body: { count: result.length, result } };
    }
    return { status: 404, body: { error: 'Not found' } };
  }

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const reply = answer(request);
    if (!reply) {
      hanging.add(response);
      return;
    }
    response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(reply.body));
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    apiKey,
    calls,
    callTimes,
    setQuote: (symbol, quote) => quotes.set(symbol, quote),
    setSearchResults: (query, results) => searches.set(query.toLowerCase(), results),
    setNews: (symbol, items) => news.set(symbol, items),
    setEarningsCalendar: (symbol, entries) => calendars.set(symbol, entries),
    setEarnings: (symbol, entries) => earnings.set(symbol, entries),
    setFinancials: (symbol, freq, filings) => financials.set(`${symbol}|${freq}`, filings),
    setEtf: (symbol, etf) => etfs.set(symbol, etf),
    setCandlesNoData: (noData) => {
      candlesNoData = noData;
    },
    fail: (next) => {
      failure = next;
    },
    recover: () => {
      failure = undefined;
      for (const response of hanging) response.destroy();
      hanging.clear();
    },
    maxCallsWithin(ms) {
      let most = 0;
      let start = 0;
      for (let end = 0; end < callTimes.length; end += 1) {
        while (callTimes[end]! - callTimes[start]! >= ms) start += 1;
        most = Math.max(most, end - start + 1);
      }
      return most;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
