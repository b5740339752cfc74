// 10,000 symbol searches of mixed queries (exact symbols, symbol prefixes, name words, phrases,
// lower and upper case, misses) against the server, beside its bare route in the same run.
// Run: npm run bench:symbol-search   Target: p99 < 10 ms, ratio search/bare >= 0.5.
// `--target <checkout>` measures another checkout's server, `--json` prints the figures;
// BENCH_SEARCHES sets the number of searches (10,000 by default).
import { Agent, request } from 'node:http';
import { listedSymbols } from '../../apps/server/src/market-data/reference/universe.ts';
import { percentile, signUpAccounts, startBenchApp } from '../support/bench-app.ts';
import { emitFigures, say } from '../support/figures.ts';

const searches = Number(process.env.BENCH_SEARCHES ?? 10_000);
const warmUps = Math.min(2_000, searches / 2);
const connections = 10;

/** A deterministic mix of what people type into a search box. */
function mixedQueries(count: number): string[] {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const words = listedSymbols.flatMap((item) =>
    item.name.split(/\s+/).filter((word) => word.length > 3),
  );
  const kinds: (() => string)[] = [
    () => pick(listedSymbols).symbol,
    () => pick(listedSymbols).symbol.toLowerCase(),
    () => pick(listedSymbols).symbol.slice(0, 1 + Math.floor(random() * 2)),
    () => pick(words).toLowerCase(),
    () => pick(words).slice(0, 4),
    () => pick(listedSymbols).name.split(' ').slice(0, 2).join(' '),
    () => pick(['s&p', 's&p 500', 'alphabet', 'gold', 'treasury', 'bank', 'energy', 'nasdaq']),
    () => pick(['zzqx', 'nothing here', 'qqqqq', 'x9']),
  ];
  return Array.from({ length: count }, () => pick(kinds)());
}

const app = await startBenchApp();
try {
  const [cookie] = await signUpAccounts(app.url, 1);
  const queries = mixedQueries(searches).map(
    (query) => `/api/symbols?q=${encodeURIComponent(query)}`,
  );
  const check = await fetch(`${app.url}${queries[0]}`, { headers: { cookie: cookie! } });
  if (check.status !== 200) throw new Error(`GET /api/symbols answered ${check.status}`);

  /**
   * Sends every path once over `connections` keep-alive connections, each waiting for its
   * answer before the next: per-request times and the run's wall time, measured here.
   */
  async function run(paths: string[], headers: Record<string, string>) {
    const agent = new Agent({ keepAlive: true, maxSockets: connections });
    const { hostname, port } = new URL(app.url);
    const times: number[] = [];
    let failures = 0;
    let next = 0;
    const one = (path: string) =>
      new Promise<void>((resolve) => {
        const sent = performance.now();
        const outgoing = request({ agent, hostname, port, path, headers }, (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode !== 200) failures += 1;
            times.push(performance.now() - sent);
            resolve();
          });
        });
        outgoing.on('error', () => {
          failures += 1;
          resolve();
        });
        outgoing.end();
      });
    const started = performance.now();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < paths.length) await one(paths[next++]!);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    times.sort((a, b) => a - b);
    return { rate: paths.length / seconds, times, failures };
  }

  const bare = Array.from({ length: searches }, () => '/api/bench/bare');
  // Warm-up: JIT and connections on both routes before anything is measured.
  await run(bare.slice(0, warmUps), {});
  await run(queries.slice(0, warmUps), { cookie: cookie! });

  const bareResult = await run(bare, {});
  const searchResult = await run(queries, { cookie: cookie! });
  if (searchResult.failures > 0) throw new Error(`${searchResult.failures} searches failed`);

  const ratio = searchResult.rate / bareResult.rate;
  const p99 = percentile(searchResult.times, 0.99);
  const row = (name: string, result: Awaited<ReturnType<typeof run>>) =>
    `  ${name.padEnd(22)} ${result.rate.toFixed(0).padStart(7)} req/s   p50 ${percentile(
      result.times,
      0.5,
    ).toFixed(1)} ms   p99 ${percentile(result.times, 0.99).toFixed(1)} ms`;
  say(
    `symbol-search: ${searches} mixed searches over ${listedSymbols.length} symbols, ${connections} connections, one server process`,
  );
  say(row('GET /api/bench/bare', bareResult));
  say(row('GET /api/symbols?q=', searchResult));
  say(`  ratio search/bare: ${ratio.toFixed(2)}   (target >= 0.5)`);
  say(`  search p99: ${p99.toFixed(1)} ms   (target < 10 ms)`);
  say(`  result: ${ratio >= 0.5 && p99 < 10 ? 'PASS' : 'FAIL'}`);
  emitFigures('symbol search', [
    { name: 'bare route', value: bareResult.rate, unit: 'req/s', better: 'higher' },
    {
      name: 'GET /api/symbols?q=',
      value: searchResult.rate,
      unit: 'req/s',
      better: 'higher',
      gate: 'throughput',
    },
    { name: 'GET /api/symbols?q= p99', value: p99, unit: 'ms', better: 'lower', gate: 'p99' },
  ]);
} finally {
  await app.stop();
}
