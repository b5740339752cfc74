// 1,000 signed-in clients poll GET /api/stocks every 60 s for 2 minutes against a fake Finnhub
// on 127.0.0.1 (free key), and we count the calls that reach Finnhub.
// Run: npm run bench:market-fanout   Target: at most 45 upstream calls.
import { startFakeFinnhub } from '../../apps/server/test/fake-finnhub.ts';
import { percentile, signUpAccounts, startBenchApp } from '../support/bench-app.ts';

const clients = 1_000;
const pollEveryMs = 60_000;
const durationMs = 120_000;
const symbols = 5;

const finnhub = await startFakeFinnhub({ plan: 'free' });
const app = await startBenchApp({
  MARKET_PROVIDER: 'finnhub',
  FINNHUB_API_KEY: finnhub.apiKey,
  FINNHUB_BASE_URL: finnhub.url,
});
try {
  const signUpStarted = Date.now();
  const cookies = await signUpAccounts(app.url, clients);
  console.log(
    `signed up ${clients} accounts in ${((Date.now() - signUpStarted) / 1000).toFixed(1)} s`,
  );
  const upstreamBefore = { ...finnhub.calls };
  const firstCall = finnhub.callTimes.length;

  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = Date.now();

  async function poll(client: number) {
    const sent = performance.now();
    let status = 0;
    try {
      const response = await fetch(`${app.url}/api/stocks`, {
        headers: { cookie: cookies[client]! },
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0;
    }
    latencies.push(performance.now() - sent);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }

  // Clients are spread evenly over the minute, as real visitors would be, and each polls
  // every 60 s while the two minutes last.
  const polls: Promise<void>[] = [];
  await new Promise<void>((done) => {
    for (let client = 0; client < clients; client += 1) {
      const offset = (client * pollEveryMs) / clients;
      for (let at = offset; at < durationMs; at += pollEveryMs) {
        setTimeout(() => polls.push(poll(client)), at);
      }
    }
    setTimeout(done, durationMs);
  });
  await Promise.all(polls);
  const elapsed = (Date.now() - started) / 1000;

  const quote = finnhub.calls.quote - upstreamBefore.quote;
  const candle = finnhub.calls.candle - upstreamBefore.candle;
  const rateLimited = finnhub.calls.rateLimited - upstreamBefore.rateLimited;
  const upstream = quote + candle;
  const times = finnhub.callTimes.slice(firstCall);
  const mostIn = (ms: number) => {
    let most = 0;
    for (let start = 0, end = 0; end < times.length; end += 1) {
      while (times[end]! - times[start]! >= ms) start += 1;
      most = Math.max(most, end - start + 1);
    }
    return most;
  };
  const sorted = latencies.sort((a, b) => a - b);
  const ok = statuses.get(200) ?? 0;
  const browserDesign = polls.length * symbols * 2;

  console.log(
    `market-fanout: ${clients} signed-in clients polling GET /api/stocks every ${pollEveryMs / 1000} s for ${elapsed.toFixed(0)} s (Finnhub provider, free key, fake on 127.0.0.1)`,
  );
  console.log(
    `  polls: ${polls.length}, answered 200: ${ok}${ok === polls.length ? '' : ` (others: ${JSON.stringify(Object.fromEntries(statuses))})`}; latency p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms`,
  );
  console.log(
    `  upstream calls: ${upstream} (quote ${quote}, candle ${candle}); answered 429: ${rateLimited}; most in any 1 s: ${mostIn(1_000)}, in any 60 s: ${mostIn(60_000)}`,
  );
  console.log(
    `  a design where each browser polls Finnhub: ${polls.length} polls x ${symbols} symbols x 2 calls = ${browserDesign} upstream calls`,
  );
  console.log(`  target <= 45: ${upstream <= 45 && ok === polls.length ? 'PASS' : 'FAIL'}`);
} finally {
  await app.stop();
  await finnhub.close();
}
