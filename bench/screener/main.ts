// GET /api/screener with 1,000 random filter-and-sort requests over the whole universe, beside
// the bare route of the same server in the same run. First every symbol's chart is opened once
// (which stores its simulated history) and the bench waits for the screener's background
// refresh to read them all (at most BENCH_FILL_SECONDS, 300 by default), saying how many
// symbols had their figures.
// Latency: the 1,000 requests one after another (p50, p99), each timed on the client. Throughput:
// autocannon over the same 1,000 requests at 10 connections, alternating with the bare route.
// Run: npm run bench:screener   Target: p99 < 50 ms, ratio screener/bare >= 0.3.
// `--target <checkout>` measures another checkout's server, `--json` prints the figures;
// BENCH_SECONDS and BENCH_ROUNDS set each throughput run's length and the rounds (5 s, 2).
import autocannon from 'autocannon';
import { percentile, signUpAccounts, startBenchApp } from '../support/bench-app.ts';
import { emitFigures, say } from '../support/figures.ts';

const requestCount = 1_000;
const connections = 10;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const fillSeconds = Number(process.env.BENCH_FILL_SECONDS ?? 300);

/** A repeatable random sequence (mulberry32), so two runs send the same screens. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Row = Record<string, string | number | null>;

const numberColumns = [
  'price',
  'change',
  'marketCap',
  'peRatio',
  'pbRatio',
  'psRatio',
  'dividendYieldPercent',
  'beta',
  'grossMarginPercent',
  'netMarginPercent',
  'roePercent',
  'revenueGrowthPercent',
  'debtToEquity',
  'return1w',
  'return1m',
  'return3m',
  'return6m',
  'returnYtd',
  'return1y',
  'volatility30d',
  'maxDrawdown1y',
  'distanceToSma50',
  'distanceToSma200',
  'rsi14',
  'checklistScore',
];
const allColumns = ['symbol', 'name', 'sector', 'type', 'rating', 'industry', ...numberColumns];

/** Random screens: up to three ranges drawn from the figures' own spread, a choice, a sort. */
function randomScreens(rows: readonly Row[], count: number): string[] {
  const next = random(29);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const sectors = [...new Set(rows.map((row) => row.sector).filter((s): s is string => !!s))];
  const spread = new Map(
    numberColumns.map((column) => [
      column,
      rows
        .map((row) => row[column])
        .filter((value): value is number => typeof value === 'number')
        .sort((a, b) => a - b),
    ]),
  );
  const screens: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const params = new URLSearchParams();
    const ranges = Math.floor(next() * 4);
    for (let n = 0; n < ranges; n += 1) {
      const column = pick(numberColumns);
      const values = spread.get(column)!;
      if (values.length === 0) continue;
      const low = values[Math.floor(next() * values.length * 0.5)]!;
      const high = values[Math.floor(values.length * (0.5 + next() * 0.5)) - 1] ?? low;
      const shape = next();
      params.set(
        column,
        shape < 0.33 ? `${low}..` : shape < 0.66 ? `..${high}` : `${low}..${high}`,
      );
    }
    if (next() < 0.4) params.set('sector', [pick(sectors), pick(sectors)].join(','));
    if (next() < 0.2) params.set('rating', pick(['buy,strong_buy', 'sell,strong_sell', 'neutral']));
    if (next() < 0.2) params.set('type', pick(['stock', 'etf']));
    params.set('sort', `${next() < 0.5 ? '-' : ''}${pick(allColumns)}`);
    if (next() < 0.5) {
      params.set('columns', allColumns.filter(() => next() < 0.3).join(',') || 'price');
    }
    screens.push(params.toString());
  }
  return screens;
}

const app = await startBenchApp({ BACKGROUND_JOBS: 'true' });
try {
  const [cookie] = await signUpAccounts(app.url, 1);
  const headers = { cookie: cookie! };
  const get = async (path: string) => {
    const response = await fetch(`${app.url}${path}`, { headers });
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return response.json() as Promise<{ rows: Row[]; withoutHistory: number; universe: number }>;
  };

  // Every symbol's history stored, as opening its chart does; then the refresh reads them.
  const started = Date.now();
  let full = await get(`/api/screener?limit=600&columns=${allColumns.join(',')}`);
  const symbols = full.rows.map((row) => String(row.symbol));
  let nextSymbol = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (nextSymbol < symbols.length) {
        const symbol = symbols[nextSymbol++]!;
        const response = await fetch(
          `${app.url}/api/stocks/${encodeURIComponent(symbol)}/history?range=1m`,
          { headers },
        );
        await response.arrayBuffer();
      }
    }),
  );
  while (full.withoutHistory > 0 && Date.now() - started < fillSeconds * 1_000) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    full = await get(`/api/screener?limit=600&columns=${allColumns.join(',')}`);
  }
  const filled = full.universe - full.withoutHistory;
  say(
    `screener: ${filled} of ${full.universe} symbols with figures after ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  const screens = randomScreens(full.rows, requestCount);

  // Latency: one request at a time, each the server's whole answer.
  for (const screen of screens.slice(0, 100)) await get(`/api/screener?${screen}`);
  const latencies: number[] = [];
  const bareLatencies: number[] = [];
  let matched = 0;
  for (const screen of screens) {
    const bareStart = performance.now();
    await (await fetch(`${app.url}/api/bench/bare`)).arrayBuffer();
    bareLatencies.push(performance.now() - bareStart);
    const start = performance.now();
    const answer = await get(`/api/screener?${screen}`);
    latencies.push(performance.now() - start);
    matched += answer.rows.length;
  }
  latencies.sort((a, b) => a - b);
  bareLatencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 0.5);
  const p99 = percentile(latencies, 0.99);

  // Throughput: the same screens over 10 connections, alternating with the bare route.
  const run = (name: 'bare' | 'screener') =>
    autocannon({
      url: app.url,
      connections,
      duration: seconds,
      headers: name === 'bare' ? {} : headers,
      requests:
        name === 'bare'
          ? [{ method: 'GET', path: '/api/bench/bare' }]
          : screens.map((screen) => ({ method: 'GET' as const, path: `/api/screener?${screen}` })),
    });
  await run('bare');
  await run('screener');
  const results: Record<'bare' | 'screener', autocannon.Result[]> = { bare: [], screener: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const name of round % 2 === 0
      ? (['bare', 'screener'] as const)
      : (['screener', 'bare'] as const)) {
      const result = await run(name);
      const failures = result.non2xx + result.errors + result.timeouts;
      if (failures > 0) throw new Error(`${failures} requests of the ${name} run failed`);
      results[name].push(result);
    }
  }
  const average = (list: autocannon.Result[]) =>
    list.reduce((sum, result) => sum + result.requests.average, 0) / list.length;
  const ratio = average(results.screener) / average(results.bare);
  const loadedP99 = Math.max(...results.screener.map((result) => result.latency.p99));

  say(`screener: ${requestCount} random filter-and-sort requests, one at a time`);
  say(
    `  GET /api/screener   p50 ${p50.toFixed(1)} ms   p99 ${p99.toFixed(1)} ms   (${(matched / requestCount).toFixed(0)} rows an answer on average)`,
  );
  say(
    `  GET /api/bench/bare p50 ${percentile(bareLatencies, 0.5).toFixed(1)} ms   p99 ${percentile(bareLatencies, 0.99).toFixed(1)} ms`,
  );
  say(
    `  throughput at ${connections} connections: screener ${average(results.screener).toFixed(0)} req/s (p99 ${loadedP99} ms), bare ${average(results.bare).toFixed(0)} req/s`,
  );
  say(`  ratio screener/bare: ${ratio.toFixed(2)}   (target >= 0.3)`);
  say(`  p99: ${p99.toFixed(1)} ms   (target < 50 ms)`);
  say(`  result: ${p99 < 50 && ratio >= 0.3 ? 'PASS' : 'FAIL'}`);
  emitFigures('screener', [
    { name: 'bare route', value: average(results.bare), unit: 'req/s', better: 'higher' },
    {
      name: 'GET /api/screener',
      value: average(results.screener),
      unit: 'req/s',
      better: 'higher',
      gate: 'throughput',
    },
    { name: 'GET /api/screener p99', value: p99, unit: 'ms', better: 'lower', gate: 'p99' },
    { name: 'screener/bare', value: ratio, unit: 'ratio', better: 'higher' },
    { name: 'symbols with figures', value: filled, unit: 'symbols', better: 'higher' },
  ]);
} finally {
  await app.stop();
}
