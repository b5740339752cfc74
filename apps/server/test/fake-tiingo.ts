import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Tiingo's end-of-day REST API on 127.0.0.1, in its real wire format:
 * `GET /tiingo/daily/<ticker>/prices?startDate=&endDate=` with `Authorization: Token <key>`
 * answers a JSON array of days ({date, open, high, low, close, volume, adjOpen, adjHigh,
 * adjLow, adjClose, adjVolume, divCash, splitFactor}); an unknown ticker gets 404
 * {"detail":"Error: Ticker 'X' not found"}, a wrong key 401 {"detail":"Invalid token."}, and
 * past the hourly allowance 429 with a plain-text message. It counts every call.
 */
export interface FakeTiingoOptions {
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
  calls: { total: number; prices: number; rateLimited: number; byTicker: Map<string, number> };
  /** Every prices request, in order. */
  requests: { ticker: string; startDate: string | null; endDate: string | null }[];
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

export async function startFakeTiingo(options: FakeTiingoOptions = {}): Promise<FakeTiingo> {
  const apiKey = options.apiKey ?? 'fake-tiingo-key';
  const hourlyLimit = options.hourlyLimit ?? 50;
  const unknown = new Set(options.unknown ?? []);
  const calls = { total: 0, prices: 0, rateLimited: 0, byTicker: new Map<string, number>() };
  const callTimes: number[] = [];
  const requests: FakeTiingo['requests'] = [];
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
    const match = /^\/tiingo\/daily\/([^/]+)\/prices$/.exec(url.pathname);
    if (!match) return { status: 404, body: JSON.stringify({ detail: 'Not found.' }) };
    const ticker = decodeURIComponent(match[1]!);
    calls.prices += 1;
    requests.push({
      ticker,
      startDate: url.searchParams.get('startDate'),
      endDate: url.searchParams.get('endDate'),
    });
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
