// 1,000 signed-in users each open 10 stock pages (GET /api/stocks/:symbol/news, 10,000
// requests, 50 at a time) against a fake Finnhub on 127.0.0.1 that has headlines for every
// symbol, and we count the /company-news calls that reach Finnhub.
// Run: npm run bench:news   Target: at most one call per symbol (10), every answer 200.
import { startFakeFinnhub } from '../../apps/server/test/fake-finnhub.ts';
import { percentile, signUpAccounts, startBenchApp } from '../support/bench-app.ts';

const users = 1_000;
const pagesPerUser = 10;
const concurrency = 50;
const symbols = ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'TSLA', 'NVDA', 'META', 'JPM', 'V', 'KO'];

const finnhub = await startFakeFinnhub({ plan: 'free' });
const now = Math.floor(Date.now() / 1000);
for (const symbol of symbols) {
  finnhub.setNews(
    symbol,
    Array.from({ length: 30 }, (_, index) => ({
      category: 'company',
      datetime: now - index * 3_600,
      headline: `${symbol} headline ${index}`,
      id: index,
      image: '',
      related: symbol,
      source: 'Reuters',
      summary: `What happened to ${symbol}, part ${index}.`,
      url: `https://www.reuters.com/markets/${symbol.toLowerCase()}-${index}`,
    })),
  );
}
const app = await startBenchApp({
  MARKET_PROVIDER: 'finnhub',
  FINNHUB_API_KEY: finnhub.apiKey,
  FINNHUB_BASE_URL: finnhub.url,
  FINNHUB_STREAM: 'false',
  FILINGS_PROVIDER: 'none',
});
try {
  const cookies = await signUpAccounts(app.url, users);
  const before = finnhub.calls.news;
  const requests: Array<{ user: number; symbol: string }> = [];
  for (let user = 0; user < users; user += 1) {
    for (let page = 0; page < pagesPerUser; page += 1) {
      requests.push({ user, symbol: symbols[(user + page) % symbols.length]! });
    }
  }
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const { user, symbol } = requests[next++]!;
        const sent = performance.now();
        const response = await fetch(`${app.url}/api/stocks/${symbol}/news`, {
          headers: { cookie: cookies[user]! },
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - sent);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const calls = finnhub.calls.news - before;
  const sorted = latencies.sort((a, b) => a - b);
  console.log(
    `news: ${users} users x ${pagesPerUser} stock pages = ${requests.length} requests in ${elapsed.toFixed(1)} s (${(requests.length / elapsed).toFixed(0)} req/s, ${concurrency} at a time)`,
  );
  console.log(
    `  statuses: ${[...statuses].map(([status, count]) => `${status} x${count}`).join(', ')}; p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms`,
  );
  console.log(
    `  Finnhub /company-news calls: ${calls} for ${symbols.length} symbols (target: at most one per symbol per hour) ${calls <= symbols.length ? 'PASS' : 'FAIL'}`,
  );
  if (calls > symbols.length || (statuses.get(200) ?? 0) !== requests.length) process.exitCode = 1;
} finally {
  await app.stop();
  await finnhub.close();
}
