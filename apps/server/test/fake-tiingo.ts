import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  addDays,
  instantInNewYork,
  isTradingDay,
  sessionCloseOf,
  sessionOpenMinute,
} from '../src/market-data/calendar/market-calendar.ts';

/**
 * A stand-in for Tiingo's REST API on 127.0.0.1, in its real wire format:
 * `GET /tiingo/daily/<ticker>/prices?startDate=&endDate=` with `Authorization: Token <key>`
 * answers a JSON array of days ({date, open, high, low, close, volume, adjOpen, adjHigh,
 * adjLow, adjClose, adjVolume, divCash, splitFactor}); `GET /iex/<ticker>/prices?startDate=
 * &endDate=&resampleFreq=5min&columns=open,high,low,close,volume` a JSON array of the regular
 * sessions' bars of those days up to now ({date, open, high, low, close} and the columns asked
 * for, `date` the UTC instant the bar starts, "2026-03-16T13:30:00.000Z"; the bar under way
 * closes at the price of now); an unknown ticker gets 404
 * {"detail":"Error: Ticker 'X' not found"}, a wrong key 401 {"detail":"Invalid token."}, and
 * past the hourly allowance (every endpoint counts) 429 with a plain-text message. It counts
 * every call.
 */
export interface FakeTiingoOptions {
  /** The instant the IEX bars run to (default: the real time). */
  now?: () => number;
  apiKey?: string;
  /** Calls an hour before 429 (Tiingo free: 50). */
  hourlyLimit?: number;
  /** Tickers it has never heard of (lower case, as Tiingo writes them). */
  unknown?: string[];
}

export type FakeTiingoFailure = 'server_error' | 'rate_limited' | 'allowance_text' | 'hang';

export interface FakeTiingo {
  url: string;
  apiKey: string;
  calls: {
    total: number;
    prices: number;
    iex: number;
    rateLimited: number;
    byTicker: Map<string, number>;
  };
  /** Every end-of-day prices request, in order. */
  requests: { ticker: string; startDate: string | null; endDate: string | null }[];
  /** Every IEX intraday prices request, in order, with its query. */
  iexRequests: { ticker: string; query: Record<string, string> }[];
  /** The last day it has published (YYYY-MM-DD); later days are not there yet. */
  publishThrough(date: string | undefined): void;
  /** A split on this day for this ticker (splitFactor 2, as Tiingo reports one). */
  splitOn(ticker: string, date: string): void;
  fail(failure: FakeTiingoFailure): void;
  recover(): void;
  close(): Promise<void>;
}

const dayMs = 86_400_000;

function seedOf(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619);
  return (value >>> 0) / 4294967296;
}

/** Deterministic weekday bars for a ticker between two dates. */
function pricesOf(ticker: string, from: string, to: string, split?: string) {
  const base = 20 + seedOf(ticker) * 300;
  const days = [];
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += dayMs) {
    const weekday = new Date(ms).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const step = ms / dayMs;
    const close =
      Math.round(base * (1 + 0.2 * Math.sin(step / 40) + 0.02 * Math.sin(step)) * 100) / 100;
    const open = Math.round(close * 0.996 * 100) / 100;
    const high = Math.round(close * 1.012 * 100) / 100;
    const low = Math.round(close * 0.985 * 100) / 100;
    const volume = Math.round(1e6 + seedOf(`${ticker}${step}`) * 5e6);
    const date = new Date(ms).toISOString().slice(0, 10);
    days.push({
      date: `${date}T00:00:00.000Z`,
      close,
      high,
      low,
      open,
      volume,
      adjClose: close,
      adjHigh: high,
      adjLow: low,
      adjOpen: open,
      adjVolume: volume,
      divCash: 0,
      splitFactor: date === split ? 2 : 1,
    });
  }
  return days;
}

/** The fake's IEX price of a ticker at an instant: a slow swing and a faster one. */
export function fakeIexPrice(ticker: string, instant: number): number {
  const base = 20 + seedOf(ticker) * 300;
  const minutes = instant / 60_000;
  return (
    Math.round(base * (1 + 0.01 * Math.sin(minutes / 97) + 0.002 * Math.sin(minutes / 7)) * 100) /
    100
  );
}

/**
 * The regular sessions' bars of `minutes` on the New York days `from` to `to` that have begun
 * by `now`, in the columns asked for (Tiingo's default: open, high, low, close).
 */
function iexBarsOf(
  ticker: string,
  from: string,
  to: string,
  minutes: number,
  now: number,
  columns: readonly string[],
) {
  const step = minutes * 60_000;
  const bars: Record<string, number | string>[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (!isTradingDay(date)) continue;
    const close = sessionCloseOf(date);
    for (let start = instantInNewYork(date, sessionOpenMinute); start < close; start += step) {
      if (start >= now) break;
      const end = Math.min(start + step, close, now);
      const open = fakeIexPrice(ticker, start);
      const last = fakeIexPrice(ticker, end);
      const middle = fakeIexPrice(ticker, (start + end) / 2);
      const figures: Record<string, number> = {
        open,
        high: Math.max(open, last, middle),
        low: Math.min(open, last, middle),
        close: last,
        volume: Math.round(1_000 + seedOf(`${ticker}${start}`) * 20_000),
      };
      const bar: Record<string, number | string> = { date: new Date(start).toISOString() };
      for (const column of columns) {
        const value = figures[column];
        if (value !== undefined) bar[column] = value;
      }
      bars.push(bar);
    }
  }
  return bars;
}

export async function startFakeTiingo(options: FakeTiingoOptions = {}): Promise<FakeTiingo> {
  const apiKey = options.apiKey ?? 'fake-tiingo-key';
  const hourlyLimit = options.hourlyLimit ?? 50;
  const unknown = new Set(options.unknown ?? []);
  const clock = options.now ?? Date.now;
  const calls = {
    total: 0,
    prices: 0,
    iex: 0,
    rateLimited: 0,
    byTicker: new Map<string, number>(),
  };
  const callTimes: number[] = [];
  const requests: FakeTiingo['requests'] = [];
  const iexRequests: FakeTiingo['iexRequests'] = [];
  const splits = new Map<string, string>();
  let failure: FakeTiingoFailure | undefined;
  let publishedThrough: string | undefined;
  const hanging = new Set<ServerResponse>();

  function answer(request: IncomingMessage): { status: number; body: string } | undefined {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const now = Date.now();
    calls.total += 1;
    const overLimit = callTimes.filter((time) => time > now - 3_600_000).length >= hourlyLimit;
    callTimes.push(now);
    if (request.headers.authorization !== `Token ${apiKey}`) {
      return { status: 401, body: JSON.stringify({ detail: 'Invalid token.' }) };
    }
    const daily = /^\/tiingo\/daily\/([^/]+)\/prices$/.exec(url.pathname);
    const iex = /^\/iex\/([^/]+)\/prices$/.exec(url.pathname);
    const match = daily ?? iex;
    if (!match) return { status: 404, body: JSON.stringify({ detail: 'Not found.' }) };
    const ticker = decodeURIComponent(match[1]!);
    if (daily) {
      calls.prices += 1;
      requests.push({
        ticker,
        startDate: url.searchParams.get('startDate'),
        endDate: url.searchParams.get('endDate'),
      });
    } else {
      calls.iex += 1;
      iexRequests.push({ ticker, query: Object.fromEntries(url.searchParams) });
    }
    calls.byTicker.set(ticker, (calls.byTicker.get(ticker) ?? 0) + 1);
    if (overLimit || failure === 'rate_limited') {
      calls.rateLimited += 1;
      return {
        status: 429,
        body: 'You have run over your hourly request allocation. Please upgrade at https://api.tiingo.com/pricing to have your limits increased.',
      };
    }
    if (failure === 'allowance_text') {
      return {
        status: 200,
        body: 'You have run over your 500 symbol look up for this month. Please upgrade at https://api.tiingo.com/pricing to have your limits increased.',
      };
    }
    if (failure === 'server_error') return { status: 500, body: 'Internal Server Error' };
    if (failure === 'hang') return undefined;
    if (unknown.has(ticker)) {
      return {
        status: 404,
        body: JSON.stringify({ detail: `Error: Ticker '${ticker}' not found` }),
      };
    }
    if (iex) {
      const instant = clock();
      const today = new Date(instant).toISOString().slice(0, 10);
      const frequency = /^(\d+)min$/.exec(url.searchParams.get('resampleFreq') ?? '5min');
      if (!frequency) {
        return { status: 400, body: JSON.stringify({ detail: 'Error: invalid resampleFreq' }) };
      }
      const columns = (url.searchParams.get('columns') ?? 'open,high,low,close').split(',');
      const bars = iexBarsOf(
        ticker,
        url.searchParams.get('startDate') ?? today,
        url.searchParams.get('endDate') ?? today,
        Number(frequency[1]),
        instant,
        columns,
      );
      return { status: 200, body: JSON.stringify(bars) };
    }
    const from = url.searchParams.get('startDate') ?? '2000-01-01';
    let to = url.searchParams.get('endDate') ?? new Date(now).toISOString().slice(0, 10);
    if (publishedThrough && to > publishedThrough) to = publishedThrough;
    return { status: 200, body: JSON.stringify(pricesOf(ticker, from, to, splits.get(ticker))) };
  }

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const reply = answer(request);
    if (!reply) {
      hanging.add(response);
      return;
    }
    const json = reply.body.startsWith('[') || reply.body.startsWith('{');
    response.writeHead(reply.status, {
      'content-type': json ? 'application/json' : 'text/html; charset=utf-8',
    });
    response.end(reply.body);
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    calls,
    requests,
    iexRequests,
    publishThrough: (date) => {
      publishedThrough = date;
    },
    splitOn: (ticker, date) => splits.set(ticker, date),
    fail: (next) => {
      failure = next;
    },
    recover: () => {
      failure = undefined;
      for (const response of hanging) response.destroy();
      hanging.clear();
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
