// A stock's quote through the public API with an API key (GET /api/v1/quotes/AAPL) beside the
// same quote, by the same service call, behind a session cookie (GET /api/bench/quote/AAPL, see
// bench-server.ts), in one server process and one run, with autocannon at 50 connections. The
// routes alternate, so that a slow moment of the machine does not land on one side only.
// Run: npm run bench:api-v1   Target: ratio key/cookie >= 0.8, key p99 < 20 ms.
// `--target <checkout>` measures another checkout's server, `--json` prints the figures;
// BENCH_SECONDS and BENCH_ROUNDS set each run's length and the rounds (8 s, 2 by default).
import autocannon from 'autocannon';
import { signUpAccounts, startBenchApp } from '../support/bench-app.ts';
import { emitFigures, say } from '../support/figures.ts';

const connections = 50;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? Math.min(2, seconds));
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);

function run(url: string, headers: Record<string, string>, duration: number) {
  return autocannon({ url, connections, duration, headers });
}

// The key's rate limit is set out of reach: this measures what checking a key costs (the key
// lookup, the plan, and counting requests against the limit), not the limit refusing them.
const app = await startBenchApp({ LIMIT_API_REQUESTS_PER_KEY: '1000000000/1m' });
try {
  const [cookie] = await signUpAccounts(app.url, 1);
  const signedIn = { cookie: cookie!, origin: app.url, 'content-type': 'application/json' };
  const paid = await fetch(`${app.url}/api/billing/checkout`, {
    method: 'POST',
    headers: signedIn,
    body: JSON.stringify({
      plan: 'enterprise',
      idempotencyKey: crypto.randomUUID(),
      card: { number: '4242424242424242', expiry: '12/40', cvc: '123' },
    }),
  });
  if (!paid.ok) throw new Error(`checkout answered ${paid.status}: ${await paid.text()}`);
  const created = await fetch(`${app.url}/api/api-keys`, {
    method: 'POST',
    headers: signedIn,
    // The password every account of `signUpAccounts` has: a key is confirmed with it.
    body: JSON.stringify({ name: 'Benchmark', password: 'correct horse battery' }),
  });
  if (created.status !== 201) throw new Error(`creating a key answered ${created.status}`);
  const { secret } = (await created.json()) as { secret: string };

  const routes = {
    cookie: { url: `${app.url}/api/bench/quote/AAPL`, headers: { cookie: cookie! } },
    key: { url: `${app.url}/api/v1/quotes/AAPL`, headers: { authorization: `Bearer ${secret}` } },
  };
  for (const { url, headers } of Object.values(routes)) {
    const answer = await fetch(url, { headers });
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    await answer.arrayBuffer();
  }

  // Warm-up: JIT and connections on both routes before anything is measured.
  await run(routes.cookie.url, routes.cookie.headers, warmUpSeconds);
  await run(routes.key.url, routes.key.headers, warmUpSeconds);

  const results: Record<'cookie' | 'key', autocannon.Result[]> = { cookie: [], key: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const name of round % 2 === 0
      ? (['cookie', 'key'] as const)
      : (['key', 'cookie'] as const)) {
      const result = await run(routes[name].url, routes[name].headers, seconds);
      const failures = result.non2xx + result.errors + result.timeouts;
      if (failures > 0) throw new Error(`${failures} requests to ${routes[name].url} failed`);
      results[name].push(result);
      say(
        `  round ${round + 1} ${name.padEnd(6)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p99 ${result.latency.p99} ms`,
      );
    }
  }

  const average = (list: autocannon.Result[]) =>
    list.reduce((sum, result) => sum + result.requests.average, 0) / list.length;
  const worstP99 = (list: autocannon.Result[]) =>
    Math.max(...list.map((result) => result.latency.p99));
  const p50 = (list: autocannon.Result[]) => Math.max(...list.map((result) => result.latency.p50));
  const ratio = average(results.key) / average(results.cookie);
  const row = (name: string, list: autocannon.Result[]) =>
    `  ${name.padEnd(44)} ${average(list).toFixed(0).padStart(7)} req/s   p50 ${String(p50(list)).padStart(3)} ms   p99 ${String(worstP99(list)).padStart(3)} ms`;
  say(
    `api-v1: ${connections} connections, ${rounds} x ${seconds} s per route, alternating, one server process`,
  );
  say(row('GET /api/bench/quote/AAPL (session cookie)', results.cookie));
  say(row('GET /api/v1/quotes/AAPL (API key)', results.key));
  say(`  ratio key/cookie: ${ratio.toFixed(2)}   (target >= 0.8)`);
  say(`  key p99: ${worstP99(results.key)} ms   (target < 20 ms)`);
  say(`  result: ${ratio >= 0.8 && worstP99(results.key) < 20 ? 'PASS' : 'FAIL'}`);
  emitFigures('api-v1', [
    {
      name: 'GET /api/v1/quotes/AAPL (key)',
      value: average(results.key),
      unit: 'req/s',
      better: 'higher',
      gate: 'throughput',
    },
    {
      name: 'GET /api/v1/quotes/AAPL p99',
      value: worstP99(results.key),
      unit: 'ms',
      better: 'lower',
      gate: 'p99',
    },
    {
      name: 'same quote by cookie',
      value: average(results.cookie),
      unit: 'req/s',
      better: 'higher',
    },
    { name: 'key/cookie', value: ratio, unit: 'ratio', better: 'higher' },
  ]);
} finally {
  await app.stop();
}
