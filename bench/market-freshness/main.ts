// 10,000 users, each with a watchlist of 20 of 500 symbols drawn by popularity (Zipf, s = 1),
// against a fake Finnhub on 127.0.0.1 on the free key (60 calls a minute, 30 a second) that
// counts its calls. The server's own market services (demand registry, refresh scheduler,
// quote cache) run in this process on a simulated clock, so 30 minutes of market time take
// well under a minute: the watchlists stand as demand, and users open their watchlists (all
// 20 quotes read as a page would, real-time plan) at random, once every 10 minutes on average.
// Run: npm run bench:market-freshness
// Reports: upstream calls per minute (target: never over 60) and the age of the quotes served,
// p50 and p95, weighted by views (every quote a user was shown counts once), in three windows:
// the first 10 minutes after a cold start (nothing cached, every listed symbol demanded at
// once), with the time until every listed symbol had its first quote; minutes 15-30, as the
// cold start's calls settle; and minutes 30-60, the steady state.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { instantInNewYork } from '../../apps/server/src/market-data/calendar/market-calendar.ts';
import { createMarketData } from '../../apps/server/src/market-data/market-data.ts';
import { realtimeViewer } from '../../apps/server/src/market-data/quotes/service.ts';
import { listedSymbols } from '../../apps/server/src/market-data/reference/universe.ts';
import { startFakeFinnhub } from '../../apps/server/test/fake-finnhub.ts';
import { percentile } from '../support/bench-app.ts';

const users = 10_000;
const universeSize = 500;
const listSize = 20;
const zipfExponent = 1;
const durationMs = 60 * 60_000;
/**
 * The windows whose quotes are measured, each on its own. At a cold start every listed symbol
 * needs a first call (about 500 calls, 11 minutes at 45 a minute); how the first calls are
 * spread still shapes the next refreshes for a while, so the steady state is measured after
 * twice the longest wait for a refresh (about 15 minutes in this one).
 */
const windows = [
  { name: 'the first 10 min after the cold start', from: 0, to: 10 * 60_000 },
  { name: 'minutes 15-30, settling', from: 15 * 60_000, to: 30 * 60_000 },
  { name: 'minutes 30-60, the steady state', from: 30 * 60_000, to: 60 * 60_000 },
];
/** How often, on average, each user opens their watchlist. */
const visitEveryMs = 10 * 60_000;
/** The server's scheduler round (it ticks four times a second). */
const roundMs = 250;
const budgetPerMinute = 60;

let seed = 20_260_316;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

const universe = listedSymbols.slice(0, universeSize).map((listed) => listed.symbol);
// Popularity rank is not alphabetical: shuffle the universe once.
for (let index = universe.length - 1; index > 0; index -= 1) {
  const other = Math.floor(random() * (index + 1));
  [universe[index], universe[other]] = [universe[other]!, universe[index]!];
}
const cumulative: number[] = [];
let total = 0;
for (let rank = 1; rank <= universe.length; rank += 1) {
  total += 1 / rank ** zipfExponent;
  cumulative.push(total);
}
function zipfSymbol(): string {
  const target = random() * total;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return universe[low]!;
}
const watchlists = Array.from({ length: users }, () => {
  const list = new Set<string>();
  while (list.size < listSize) list.add(zipfSymbol());
  return [...list];
});
/** How many watchlists list each symbol: the standing demand the server reads from them. */
const listed = new Map<string, number>();
for (const list of watchlists) {
  for (const symbol of list) listed.set(symbol, (listed.get(symbol) ?? 0) + 1);
}

/** Monday 2026-03-16, 10:00 in New York: a regular session. */
const start = instantInNewYork('2026-03-16', 10 * 60);
let now = start;
const clock = () => now;

const dataDir = await mkdtemp(join(tmpdir(), 'tw-bench-freshness-'));
const database = await openDatabase({ dataDir });
const finnhub = await startFakeFinnhub({ now: clock });
for (const symbol of universe) finnhub.setQuote(symbol, { c: 100, pc: 99 });
const silentLog = { warn: () => {} };
const { market } = createMarketData(
  { market: { provider: 'finnhub', apiKey: finnhub.apiKey, baseUrl: finnhub.url, stream: null } },
  database.db,
  silentLog,
  clock,
);

/** When each listed symbol got its first price: the cold start, with nothing cached. */
const firstPriced = new Map<string, number>();
market.onQuote((symbol, quote) => {
  if (!firstPriced.has(symbol)) firstPriced.set(symbol, quote.fetchedAt - start);
});
/** The ages of the quotes users were shown in one window, and the quotes not yet priced. */
class Shown {
  readonly ages: number[] = [];
  readonly bySymbol = new Map<string, number[]>();
  views = 0;
  pending = 0;

  record(quotes: readonly { symbol: string; asOf: string }[], waiting: number): void {
    this.views += 1;
    this.pending += waiting;
    for (const quote of quotes) {
      const age = now - Date.parse(quote.asOf);
      this.ages.push(age);
      const perSymbol = this.bySymbol.get(quote.symbol) ?? [];
      perSymbol.push(age);
      this.bySymbol.set(quote.symbol, perSymbol);
    }
  }
}
const measured = windows.map(() => new Shown());
const wallStarted = performance.now();
try {
  market.demand.stand('watchlist', listed);
  const visitChance = roundMs / visitEveryMs;
  for (let elapsed = 0; elapsed < durationMs; elapsed += roundMs) {
    now = start + elapsed;
    const window = measured[windows.findIndex(({ from, to }) => elapsed >= from && elapsed < to)];
    for (const list of watchlists) {
      if (random() >= visitChance) continue;
      const { quotes, pending } = market.quotesFor(realtimeViewer, list);
      window?.record(quotes, pending.length);
    }
    market.refreshDue();
    await market.settled();
  }
} finally {
  await market.stop();
  await finnhub.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
const wallSeconds = (performance.now() - wallStarted) / 1000;

const perMinute = new Array<number>(durationMs / 60_000).fill(0);
for (const time of finnhub.callTimes) {
  const minute = Math.floor((time - start) / 60_000);
  if (minute >= 0 && minute < perMinute.length) perMinute[minute]! += 1;
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const share = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
const byPopularity = (shown: Shown, from: number, to: number) => {
  const group = universe
    .slice(from, to)
    .flatMap((symbol) => shown.bySymbol.get(symbol) ?? [])
    .sort((a, b) => a - b);
  return `p50 ${seconds(percentile(group, 0.5))}, p95 ${seconds(percentile(group, 0.95))} (${group.length} quotes shown)`;
};
const report = (shown: Shown) => {
  const ages = shown.ages.sort((a, b) => a - b);
  console.log(
    `  ${shown.views} watchlist views, ${ages.length} quotes shown, ` +
      `${shown.pending} not yet priced (${share(shown.pending, ages.length + shown.pending)})`,
  );
  console.log(
    `  age of quotes served, weighted by views: p50 ${seconds(percentile(ages, 0.5))}, ` +
      `p95 ${seconds(percentile(ages, 0.95))}, max ${seconds(ages.at(-1) ?? 0)}`,
  );
  console.log(`    50 most popular symbols: ${byPopularity(shown, 0, 50)}`);
  console.log(`    symbols 51-200:          ${byPopularity(shown, 50, 200)}`);
  console.log(`    symbols 201-500:         ${byPopularity(shown, 200, 500)}`);
};
const maxMinute = finnhub.maxCallsWithin(60_000);
const maxSecond = finnhub.maxCallsWithin(1_000);

console.log(
  `${users} users, watchlists of ${listSize} of ${universeSize} symbols (Zipf s=${zipfExponent}): ` +
    `${listed.size} distinct symbols listed; ${durationMs / 60_000} min of market time in ${wallSeconds.toFixed(1)} s`,
);
console.log(
  `upstream: ${finnhub.calls.total} calls (${finnhub.calls.quote} quotes), ` +
    `${finnhub.calls.rateLimited} refused for rate; busiest 60 s window ${maxMinute} calls ` +
    `(budget ${budgetPerMinute}), busiest 1 s window ${maxSecond} (limit 30)`,
);
console.log(`calls per minute: ${perMinute.join(' ')}`);
const firstQuotes = [...listed.keys()]
  .map((symbol) => firstPriced.get(symbol) ?? Number.POSITIVE_INFINITY)
  .sort((a, b) => a - b);
console.log(
  `cold start: every listed symbol priced after ${seconds(firstQuotes.at(-1) ?? 0)} ` +
    `(half of them after ${seconds(percentile(firstQuotes, 0.5))})`,
);
windows.forEach(({ name }, index) => {
  console.log(`${name}:`);
  report(measured[index]!);
});
const withinBudget = maxMinute <= budgetPerMinute && finnhub.calls.rateLimited === 0;
console.log(withinBudget ? 'budget: kept' : 'budget: EXCEEDED');
if (!withinBudget) process.exitCode = 1;
