// GET /api/stocks (signed in, served from the warm cache) beside a bare route of the same
// server, measured in one run with autocannon at 50 connections. The routes alternate
// (bare, stocks, then stocks, bare), so that a slow moment of the machine does not land on
// one side only. The same list as a browser asks for it (Accept-Encoding: br and gzip) is
// measured beside them, for what compression costs; the ratio is taken on the plain one.
// Run: npm run bench:stocks-throughput   Target: ratio >= 0.8, p99 < 20 ms.
// `--target <checkout>` measures another checkout's server, `--json` prints the figures;
// BENCH_SECONDS and BENCH_ROUNDS set each run's length and the rounds (5 s, 2 by default).
import autocannon from 'autocannon';
import { signUpAccounts, startBenchApp } from '../support/bench-app.ts';
import { emitFigures, say } from '../support/figures.ts';

const connections = 50;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? Math.min(2, seconds));

function run(url: string, headers: Record<string, string>, duration: number) {
  return autocannon({ url, connections, duration, headers });
}

const app = await startBenchApp();
try {
  const [cookie] = await signUpAccounts(app.url, 1);
  const routes = {
    bare: { url: `${app.url}/api/bench/bare`, headers: {} },
    stocks: { url: `${app.url}/api/stocks`, headers: { cookie: cookie! } },
    browser: {
      url: `${app.url}/api/stocks`,
      headers: { cookie: cookie!, 'accept-encoding': 'gzip, deflate, br, zstd' },
    },
  };
  const warm = await fetch(routes.stocks.url, { headers: routes.stocks.headers });
  if (warm.status !== 200) throw new Error(`GET /api/stocks answered ${warm.status}`);
  const stocksBytes = (await warm.arrayBuffer()).byteLength;

  // Warm-up: JIT and connection set-up on both routes before anything is measured.
  await run(routes.bare.url, routes.bare.headers, warmUpSeconds);
  await run(routes.stocks.url, routes.stocks.headers, warmUpSeconds);
  await run(routes.browser.url, routes.browser.headers, warmUpSeconds);

  const results: Record<keyof typeof routes, autocannon.Result[]> = {
    bare: [],
    stocks: [],
    browser: [],
  };
  for (let round = 0; round < rounds; round += 1) {
    for (const name of round % 2 === 0
      ? (['bare', 'stocks', 'browser'] as const)
      : (['browser', 'stocks', 'bare'] as const)) {
      const result = await run(routes[name].url, routes[name].headers, seconds);
      const failures = result.non2xx + result.errors + result.timeouts;
      if (failures > 0) throw new Error(`${failures} requests to ${routes[name].url} failed`);
      results[name].push(result);
    }
  }

  const average = (list: autocannon.Result[]) =>
    list.reduce((sum, result) => sum + result.requests.average, 0) / list.length;
  const worst = (list: autocannon.Result[], key: 'p50' | 'p99') =>
    Math.max(...list.map((result) => result.latency[key]));
  const ratio = average(results.stocks) / average(results.bare);
  const stocksP99 = worst(results.stocks, 'p99');
  const row = (name: string, list: autocannon.Result[]) =>
    `  ${name.padEnd(26)} ${average(list).toFixed(0).padStart(7)} req/s   p50 ${String(
      worst(list, 'p50'),
    ).padStart(3)} ms   p99 ${String(worst(list, 'p99')).padStart(3)} ms`;
  say(
    `stocks-throughput: ${connections} connections, ${rounds} x ${seconds} s per route, alternating, one server process`,
  );
  say(row('GET /api/bench/bare', results.bare));
  say(row(`GET /api/stocks (${(stocksBytes / 1024).toFixed(1)} KB)`, results.stocks));
  say(row('  the same, as a browser asks', results.browser));
  say(`  ratio stocks/bare: ${ratio.toFixed(2)}   (target >= 0.8)`);
  say(`  stocks p99: ${stocksP99} ms   (target < 20 ms)`);
  say(`  result: ${ratio >= 0.8 && stocksP99 < 20 ? 'PASS' : 'FAIL'}`);
  emitFigures('stocks list', [
    { name: 'bare route', value: average(results.bare), unit: 'req/s', better: 'higher' },
    {
      name: 'GET /api/stocks',
      value: average(results.stocks),
      unit: 'req/s',
      better: 'higher',
      gate: 'throughput',
    },
    { name: 'GET /api/stocks p99', value: stocksP99, unit: 'ms', better: 'lower', gate: 'p99' },
    {
      name: 'GET /api/stocks, br or gzip',
      value: average(results.browser),
      unit: 'req/s',
      better: 'higher',
    },
    { name: 'stocks/bare', value: ratio, unit: 'ratio', better: 'higher' },
  ]);
} finally {
  await app.stop();
}
