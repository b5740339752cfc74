// 1,000 signed-in clients, arriving over a minute, each open 5 random detail pages (the 1Y
// price history) on a cold database, against a fake Tiingo on 127.0.0.1 that counts its
// calls; then each opens its 5 pages again. Run: npm run bench:history
// Targets: upstream history calls <= distinct symbols opened; p99 of warm answers < 20 ms.
// BENCH_DATABASE_URL=postgres://... runs the server on a fresh database of that PostgreSQL
// server instead of the embedded PGlite (which shares the server's event loop).
import pg from 'pg';

import { listedSymbols } from '../../apps/server/src/market-data/reference/universe.ts';
import { startFakeFinnhub } from '../../apps/server/test/fake-finnhub.ts';
import { startFakeTiingo } from '../../apps/server/test/fake-tiingo.ts';
import { percentile, signUpAccounts, startBenchApp } from '../support/bench-app.ts';

const clients = 1_000;
const pagesPerClient = 5;
// A paid allowance: the free tier (50 an hour) would spread a cold start over hours.
const tiingoPerHour = 100_000;
/** Clients arrive evenly over this window, as visitors would, not all in one instant. */
const arrivalMs = 60_000;

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pages = Array.from({ length: clients }, () =>
  Array.from(
    { length: pagesPerClient },
    () => listedSymbols[Math.floor(random() * listedSymbols.length)]!.symbol,
  ),
);
const distinct = new Set(pages.flat());

const adminUrl = process.env.BENCH_DATABASE_URL;
const benchDatabase = `tw_bench_history_${process.pid}`;
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
let databaseUrl = '';
if (adminUrl) {
  await admin(`CREATE DATABASE ${benchDatabase}`);
  const url = new URL(adminUrl);
  url.pathname = `/${benchDatabase}`;
  databaseUrl = url.toString();
}

const finnhub = await startFakeFinnhub({ minuteLimit: 10_000 });
const tiingo = await startFakeTiingo({ hourlyLimit: tiingoPerHour });
const app = await startBenchApp({
  MARKET_PROVIDER: 'finnhub',
  FINNHUB_API_KEY: finnhub.apiKey,
  FINNHUB_BASE_URL: finnhub.url,
  HISTORY_PROVIDER: 'tiingo',
  TIINGO_API_KEY: tiingo.apiKey,
  TIINGO_BASE_URL: tiingo.url,
  TIINGO_CALLS_PER_HOUR: String(tiingoPerHour),
  TIINGO_CALLS_PER_DAY: String(tiingoPerHour * 10),
  DATABASE_URL: databaseUrl,
});
try {
  const signUpStarted = Date.now();
  const cookies = await signUpAccounts(app.url, clients);
  console.log(
    `signed up ${clients} accounts in ${((Date.now() - signUpStarted) / 1000).toFixed(1)} s`,
  );

  /** When the first answer of each symbol arrived: later requests for it are warm. */
  const storedAt = new Map<string, number>();
  const statuses = new Map<number, number>();
  const failures = new Map<string, number>();
  const answers: { ms: number; warm: boolean; page: number }[] = [];
  /** The server's bare route, asked beside each warm-round page: the machine's noise floor. */
  const bareAnswers: number[] = [];
  let measureBare = false;

  async function open(client: number, symbol: string, page: number): Promise<void> {
    const sentAt = performance.now();
    const warm = (storedAt.get(symbol) ?? Number.POSITIVE_INFINITY) <= sentAt;
    let status = 0;
    try {
      const response = await fetch(
        `${app.url}/api/stocks/${encodeURIComponent(symbol)}/history?range=1y`,
        { headers: { cookie: cookies[client]! } },
      );
      await response.arrayBuffer();
      status = response.status;
    } catch (error) {
      status = 0;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? String(error);
      failures.set(reason, (failures.get(reason) ?? 0) + 1);
    }
    const doneAt = performance.now();
    if (status === 200 && !storedAt.has(symbol)) storedAt.set(symbol, doneAt);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    answers.push({ ms: doneAt - sentAt, warm, page });
    if (measureBare) {
      const bareSent = performance.now();
      await fetch(`${app.url}/api/bench/bare`).then((response) => response.arrayBuffer());
      bareAnswers.push(performance.now() - bareSent);
    }
  }

  async function round(): Promise<number> {
    const started = Date.now();
    await Promise.all(
      pages.map(async (symbols, client) => {
        await new Promise((resolve) => setTimeout(resolve, (client * arrivalMs) / clients));
        for (const [page, symbol] of symbols.entries()) await open(client, symbol, page);
      }),
    );
    return (Date.now() - started) / 1000;
  }

  const coldSeconds = await round();
  const cold = answers.splice(0);
  measureBare = true;
  const warmSeconds = await round();
  const again = answers.splice(0);

  const sorted = (items: { ms: number }[]) => items.map((item) => item.ms).sort((a, b) => a - b);
  const warmDuringCold = sorted(cold.filter((answer) => answer.warm));
  const allWarm = sorted(again);
  const upstream = tiingo.calls.prices;
  const ok = statuses.get(200) ?? 0;
  const total = clients * pagesPerClient * 2;

  console.log(
    `history: ${clients} clients x ${pagesPerClient} random detail pages (1Y history), cold ${adminUrl ? 'PostgreSQL' : 'PGlite'} database, fake Tiingo`,
  );
  console.log(
    `  answers: ${total}, 200: ${ok}${ok === total ? '' : ` (others: ${JSON.stringify(Object.fromEntries(statuses))})`}`,
  );
  if (failures.size > 0)
    console.log(`  failed requests: ${JSON.stringify(Object.fromEntries(failures))}`);
  console.log(
    `  upstream history calls: ${upstream} for ${distinct.size} distinct symbols (most for one symbol: ${Math.max(...tiingo.calls.byTicker.values())})`,
  );
  console.log(
    `  cold round: ${coldSeconds.toFixed(1)} s; warm answers in it: ${warmDuringCold.length}, p50 ${percentile(warmDuringCold, 0.5).toFixed(1)} ms, p99 ${percentile(warmDuringCold, 0.99).toFixed(1)} ms`,
  );
  console.log(
    `  warm round: ${warmSeconds.toFixed(1)} s; ${allWarm.length} answers, p50 ${percentile(allWarm, 0.5).toFixed(1)} ms, p99 ${percentile(allWarm, 0.99).toFixed(1)} ms`,
  );
  // The first page of a client also verifies its session in the database; the others reuse it.
  const firstPages = sorted(again.filter((answer) => answer.page === 0));
  const laterPages = sorted(again.filter((answer) => answer.page > 0));
  console.log(
    `  warm round, first page of a client: p50 ${percentile(firstPages, 0.5).toFixed(1)} ms, p99 ${percentile(firstPages, 0.99).toFixed(1)} ms; later pages: p50 ${percentile(laterPages, 0.5).toFixed(1)} ms, p99 ${percentile(laterPages, 0.99).toFixed(1)} ms`,
  );
  const bare = bareAnswers.sort((a, b) => a - b);
  console.log(
    `  bare route beside the warm round: p50 ${percentile(bare, 0.5).toFixed(1)} ms, p99 ${percentile(bare, 0.99).toFixed(1)} ms`,
  );
  // Warm answers: every page whose history was already stored, in the second round.
  const warmP99 = percentile(allWarm, 0.99);
  const pass = upstream <= distinct.size && ok === total && warmP99 < 20;
  console.log(`  targets: calls <= distinct symbols, warm p99 < 20 ms: ${pass ? 'PASS' : 'FAIL'}`);
} finally {
  await app.stop();
  await finnhub.close();
  await tiingo.close();
  if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`);
}
