import { analysisResponseSchema, writtenAnalysisResponseSchema } from '@tickerwise/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analystRequests } from '../../../test/analyst-requests.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { analysisOpens, usage } from '../../db/schema/index.ts';

/** The AI analyst over HTTP with the built-in writer (no language model configured). */

const clock = testClock();
let testApp: TestApp;
let baseUrl: string;
const { overview, open, ask, userOn } = analystRequests(
  () => testApp,
  () => baseUrl,
);

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => testApp.close());
afterEach(() => clock.reset());

const db = () => testApp.db.database.db;

/** Sets how many AI credits the user has used today. */
async function setUsed(user: SignedUpUser, count: number) {
  const now = clock();
  const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  await db()
    .insert(usage)
    .values({ userId: user.id, quota: 'aiCalls', periodStart, count })
    .onConflictDoUpdate({
      target: [usage.userId, usage.quota, usage.periodStart],
      set: { count },
    });
}

describe('GET /api/stocks/:symbol/analysis', () => {
  it('gives a free user the rating, the figures and the checks, and an upgrade prompt', async () => {
    const user = await userOn('free');
    const response = await overview('aapl', user);
    expect(response.status).toBe(200);
    const body = analysisResponseSchema.parse(response.json);
    expect(body.symbol).toBe('AAPL');
    expect(body.priceSource).toBe('simulated');
    expect(body.rating.votes).toHaveLength(26);
    expect(body.rating.overall.label).not.toBeNull();
    expect(body.rating.date).toBe(body.dataDate);
    expect(body.figures.returns).toHaveLength(6);
    expect(body.figures.benchmark.symbol).toBe('SPY');
    expect(body.figures.benchmark.beta).not.toBeNull();
    expect(body.checks).toHaveLength(15);
    expect(body.company).toMatchObject({ source: 'simulated' });
    expect(body.written).toMatchObject({ status: 'upgrade_required', requiredTier: 'pro' });
    expect(body.ask).toMatchObject({ available: false, reason: 'upgrade_required' });
    expect(body.credits).toMatchObject({ used: 0, limit: 0 });
    expect(body.disclaimer).toBe('Not investment advice.');
  });

  it('tells a paid user the written analysis costs one credit, and that no model is connected', async () => {
    const user = await userOn('alpha');
    const body = analysisResponseSchema.parse((await overview('MSFT', user)).json);
    expect(body.written).toEqual({ status: 'available', cost: 1, writer: 'built_in', model: null });
    expect(body.ask).toMatchObject({ available: false, reason: 'no_model' });
    expect(body.ask.message).toMatch(/has not connected a language model/);
    expect(body.credits).toMatchObject({ used: 0, limit: 200 });
  });

  it('answers 404 for a symbol the app does not serve, and 401 without a session', async () => {
    const user = await userOn('alpha');
    expect((await overview('ZZZZZ', user)).status).toBe(404);
    expect((await overview('not a symbol', user)).status).toBe(404);
    expect((await open('ZZZZZ', user)).status).toBe(404);
    expect((await overview('AAPL')).status).toBe(401);
    expect((await open('AAPL')).status).toBe(401);
    expect((await ask('AAPL', 'What is the trend?')).status).toBe(401);
  });
});

describe('opening the written analysis', () => {
  it('refuses a free user with 402 and the plan to upgrade to', async () => {
    const user = await userOn('free');
    const response = await open('AAPL', user);
    expect(response.status).toBe(402);
    expect(response.json?.error).toMatchObject({ code: 'upgrade_required', requiredTier: 'pro' });
  });

  it('costs a Pro user one credit on the first open of the day, and nothing to read again', async () => {
    const user = await userOn('pro');
    const first = await open('AAPL', user);
    expect(first.status).toBe(200);
    const body = writtenAnalysisResponseSchema.parse(first.json);
    expect(body).toMatchObject({ charged: true, credits: { used: 1, limit: 50 } });
    expect(body.analysis).toMatchObject({ writer: 'built_in', model: null, fallback: null });
    expect(body.analysis.sections).toHaveLength(5);

    const again = writtenAnalysisResponseSchema.parse((await open('AAPL', user)).json);
    expect(again).toMatchObject({ charged: false, credits: { used: 1 } });
    expect(again.analysis).toEqual(body.analysis);
    const read = analysisResponseSchema.parse((await overview('AAPL', user)).json);
    expect(read.written).toEqual({ status: 'ready', analysis: body.analysis });
    expect(read.credits.used).toBe(1);
  });

  it('streams the analysis as Server-Sent Events: start, text, done', async () => {
    const user = await userOn('alpha');
    const response = await open('GOOGL', user, true);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = response.events ?? [];
    expect(events[0]).toMatchObject({ event: 'start', data: { charged: true } });
    expect(events.at(-1)?.event).toBe('done');
    const text = events
      .filter((event) => event.event === 'text')
      .map((event) => event.data.text)
      .join('');
    const done = writtenAnalysisResponseSchema.parse(events.at(-1)?.data);
    expect(text).toContain(`## Summary\n\n${done.analysis.sections[0]?.text}`);
    expect(done.credits.used).toBe(1);
  });

  it('counts exactly the credits left when 50 opens of 10 stocks arrive at once', async () => {
    const user = await userOn('pro');
    await setUsed(user, 43);
    const symbols = ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'TSLA', 'NVDA', 'META', 'JPM', 'V', 'KO'];
    // Each stock's history is stored first, so the race is over credits alone.
    for (const symbol of symbols) await overview(symbol, user);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => open(symbols[index % 10] as string, user)),
    );
    const opened = await db().select().from(analysisOpens).where(eq(analysisOpens.userId, user.id));
    expect(opened).toHaveLength(7);
    const [counted] = await db()
      .select({ count: usage.count })
      .from(usage)
      .where(and(eq(usage.userId, user.id), eq(usage.quota, 'aiCalls')));
    expect(counted?.count).toBe(50);
    const openedSymbols = new Set(opened.map((row) => row.symbol));
    responses.forEach((response, index) => {
      const symbol = symbols[index % 10] as string;
      if (response.status === 200) expect(openedSymbols.has(symbol)).toBe(true);
      else expect(response.status).toBe(429);
    });
    expect(responses.filter((response) => response.json?.charged === true)).toHaveLength(7);
  });

  it('answers 429 with the reset time when the day’s credits are used up, and starts again the next day', async () => {
    clock.set(new Date('2031-03-14T23:59:00Z'));
    const user = await userOn('pro');
    await open('AAPL', user);
    await setUsed(user, 50);
    const refused = await open('MSFT', user);
    expect(refused.status).toBe(429);
    expect(refused.json?.error).toMatchObject({
      code: 'quota_exceeded',
      resetsAt: '2031-03-15T00:00:00.000Z',
    });
    expect(refused.headers.get('retry-after')).toBe('60');
    // Reading what was opened today stays free.
    expect((await open('AAPL', user)).status).toBe(200);
    const blocked = analysisResponseSchema.parse((await overview('MSFT', user)).json);
    expect(blocked.written).toMatchObject({
      status: 'quota_exceeded',
      resetsAt: '2031-03-15T00:00:00.000Z',
    });

    clock.set(new Date('2031-03-15T00:00:01Z'));
    const nextDay = writtenAnalysisResponseSchema.parse((await open('MSFT', user)).json);
    expect(nextDay).toMatchObject({ charged: true, credits: { used: 1, limit: 50 } });
    // A stock opened yesterday costs a credit again today.
    const yesterdays = writtenAnalysisResponseSchema.parse((await open('AAPL', user)).json);
    expect(yesterdays).toMatchObject({ charged: true, credits: { used: 2 } });
  });
});

describe('asking about a stock without a language model', () => {
  it('says the operator has not connected one', async () => {
    const user = await userOn('alpha');
    const response = await ask('AAPL', 'What does the RSI say?', user);
    expect(response.status).toBe(409);
    expect(response.json?.error?.code).toBe('model_not_connected');
    expect((await testApp.app.entitlements.usageOf(user, 'aiCalls')).used).toBe(0);
  });

  it('refuses a free user with 402 and a bad question with 400', async () => {
    expect((await ask('AAPL', 'What is the trend?', await userOn('free'))).status).toBe(402);
    const user = await userOn('alpha');
    const empty = await ask('AAPL', ' ', user);
    expect(empty.status).toBe(400);
    expect(empty.json?.error?.fields).toHaveProperty('question');
    expect((await ask('AAPL', 'x'.repeat(501), user)).status).toBe(400);
    expect((await ask('AAPL', 42, user)).status).toBe(400);
  });
});

describe('the analysis tables', () => {
  it('forget a user’s opens when the user is deleted', async () => {
    const user = await userOn('alpha');
    await open('AAPL', user);
    await db().execute(sql`delete from "user" where id = ${user.id}`);
    const left = await db().select().from(analysisOpens).where(eq(analysisOpens.userId, user.id));
    expect(left).toEqual([]);
  });
});
