// Part 2 of the analysis benchmark: 1,000 signed-in users (Alpha Tester plan, 200 AI credits a
// day) arriving over one minute, each opening the AI analysis of one of the same 10 stocks
// (GET the analysis, then POST the written analysis and read its stream to the end), against
// a fake OpenAI-compatible model on 127.0.0.1 that writes slowly, as real models do.
// Run: npm run bench:analysis-serve
// Targets: at most 10 model calls (one per stock); p99 of the stored reads under 20 ms.
import { inviteCodes } from '@tickerwise/testkit';
import { startFakeLlm } from '../../apps/server/test/fake-llm.ts';
import { percentile, signUpAccounts, startBenchApp } from '../support/bench-app.ts';

const users = 1_000;
const stocks = ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'TSLA', 'NVDA', 'META', 'JPM', 'V', 'KO'];
const arrivalMs = 60_000;

const llm = await startFakeLlm();
// About 150 pieces 10 ms apart: a model that takes 1.5 s to write an analysis.
llm.setChunkDelay(10);
const app = await startBenchApp({
  LLM_BASE_URL: llm.url,
  LLM_API_KEY: llm.apiKey,
  LLM_MODEL: llm.model,
});
try {
  const signUpStarted = Date.now();
  const cookies = await signUpAccounts(
    app.url,
    users,
    'alpha',
    await inviteCodes(app.dataDir, users),
  );
  console.log(
    `signed up ${users} Alpha Tester accounts in ${((Date.now() - signUpStarted) / 1000).toFixed(1)} s`,
  );

  // The stocks' price history is stored before the minute starts: filling it is the market
  // data's work (bench:history measures it), not the analyst's.
  for (const symbol of stocks) {
    const warm = await fetch(`${app.url}/api/stocks/${symbol}/analysis`, {
      headers: { cookie: cookies[0]!, origin: app.url },
    });
    if (!warm.ok) throw new Error(`warming ${symbol} failed: ${warm.status}`);
    await warm.arrayBuffer();
  }

  /** When each stock's written analysis was first complete: later opens read the stored one. */
  const storedAt = new Map<string, number>();
  const statuses = new Map<string, number>();
  const overviews: number[] = [];
  const opens: { ms: number; stored: boolean; firstText: number }[] = [];
  const bare: number[] = [];
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);

  async function visit(user: number): Promise<void> {
    const symbol = stocks[user % stocks.length]!;
    const headers = { cookie: cookies[user]!, origin: app.url };
    try {
      const overviewSent = performance.now();
      const overview = await fetch(`${app.url}/api/stocks/${symbol}/analysis`, { headers });
      await overview.arrayBuffer();
      overviews.push(performance.now() - overviewSent);
      count(`GET ${overview.status}`);

      const sent = performance.now();
      const stored = (storedAt.get(symbol) ?? Number.POSITIVE_INFINITY) <= sent;
      const response = await fetch(`${app.url}/api/stocks/${symbol}/analysis/written`, {
        method: 'POST',
        headers: { ...headers, accept: 'text/event-stream', 'content-type': 'application/json' },
        body: '{}',
      });
      const reader = response.body!.getReader();
      let firstText = 0;
      let body = '';
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        body += decoder.decode(value, { stream: true });
        if (!firstText && body.includes('event: text')) firstText = performance.now() - sent;
      }
      const doneAt = performance.now();
      const complete = response.status === 200 && body.includes('event: done');
      count(`POST ${response.status}${complete ? '' : ' incomplete'}`);
      if (complete && !storedAt.has(symbol)) storedAt.set(symbol, doneAt);
      opens.push({ ms: doneAt - sent, stored, firstText });

      const bareSent = performance.now();
      await fetch(`${app.url}/api/bench/bare`).then((answer) => answer.arrayBuffer());
      bare.push(performance.now() - bareSent);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      count(`failed ${cause?.code ?? String(error)}`);
    }
  }

  const started = Date.now();
  await Promise.all(
    Array.from({ length: users }, async (_, user) => {
      await new Promise((resolve) => setTimeout(resolve, (user * arrivalMs) / users));
      await visit(user);
    }),
  );
  const seconds = (Date.now() - started) / 1000;

  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const storedReads = sorted(opens.filter((open) => open.stored).map((open) => open.ms));
  const writes = sorted(opens.filter((open) => !open.stored).map((open) => open.ms));
  const firstText = sorted(opens.filter((open) => !open.stored).map((open) => open.firstText));
  const overviewTimes = sorted(overviews);
  const bareTimes = sorted(bare);
  const line = (label: string, values: number[]) =>
    `  ${label.padEnd(44)} n ${String(values.length).padStart(4)}   p50 ${percentile(values, 0.5).toFixed(1).padStart(7)} ms   p99 ${percentile(values, 0.99).toFixed(1).padStart(7)} ms`;

  console.log(
    `analysis serve: ${users} signed-in users over ${seconds.toFixed(0)} s, each opening one of ${stocks.length} stocks' AI analysis (embedded PGlite, fake model writing in 1.5 s)`,
  );
  console.log(`  answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.log(`  model calls: ${llm.requests.length} (target <= ${stocks.length})`);
  console.log(line('stored reads (POST written, read to the end)', storedReads));
  console.log(line('opens that waited for the writing', writes));
  console.log(line('  their first streamed text', firstText));
  console.log(line('GET analysis (rating, figures, checks)', overviewTimes));
  console.log(line('bare route beside them (noise floor)', bareTimes));
  const p99 = percentile(storedReads, 0.99);
  console.log(
    `  stored read p99 / bare route p99: ${(p99 / Math.max(0.1, percentile(bareTimes, 0.99))).toFixed(1)}x`,
  );
  console.log(
    `  targets: model calls <= ${stocks.length}: ${llm.requests.length <= stocks.length ? 'met' : 'NOT met'}; stored read p99 < 20 ms: ${p99 < 20 ? 'met' : 'NOT met'}`,
  );
} finally {
  await app.stop();
  await llm.close();
}
