// GET /api/stocks (signed in, served from the warm cache) beside a bare route of the same
// server, measured in one run with autocannon at 50 connections.
// Run: npm run bench:stocks-throughput   Target: ratio >= 0.5, p99 < 20 ms.
import autocannon from 'autocannon';
import { signUpAccounts, startBenchApp } from '../support/bench-app.ts';

const connections = 50;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

function run(url: string, headers: Record<string, string>, duration: number) {
  return autocannon({ url, connections, duration, headers });
}

const app = await startBenchApp();
try {
  const [cookie] = await signUpAccounts(app.url, 1);
  const signedIn = { cookie: cookie! };
  const warm = await fetch(`${app.url}/api/stocks`, { headers: signedIn });
  if (warm.status !== 200) throw new Error(`GET /api/stocks answered ${warm.status}`);
  const stocksBytes = (await warm.arrayBuffer()).byteLength;

  // Warm-up: JIT and connection set-up on both routes before anything is measured.
  await run(`${app.url}/api/bench/bare`, {}, 2);
  await run(`${app.url}/api/stocks`, signedIn, 2);

  const bare = await run(`${app.url}/api/bench/bare`, {}, seconds);
  const stocks = await run(`${app.url}/api/stocks`, signedIn, seconds);
  const failures = stocks.non2xx + stocks.errors + stocks.timeouts;
  if (failures > 0) throw new Error(`${failures} requests to /api/stocks failed`);

  const ratio = stocks.requests.average / bare.requests.average;
  const row = (name: string, result: autocannon.Result) =>
    `  ${name.padEnd(26)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(
      result.latency.p50,
    ).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(3)} ms`;
  console.log(
    `stocks-throughput: ${connections} connections, ${seconds} s per route, one server process`,
  );
  console.log(row('GET /api/bench/bare', bare));
  console.log(row(`GET /api/stocks (${(stocksBytes / 1024).toFixed(1)} KB)`, stocks));
  console.log(`  ratio stocks/bare: ${ratio.toFixed(2)}   (target >= 0.5)`);
  console.log(`  stocks p99: ${stocks.latency.p99} ms   (target < 20 ms)`);
  console.log(`  result: ${ratio >= 0.5 && stocks.latency.p99 < 20 ? 'PASS' : 'FAIL'}`);
} finally {
  await app.stop();
}
