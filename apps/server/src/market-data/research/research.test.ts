import {
  earningsResponseSchema,
  filingsResponseSchema,
  newsResponseSchema,
} from '@tickerwise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appleFilings, type FakeEdgar, startFakeEdgar } from '../../../test/fake-edgar.ts';
import {
  type FakeFinnhub,
  type FakeNewsItem,
  startFakeFinnhub,
} from '../../../test/fake-finnhub.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';

/**
 * News, earnings and filings over HTTP against fakes of Finnhub and EDGAR that speak their
 * wire formats: each source asked at most once per symbol per hour however many readers,
 * within the call budget, and an outage answered with the last figures and their date (or an
 * honest "unavailable"), never a 5xx.
 */

const clock = testClock();
const start = new Date('2026-03-16T15:00:00Z');
const epochS = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const minutes = (count: number) => new Date(clock().getTime() + count * 60_000);

function headline(id: number, iso: string, text: string): FakeNewsItem {
  return {
    category: 'company',
    datetime: epochS(iso),
    headline: text,
    id,
    image: 'https://static2.finnhub.io/file/publicdatany/finnhubimage/stock_logo/AAPL.png',
    related: 'AAPL',
    source: 'Reuters',
    summary: `${text}, the summary.`,
    url: `https://www.reuters.com/technology/story-${id}`,
  };
}

let finnhub: FakeFinnhub;
let edgar: FakeEdgar;
let testApp: TestApp;
let user: SignedUpUser;

async function get(path: string, who: SignedUpUser | null = user) {
  const response = await testApp.app.inject({
    url: path,
    headers: who ? { cookie: who.cookie } : {},
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

beforeAll(async () => {
  clock.set(start);
  finnhub = await startFakeFinnhub({ now: () => clock().getTime() });
  edgar = await startFakeEdgar();
  testApp = await createTestApp({
    clock,
    config: {
      market: { provider: 'finnhub', apiKey: finnhub.apiKey, baseUrl: finnhub.url, stream: null },
      filings: { provider: 'edgar', baseUrl: edgar.url },
    },
  });
  user = await signUpUser(testApp.app);
});
afterAll(async () => {
  await testApp.close();
  await finnhub.close();
  await edgar.close();
  clock.reset();
});
beforeEach(() => {
  finnhub.recover();
  edgar.recover();
});

describe('company news from Finnhub', () => {
  it('lists the week’s headlines newest first, with publisher, time, link and as of', async () => {
    finnhub.setNews('AAPL', [
      headline(1, '2026-03-12T13:00:00Z', 'Apple opens a new campus'),
      headline(2, '2026-03-16T12:30:00Z', 'Apple shares rise after product event'),
      headline(3, '2026-02-01T12:00:00Z', 'An old story outside the week'),
    ]);
    const { status, body } = await get('/api/stocks/aapl/news');
    expect(status).toBe(200);
    const news = newsResponseSchema.parse(body);
    expect(news).toMatchObject({
      symbol: 'AAPL',
      source: 'finnhub',
      status: 'ok',
      message: null,
      asOf: start.toISOString(),
    });
    expect(news.items).toEqual([
      {
        headline: 'Apple shares rise after product event',
        summary: 'Apple shares rise after product event, the summary.',
        publisher: 'Reuters',
        url: 'https://www.reuters.com/technology/story-2',
        publishedAt: '2026-03-16T12:30:00.000Z',
      },
      expect.objectContaining({ headline: 'Apple opens a new campus' }),
    ]);
  });

  it('asks Finnhub once per symbol per hour, however many readers ask at once', async () => {
    const before = finnhub.calls.news;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => get('/api/stocks/MSFT/news')),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    await get('/api/stocks/MSFT/news');
    expect(finnhub.calls.news - before).toBe(1);
    clock.set(minutes(59));
    await get('/api/stocks/MSFT/news');
    expect(finnhub.calls.news - before).toBe(1);
    clock.set(minutes(2));
    await get('/api/stocks/MSFT/news');
    expect(finnhub.calls.news - before).toBe(2);
  });

  it('serves the last headlines with their date when Finnhub fails, and says so', async () => {
    const fresh = newsResponseSchema.parse((await get('/api/stocks/AAPL/news')).body);
    clock.set(minutes(61));
    for (const failure of ['server_error', 'rate_limited'] as const) {
      finnhub.fail(failure);
      const { status, body } = await get('/api/stocks/AAPL/news');
      expect(status).toBe(200);
      const stale = newsResponseSchema.parse(body);
      expect(stale).toMatchObject({ status: 'stale', asOf: fresh.asOf, items: fresh.items });
      expect(stale.message).toMatch(/^Finnhub could not be reached just now/);
    }
  });

  it('answers "unavailable" with no headlines when Finnhub fails and none are kept', async () => {
    finnhub.fail('server_error');
    const { status, body } = await get('/api/stocks/GOOGL/news');
    expect(status).toBe(200);
    expect(newsResponseSchema.parse(body)).toMatchObject({
      status: 'unavailable',
      asOf: null,
      items: [],
      message:
        'Finnhub could not be reached for GOOGL’s headlines. Please try again in a few minutes.',
    });
  });

  it('answers 404 for a symbol it does not serve and 401 without a session', async () => {
    expect((await get('/api/stocks/ZZZZZ/news')).status).toBe(404);
    expect((await get('/api/stocks/AAPL/news', null)).status).toBe(401);
  });
});

describe('earnings from Finnhub', () => {
  it('gives the next report and past quarters with estimate, actual and surprise', async () => {
    finnhub.setEarningsCalendar('NVDA', [
      {
        date: '2026-03-26',
        epsActual: null,
        epsEstimate: 0.89,
        hour: 'amc',
        quarter: 4,
        revenueActual: null,
        revenueEstimate: 43_200_000_000,
        symbol: 'NVDA',
        year: 2025,
      },
    ]);
    finnhub.setEarnings('NVDA', [
      {
        actual: 0.78,
        estimate: 0.75,
        period: '2025-09-30',
        quarter: 3,
        surprise: 0.03,
        surprisePercent: 4,
        symbol: 'NVDA',
        year: 2025,
      },
      {
        actual: 0.81,
        estimate: 0.85,
        period: '2025-12-31',
        quarter: 4,
        surprise: -0.04,
        surprisePercent: -4.7059,
        symbol: 'NVDA',
        year: 2025,
      },
    ]);
    const earnings = earningsResponseSchema.parse((await get('/api/stocks/NVDA/earnings')).body);
    expect(earnings).toMatchObject({ source: 'finnhub', status: 'ok' });
    expect(earnings.next).toEqual({
      date: '2026-03-26',
      hour: 'amc',
      quarter: 4,
      year: 2025,
      epsEstimate: 0.89,
      revenueEstimate: 43_200_000_000,
    });
    expect(earnings.history.map((result) => result.period)).toEqual(['2025-12-31', '2025-09-30']);
    expect(earnings.history[0]).toMatchObject({
      epsActual: 0.81,
      epsEstimate: 0.85,
      surprise: -0.04,
    });
  });

  it('says a fund reports no earnings, without asking Finnhub', async () => {
    const before = finnhub.calls.earnings;
    const fund = earningsResponseSchema.parse((await get('/api/stocks/SPY/earnings')).body);
    expect(fund).toMatchObject({ status: 'not_offered', source: null, next: null, history: [] });
    expect(fund.message).toBe('SPY is a fund: funds report no earnings.');
    expect(finnhub.calls.earnings).toBe(before);
  });
});

describe('filings from EDGAR', () => {
  it('lists 10-K, 10-Q and 8-K filings with links to the documents, naming a contact as the SEC asks', async () => {
    const filings = filingsResponseSchema.parse((await get('/api/stocks/AAPL/filings')).body);
    expect(filings).toMatchObject({ source: 'sec_edgar', status: 'ok', cik: '0000320193' });
    expect(filings.items.map((filing) => filing.form)).toEqual(['10-K', '8-K', '10-Q']);
    expect(filings.items[0]).toEqual({
      form: '10-K',
      filedOn: '2025-10-31',
      reportDate: '2025-09-27',
      accessionNumber: '0000320193-25-000079',
      description: '10-K',
      url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/aapl-20250927.htm',
    });
    expect(edgar.userAgents.at(-1)).toBe('Tickerwise no-reply@127.0.0.1');
    expect(appleFilings).toHaveLength(4);
  });

  it('keeps serving the filings with their date through an outage, once an hour at most', async () => {
    const before = edgar.calls;
    const fresh = filingsResponseSchema.parse((await get('/api/stocks/AAPL/filings')).body);
    expect(edgar.calls).toBe(before);
    clock.set(minutes(61));
    edgar.fail('server_error');
    const stale = filingsResponseSchema.parse((await get('/api/stocks/AAPL/filings')).body);
    expect(stale).toMatchObject({ status: 'stale', asOf: fresh.asOf, items: fresh.items });
    // Not asked again for a while after a failure.
    await get('/api/stocks/AAPL/filings');
    expect(edgar.calls).toBe(before + 1);
  });

  it('says a fund and a company without a CIK on file have no filings listed', async () => {
    const fund = filingsResponseSchema.parse((await get('/api/stocks/QQQ/filings')).body);
    expect(fund).toMatchObject({ status: 'not_offered', cik: null, items: [] });
    expect(fund.message).toBe('QQQ is a fund: funds do not file 10-K, 10-Q or 8-K reports.');
    const unknown = filingsResponseSchema.parse((await get('/api/stocks/MSFT/filings')).body);
    // MSFT has a CIK, but the fake EDGAR does not know it: 404 there, "unavailable" here.
    expect(unknown).toMatchObject({ status: 'unavailable', cik: '0000789019', items: [] });
  });
});

describe('research on an offline server', () => {
  let offline: TestApp;
  let reader: SignedUpUser;
  beforeAll(async () => {
    offline = await createTestApp();
    reader = await signUpUser(offline.app);
  });
  afterAll(() => offline.close());

  it('says there is no news, earnings or filings source, and why', async () => {
    const read = async (path: string) =>
      (await offline.app.inject({ url: path, headers: { cookie: reader.cookie } })).json();
    expect(newsResponseSchema.parse(await read('/api/stocks/AAPL/news'))).toMatchObject({
      status: 'not_offered',
      source: null,
      items: [],
      message:
        'Company news comes from Finnhub. This server runs offline on simulated prices, so it shows no headlines.',
    });
    expect(earningsResponseSchema.parse(await read('/api/stocks/AAPL/earnings'))).toMatchObject({
      status: 'not_offered',
    });
    expect(filingsResponseSchema.parse(await read('/api/stocks/AAPL/filings'))).toMatchObject({
      status: 'not_offered',
      cik: '0000320193',
      message: 'Filings come from SEC EDGAR, which this server does not reach: it runs offline.',
    });
  });
});
