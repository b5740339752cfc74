import { randomBytes } from 'node:crypto';
import {
  type CommunityPost,
  communityRules,
  type HistoryResponse,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { dailyBars, user as users } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';
import { thinned } from './post-charts.ts';

const clock = testClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ clock });
});
afterAll(() => testApp.close());
afterEach(() => clock.reset());

const db = () => testApp.db.database.db;

const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(testApp.app, user, method, url, payload);

/** A member whose account is three days old by the test clock, on `tier`. */
async function member(tier: SubscriptionTier = 'pro'): Promise<SignedUpUser & { handle: string }> {
  const user = await signUpUser(testApp.app);
  if (tier !== 'free') await setTier(db(), user.id, tier);
  const joined = new Date(clock().getTime() - 3 * 86_400_000);
  await db().update(users).set({ createdAt: joined }).where(eq(users.id, user.id));
  const handle = `c_${randomBytes(4).toString('hex')}`;
  const response = await call(user, 'PUT', '/api/community/profile', {
    handle,
    displayName: 'Chart Drawer',
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...user, handle };
}

let counter = 0;
function post(user: SignedUpUser, extra: object = {}, body?: string) {
  counter += 1;
  return call(user, 'POST', '/api/community/posts', {
    body: body ?? `Chart number ${counter} of $AAPL and $MSFT`,
    ...extra,
  });
}

async function history(user: SignedUpUser, symbol: string, range: string) {
  const response = await call(user, 'GET', `/api/stocks/${symbol}/history?range=${range}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as HistoryResponse;
}

describe('thinning a series', () => {
  it('keeps short series whole, and a long one evenly with its first and last points', () => {
    expect(thinned([1, 2, 3], 5)).toEqual([1, 2, 3]);
    const year = Array.from({ length: 252 }, (_, index) => index);
    const kept = thinned(year, 130);
    expect(kept).toHaveLength(130);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(251);
    expect(kept).toEqual([...new Set(kept)].sort((a, b) => a - b));
  });
});

describe('a chart snapshot in a post', () => {
  it('is drawn from our stored closes as the stock chart shows them, with source and day', async () => {
    const ada = await member('free');
    const created = await post(ada, { chart: { symbol: 'msft', range: '3m' } });
    expect(created.statusCode, created.body).toBe(201);
    const chart = (created.json().post as CommunityPost).chart!;
    // A Free reader's chart of the same range: the same closes, source and last day.
    const stock = await history(ada, 'MSFT', '3m');
    expect(chart).toEqual({
      symbol: 'MSFT',
      range: '3m',
      points: stock.bars.map(({ date, close }) => ({ date, close })),
      source: stock.source,
      asOf: stock.asOf,
    });
    expect(chart.points.length).toBeGreaterThan(40);

    // A year is thinned to the bound, from its first close to its last.
    const yearly = await post(ada, { chart: { symbol: 'AAPL', range: '1y' } });
    expect(yearly.statusCode, yearly.body).toBe(201);
    const year = (yearly.json().post as CommunityPost).chart!;
    const stockYear = await history(ada, 'AAPL', '1y');
    expect(stockYear.bars.length).toBeGreaterThan(communityRules.chartMaxPoints);
    expect(year.points).toHaveLength(communityRules.chartMaxPoints);
    expect(year.points[0]).toEqual({
      date: stockYear.bars[0]!.date,
      close: stockYear.bars[0]!.close,
    });
    expect(year.points.at(-1)!.date).toBe(stockYear.asOf);
  });

  it('stays as of its post: later prices, and an edit, do not change it', async () => {
    const ada = await member();
    const created = await post(ada, { chart: { symbol: 'AAPL', range: '1m' } });
    expect(created.statusCode, created.body).toBe(201);
    const { id, chart } = created.json().post as CommunityPost;
    const last = chart!.points.at(-1)!;
    // The stored close of its last day changes (a correction from the source).
    await db()
      .update(dailyBars)
      .set({ close: last.close + 25 })
      .where(and(eq(dailyBars.symbol, 'AAPL'), eq(dailyBars.date, last.date)));
    const edited = await call(ada, 'PATCH', `/api/community/posts/${id}`, {
      body: 'Edited, still about $AAPL and $MSFT',
      chart: { symbol: 'MSFT', range: '1y' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json().post as CommunityPost).chart).toEqual(chart);
    const thread = await call(ada, 'GET', `/api/community/posts/${id}`);
    expect(thread.json().post.chart).toEqual(chart);
    // Everyone reads the same snapshot, on the feed too.
    const ben = await member('free');
    const feed = await call(ben, 'GET', '/api/community/feed?tab=all');
    const seen = (feed.json().posts as CommunityPost[]).find((item) => item.id === id);
    expect(seen?.chart).toEqual(chart);
  });

  it('shows a symbol the post names, and is refused with the reason otherwise', async () => {
    const ada = await member('free');
    const notNamed = await post(ada, { chart: { symbol: 'NVDA', range: '3m' } });
    expect(notNamed.statusCode).toBe(422);
    expect(notNamed.json().error).toMatchObject({
      code: 'chart_symbol_not_named',
      message:
        'A chart shows a symbol the post names: add $NVDA to the text, or chart one it names.',
    });
    for (const chart of [
      { symbol: 'AAPL', range: '5y' },
      { symbol: 'AAPL', range: 7 },
      { range: '1m' },
      'AAPL',
    ]) {
      const bad = await post(ada, { chart });
      expect(bad.statusCode, JSON.stringify(chart)).toBe(400);
      expect(bad.json().error.code).toBeTruthy();
    }
    // Nothing refused counted against the month's posts; a reply carries no chart.
    const me = (await call(ada, 'GET', '/api/community/me')).json();
    expect(me.quota.posts.used).toBe(0);
    const created = await post(ada);
    expect(created.json().post.chart).toBeNull();
    const reply = await call(
      ada,
      'POST',
      `/api/community/posts/${created.json().post.id}/replies`,
      {
        body: 'A reply about $AAPL',
        chart: { symbol: 'AAPL', range: '1m' },
      },
    );
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().reply.chart).toBeNull();
  });

  it(`is attached to at most ${communityRules.chartsPerDay} posts a UTC day per member`, async () => {
    clock.set(new Date('2026-11-18T15:00:00Z'));
    const ada = await member();
    const chart = { symbol: 'AAPL', range: '1m' };
    const ids: string[] = [];
    for (let index = 0; index < communityRules.chartsPerDay; index += 1) {
      const created = await post(ada, { chart });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().post.id);
    }
    const refused = await post(ada, { chart });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'chart_daily_limit',
      message: `You can attach a chart to ${communityRules.chartsPerDay} posts a day. Post without the chart, or attach one tomorrow.`,
    });
    // Deleting one gives nothing back; a post without a chart is still welcome.
    expect((await call(ada, 'DELETE', `/api/community/posts/${ids[0]}`)).statusCode).toBe(204);
    expect((await post(ada, { chart })).statusCode).toBe(429);
    expect((await post(ada)).statusCode).toBe(201);
    // Another member is not counted with her.
    expect((await post(await member(), { chart })).statusCode).toBe(201);
    clock.set(new Date('2026-11-19T00:00:01Z'));
    const tomorrow = await post(ada, { chart });
    expect(tomorrow.statusCode, tomorrow.body).toBe(201);
  });
});
