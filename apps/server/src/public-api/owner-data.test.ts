import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from '../../test/fake-llm.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../test/test-app.ts';
import { defaultModelConcurrency } from '../config.ts';
import { usage } from '../db/schema/index.ts';
import { setTier } from '../modules/profiles/service.ts';

/**
 * The key owner's own things through the public API: the same answers as the screens' routes,
 * and AI credits counted once between the two (docs/PRODUCT.md §3.20).
 */

let testApp: TestApp;
let user: SignedUpUser;
let secret: string;

let llm: FakeLlm;

beforeAll(async () => {
  // A language model writes the analyses: only its text costs a credit.
  llm = await startFakeLlm();
  testApp = await createTestApp({
    config: {
      analyst: {
        model: { baseUrl: llm.url, apiKey: llm.apiKey, model: llm.model },
        timeoutMs: 5_000,
        ...defaultModelConcurrency,
      },
    },
  });
  user = await signUpUser(testApp.app);
  await setTier(testApp.db.database.db, user.id, 'enterprise');
  secret = (
    await testApp.app.apiKeys.create(user.id, { name: 'Own data', password: user.password })
  ).secret;
});
afterAll(async () => {
  await testApp.close();
  await llm.close();
});

async function screen(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, origin: testOrigin },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

async function api(path: string, expected = 200) {
  const response = await testApp.app.inject({
    // The written analysis may spend a credit: a POST, like the screen's.
    method: path.endsWith('/analysis/written') ? 'POST' : 'GET',
    url: `/api/v1${path}`,
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(expected);
  return response.json();
}

describe('analysis through a key', () => {
  it('reads the analysis for free, and charges the first open of a written analysis each day once, whichever way it is opened', async () => {
    const read = await api('/stocks/AAPL/analysis');
    expect(read).toMatchObject({
      symbol: 'AAPL',
      written: { status: 'available', cost: 1 },
      credits: { used: 0 },
    });
    expect((await api('/stocks/AAPL/analysis')).credits.used).toBe(0);

    const first = await api('/stocks/AAPL/analysis/written');
    expect(first).toMatchObject({ charged: true, credits: { used: 1 } });
    expect(first.analysis.sections.length).toBeGreaterThan(0);
    const again = await api('/stocks/AAPL/analysis/written');
    expect(again).toMatchObject({ charged: false, credits: { used: 1 } });
    expect(again.analysis).toEqual(first.analysis);
    // The stock page sees the open made through the key: ready, and free to open again.
    const page = await screen('GET', '/api/stocks/AAPL/analysis');
    expect(page.written).toEqual({ status: 'ready', analysis: first.analysis });
    expect(await screen('POST', '/api/stocks/AAPL/analysis/written')).toMatchObject({
      charged: false,
      credits: { used: 1 },
    });
    expect((await api('/stocks/AAPL/analysis')).written).toEqual(page.written);

    // Opened on the screen first, the key reads it without a second credit.
    expect(await screen('POST', '/api/stocks/MSFT/analysis/written')).toMatchObject({
      charged: true,
      credits: { used: 2 },
    });
    expect(await api('/stocks/MSFT/analysis/written')).toMatchObject({
      charged: false,
      credits: { used: 2 },
    });
    const usage = await screen('GET', '/api/me/usage');
    expect(usage.quotas.aiCalls.used).toBe(2);
  });

  it('with the day’s credits used up, refuses a new open with 429 and still rereads one opened today', async () => {
    expect((await api('/stocks/AAPL/analysis/written')).charged).toBe(false);
    const { db } = testApp.db.database;
    await db.update(usage).set({ count: 200 }).where(eq(usage.userId, user.id));
    const refused = await api('/stocks/KO/analysis/written', 429);
    expect(refused.error).toMatchObject({ code: 'quota_exceeded', resetsAt: expect.any(String) });
    expect((await api('/stocks/KO/analysis')).written).toMatchObject({ status: 'quota_exceeded' });
    expect(await api('/stocks/AAPL/analysis/written')).toMatchObject({
      charged: false,
      credits: { used: 200, limit: 200 },
    });
    await db.update(usage).set({ count: 2 }).where(eq(usage.userId, user.id));
  });

  it('answers 404 for a symbol it does not serve, and spends nothing', async () => {
    await api('/stocks/NOPE/analysis/written', 404);
    expect((await api('/stocks/AAPL/analysis')).credits.used).toBe(2);
  });
});

describe('watchlists, alerts and portfolios through a key', () => {
  it('answer what the screens answer', async () => {
    const { watchlist } = await screen('POST', '/api/watchlists', { name: 'Dividends' });
    await screen('POST', `/api/watchlists/${watchlist.id}/symbols`, { symbol: 'KO' });
    await screen('POST', `/api/watchlists/${watchlist.id}/symbols`, { symbol: 'MSFT' });
    const { alert } = await screen('POST', '/api/alerts', {
      symbol: 'KO',
      condition: { kind: 'price_below', level: 1 },
      repeat: 'daily',
    });
    await screen('POST', '/api/alerts', {
      symbol: 'MSFT',
      condition: { kind: 'change_up', percent: 50 },
    });
    const { portfolio } = await screen('POST', '/api/portfolios', { name: 'Income' });
    const ledger = `/api/portfolios/${portfolio.id}/transactions`;
    await screen('POST', ledger, { kind: 'deposit', date: '2025-06-02', amount: '5000' });
    await screen('POST', ledger, {
      kind: 'buy',
      date: '2025-06-03',
      symbol: 'KO',
      quantity: '20',
      price: '62.5',
    });
    await screen('POST', ledger, {
      kind: 'dividend',
      date: '2025-07-01',
      symbol: 'KO',
      amount: '10.2',
    });

    const pairs: [string, string][] = [
      ['/watchlists', '/api/watchlists'],
      [`/watchlists/${watchlist.id}`, `/api/watchlists/${watchlist.id}`],
      ['/alerts', '/api/alerts'],
      ['/alerts?symbol=ko', '/api/alerts?symbol=KO'],
      [`/alerts/${alert.id}`, `/api/alerts/${alert.id}`],
      ['/portfolios', '/api/portfolios'],
      ['/portfolios/summary', '/api/portfolios/summary'],
      [`/portfolios/${portfolio.id}`, `/api/portfolios/${portfolio.id}`],
      [`/portfolios/${portfolio.id}/holdings`, `/api/portfolios/${portfolio.id}/holdings`],
      [
        `/portfolios/${portfolio.id}/transactions?limit=2`,
        `/api/portfolios/${portfolio.id}/transactions?limit=2`,
      ],
      [
        `/portfolios/${portfolio.id}/performance?range=1y`,
        `/api/portfolios/${portfolio.id}/performance?range=1y`,
      ],
    ];
    for (const [path, screenPath] of pairs) {
      expect(await api(path), path).toEqual(await screen('GET', screenPath));
    }
    const list = await api('/alerts?symbol=ko');
    expect(list.alerts).toHaveLength(1);
    expect(list.alerts[0]).toMatchObject({ symbol: 'KO', repeat: 'daily', state: 'armed' });
    const page = await api(`/portfolios/${portfolio.id}/transactions?limit=2`);
    expect(page).toMatchObject({ total: 3, next: expect.any(String) });
    expect(page.transactions.map((row: { kind: string }) => row.kind)).toEqual(['dividend', 'buy']);
  });

  it('refuses bad parameters with a 400 that names them', async () => {
    expect((await api('/alerts?symbol=not%20a%20ticker', 400)).error.code).toBe('invalid_symbol');
    const { portfolios } = await api('/portfolios');
    const id = portfolios[0].id;
    expect((await api(`/portfolios/${id}/performance?range=2w`, 400)).error.fields).toHaveProperty(
      'range',
    );
    expect((await api(`/portfolios/${id}/transactions?limit=0`, 400)).error.fields).toHaveProperty(
      'limit',
    );
    await api('/portfolios/not-an-id/holdings', 404);
    await api('/watchlists/not-an-id', 404);
    await api('/alerts/not-an-id', 404);
  });

  it('refuses a page cursor that is not one it gave, rather than answering the first page', async () => {
    const { portfolios } = await api('/portfolios');
    const transactions = `/portfolios/${portfolios[0].id}/transactions?limit=1`;
    const { next } = await api(transactions);
    expect((await api(`${transactions}&before=${next}`)).transactions).toHaveLength(1);
    const forged = Buffer.from('2025-06-03|x').toString('base64url');
    for (const before of ['garbage', '', forged, `${next}!!`]) {
      const refused = await api(`${transactions}&before=${encodeURIComponent(before)}`, 400);
      expect(refused.error).toEqual({
        code: 'validation_failed',
        message: 'This page cursor is not valid: pass the `next` of the previous page.',
        fields: { before: 'This page cursor is not valid: pass the `next` of the previous page.' },
      });
    }
  });

  it('refuses a malformed symbol with a 400, and answers 404 only for a ticker nobody lists', async () => {
    for (const path of [
      '/quotes/%24%24%24',
      '/stocks/AAPL%3Cscript%3E',
      '/stocks/1ABC/history?range=1m',
      '/stocks/TOOLONGSYMBOL/company',
      '/stocks/a..b/analysis',
    ]) {
      const refused = await api(path, 400);
      expect(refused.error, path).toMatchObject({
        code: 'validation_failed',
        fields: { symbol: expect.stringMatching(/^This is not a ticker symbol/) },
      });
      expect(refused.error.message, path).toMatch(/^This is not a ticker symbol/);
    }
    expect((await api('/quotes/brk-b')).quote.symbol).toBe('BRK.B');
    await api('/quotes/ZZZZ', 404);
  });
});
