import {
  analysisExampleSchema,
  analysisExampleSymbol,
  analysisResponseSchema,
  askResponseSchema,
  recentAnalysesSchema,
  writtenAnalysisResponseSchema,
} from '@tickerwise/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analystRequests, setCreditsUsed } from '../../../test/analyst-requests.ts';
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

const setUsed = (user: SignedUpUser, count: number) =>
  setCreditsUsed(testApp, user, count, clock());

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

  it('tells a paid user the automated summary is free, and the ask box answers from the figures', async () => {
    const user = await userOn('alpha');
    const body = analysisResponseSchema.parse((await overview('MSFT', user)).json);
    expect(body.written).toEqual({ status: 'available', cost: 0, writer: 'built_in', model: null });
    expect(body.ask).toEqual({
      available: true,
      reason: null,
      message: null,
      writer: 'built_in',
      model: null,
    });
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

describe('GET /api/analysis/example', () => {
  it('gives anyone, without an account, the analysis a Free user reads of the example stock', async () => {
    clock.set(new Date());
    const response = await testApp.app.inject({ url: '/api/analysis/example' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const example = analysisExampleSchema.parse(response.json());
    expect(example.symbol).toBe(analysisExampleSymbol);
    expect(example).toMatchObject({ priceSource: 'simulated', delayMinutes: 15 });
    expect(example).not.toHaveProperty('credits');
    const asFree = analysisResponseSchema.parse(
      (await overview(analysisExampleSymbol, await userOn('free'))).json,
    );
    const { delayed, written, credits, ask, ...shared } = asFree;
    expect(example).toEqual(shared);
  });
});

describe('opening the written analysis', () => {
  it('refuses a free user with 402 and the plan to upgrade to', async () => {
    const user = await userOn('free');
    const response = await open('AAPL', user);
    expect(response.status).toBe(402);
    expect(response.json?.error).toMatchObject({ code: 'upgrade_required', requiredTier: 'pro' });
  });

  it('gives a Pro user the automated summary without using a credit, and records the read', async () => {
    const user = await userOn('pro');
    const first = await open('AAPL', user);
    expect(first.status).toBe(200);
    const body = writtenAnalysisResponseSchema.parse(first.json);
    expect(body).toMatchObject({ charged: false, credits: { used: 0, limit: 50 } });
    expect(body.analysis).toMatchObject({ writer: 'built_in', model: null, fallback: null });
    expect(body.analysis.sections).toHaveLength(5);

    const again = writtenAnalysisResponseSchema.parse((await open('AAPL', user)).json);
    expect(again).toMatchObject({ charged: false, credits: { used: 0 } });
    expect(again.analysis).toEqual(body.analysis);
    const read = analysisResponseSchema.parse((await overview('AAPL', user)).json);
    expect(read.written).toEqual({ status: 'ready', analysis: body.analysis });
    expect(read.credits.used).toBe(0);
    const opened = await db().select().from(analysisOpens).where(eq(analysisOpens.userId, user.id));
    expect(opened.map((row) => row.symbol)).toEqual(['AAPL']);
  });

  it('streams the analysis as Server-Sent Events: start, text, done', async () => {
    const user = await userOn('alpha');
    const response = await open('GOOGL', user, true);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = response.events ?? [];
    expect(events[0]).toMatchObject({ event: 'start', data: { charged: false } });
    expect(events.at(-1)?.event).toBe('done');
    const text = events
      .filter((event) => event.event === 'text')
      .map((event) => event.data.text)
      .join('');
    const done = writtenAnalysisResponseSchema.parse(events.at(-1)?.data);
    expect(text).toContain(`## Summary\n\n${done.analysis.sections[0]?.text}`);
    expect(done).toMatchObject({ charged: false, credits: { used: 0 } });
  });

  it('opens every summary when the day’s AI credits are used up, for none of them', async () => {
    const user = await userOn('pro');
    await setUsed(user, 50);
    const symbols = ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'TSLA'];
    const blocked = analysisResponseSchema.parse((await overview('MSFT', user)).json);
    expect(blocked.written).toMatchObject({ status: 'available', cost: 0 });
    const responses = await Promise.all(symbols.map((symbol) => open(symbol, user)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.every((response) => response.json?.charged === false)).toBe(true);
    const [counted] = await db()
      .select({ count: usage.count })
      .from(usage)
      .where(and(eq(usage.userId, user.id), eq(usage.quota, 'aiCalls')));
    expect(counted?.count).toBe(50);
  });
});

describe('asking about a stock without a language model', () => {
  it('answers a factual question from the computed figures, free, and says who answered', async () => {
    const user = await userOn('alpha');
    const facts = analysisResponseSchema.parse((await overview('AAPL', user)).json);
    const response = await ask('AAPL', 'What was the last close?', user);
    expect(response.status).toBe(200);
    const body = askResponseSchema.parse(response.json);
    expect(body).toMatchObject({ charged: false, credits: { used: 0 } });
    expect(body.answer).toMatchObject({ outcome: 'answered', writer: 'built_in', model: null });
    const close = facts.figures.close.toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    expect(body.answer.answer).toContain(`AAPL closed at $${close}`);

    const pe = askResponseSchema.parse((await ask('AAPL', 'What is the P/E ratio?', user)).json);
    expect(pe.answer.answer).toMatch(
      /^The price to earnings ratio of AAPL is -?\d+\.\d\d \(simulated company data, as of /,
    );
    const rating = askResponseSchema.parse(
      (await ask('AAPL', 'How did the technical rating come out?', user)).json,
    );
    expect(rating.answer.answer).toContain(`The technical rating of AAPL on`);
    expect((await testApp.app.entitlements.usageOf(user, 'aiCalls')).used).toBe(0);
  });

  it('says plainly what it cannot answer, and declines advice, both for free', async () => {
    const user = await userOn('alpha');
    const news = askResponseSchema.parse(
      (await ask('AAPL', 'What did the CEO say on the call?', user, true)).events?.at(-1)?.data,
    );
    expect(news).toMatchObject({ charged: false, answer: { outcome: 'not_covered' } });
    expect(news.answer.answer).toMatch(/^No language model is connected to this server/);
    const advice = askResponseSchema.parse((await ask('AAPL', 'Should I buy AAPL?', user)).json);
    expect(advice).toMatchObject({ charged: false, answer: { outcome: 'refused' } });
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

describe('GET /api/analysis/recent', () => {
  const recent = async (user: SignedUpUser | undefined, query = '') => {
    const response = await fetch(`${baseUrl}/api/analysis/recent${query}`, {
      headers: user ? { cookie: user.cookie } : {},
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('lists the analyses the user read, newest first, once per stock and day', async () => {
    const user = await userOn('pro');
    const other = await userOn('pro');
    const start = new Date();
    clock.set(start);
    await open('AAPL', user);
    clock.set(new Date(start.getTime() + 60_000));
    await open('MSFT', user);
    await open('AAPL', user);
    await open('NVDA', other);
    const { status, body } = await recent(user);
    expect(status).toBe(200);
    const { analyses } = recentAnalysesSchema.parse(body);
    expect(analyses.map((read) => read.symbol)).toEqual(['MSFT', 'AAPL']);
    expect(analyses[1]).toMatchObject({
      name: 'Apple Inc.',
      day: clock().toISOString().slice(0, 10),
    });
    const limited = recentAnalysesSchema.parse((await recent(user, '?limit=1')).body);
    expect(limited.analyses).toHaveLength(1);
  });

  it('is empty for a free user, 400 for a bad limit and 401 without a session', async () => {
    const free = await userOn('free');
    expect(recentAnalysesSchema.parse((await recent(free)).body).analyses).toEqual([]);
    expect((await recent(free, '?limit=500')).status).toBe(400);
    expect((await recent(undefined)).status).toBe(401);
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
