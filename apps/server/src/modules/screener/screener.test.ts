import {
  entitlementsFor,
  marketOverviewSchema,
  notificationListSchema,
  type ScreenerResponse,
  type SubscriptionTier,
  savedScreensResponseSchema,
  screenerColumns,
  screenerNumberColumns,
  screenerResponseSchema,
} from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { savedScreens } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';

/**
 * The screener over the simulated market: a handful of symbols have stored history (the rest
 * none yet), and every filter, sort and column choice is checked against the full table.
 */

let testApp: TestApp;
let free: SignedUpUser;
let pro: SignedUpUser;
const filled = ['AAPL', 'MSFT', 'JPM', 'XOM', 'KO', 'JNJ', 'NVDA', 'BAC', 'SPY', 'QQQ'];

async function userOn(tier: SubscriptionTier): Promise<SignedUpUser> {
  const user = await signUpUser(testApp.app);
  if (tier !== 'free') await setTier(testApp.db.database.db, user.id, tier);
  return user;
}

const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(testApp.app, user, method, url, payload);

async function screen(user: SignedUpUser, query: string): Promise<ScreenerResponse> {
  const response = await call(user, 'GET', `/api/screener?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return screenerResponseSchema.parse(response.json());
}

/** Every row with every column, as the user's plan sees it. */
async function everything(user: SignedUpUser) {
  return (await screen(user, `limit=600&columns=${screenerColumns.join(',')}`)).rows;
}

/** Lets the quote refreshes take in the symbols the screener asked for. */
async function quotesTakenIn() {
  const { market } = testApp.app.marketData;
  for (let pass = 0; pass < 20; pass += 1) {
    market.refreshDue();
    await market.settled();
  }
}

beforeAll(async () => {
  testApp = await createTestApp();
  free = await userOn('free');
  pro = await userOn('pro');
  for (const symbol of filled) await testApp.app.marketData.history.state(symbol);
  await testApp.app.screener.refresh();
  await screen(pro, '');
  await screen(free, '');
  await quotesTakenIn();
  // The rows a plan sees are put together at most once a second.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
}, 120_000);
afterAll(() => testApp.close());

describe('the screener', () => {
  it('lists the whole universe, with figures read on the stored bars where there are some', async () => {
    const answer = await screen(
      pro,
      'limit=600&columns=symbol,price,return1y,rating,volatility30d,checklistScore,sector',
    );
    expect(answer.universe).toBeGreaterThan(500);
    expect(answer.total).toBe(answer.universe);
    expect(answer.rows).toHaveLength(answer.universe);
    expect(answer.withoutHistory).toBe(answer.universe - filled.length);
    expect(answer.source).toBe('simulated');
    expect(answer.delayed).toBe(false);
    const apple = answer.rows.find((row) => row.symbol === 'AAPL')!;
    expect(apple.price).toBeGreaterThan(0);
    expect(typeof apple.return1y).toBe('number');
    expect(typeof apple.volatility30d).toBe('number');
    expect(['strong_sell', 'sell', 'neutral', 'buy', 'strong_buy']).toContain(apple.rating);
    expect(apple.checklistScore).toBeGreaterThanOrEqual(0);
    expect(apple.sector).toBe('Information Technology');
    // A symbol with no stored bars yet has none of the figures read on them.
    const unread = answer.rows.find((row) => row.symbol === 'ZTS')!;
    expect(unread.return1y).toBeNull();
    expect(unread.rating).toBeNull();
  });

  it('filters on ranges and choices exactly as the rows read', async () => {
    const all = await everything(pro);
    const cases: [string, (row: (typeof all)[number]) => boolean][] = [
      ['sector=Financials', (row) => row.sector === 'Financials'],
      [
        'sector=Financials,Energy&type=stock',
        (row) => ['Financials', 'Energy'].includes(row.sector as string) && row.type === 'stock',
      ],
      [
        'peRatio=0..30',
        (row) => typeof row.peRatio === 'number' && row.peRatio >= 0 && row.peRatio <= 30,
      ],
      ['return1y=..0', (row) => typeof row.return1y === 'number' && row.return1y <= 0],
      [
        'volatility30d=10..&rating=buy,strong_buy,neutral',
        (row) =>
          typeof row.volatility30d === 'number' &&
          row.volatility30d >= 10 &&
          ['buy', 'strong_buy', 'neutral'].includes(row.rating as string),
      ],
      [
        'checklistScore=3..',
        (row) => typeof row.checklistScore === 'number' && row.checklistScore >= 3,
      ],
      [
        'type=etf&price=100..',
        (row) => row.type === 'etf' && typeof row.price === 'number' && row.price >= 100,
      ],
      [
        'marketCap=1e11..&dividendYieldPercent=0.5..',
        (row) =>
          typeof row.marketCap === 'number' &&
          row.marketCap >= 1e11 &&
          typeof row.dividendYieldPercent === 'number' &&
          row.dividendYieldPercent >= 0.5,
      ],
    ];
    let nonEmpty = 0;
    for (const [query, expected] of cases) {
      const answer = await screen(pro, `${query}&limit=600&columns=symbol`);
      const want = all
        .filter(expected)
        .map((row) => row.symbol)
        .sort();
      expect(answer.rows.map((row) => row.symbol).sort(), query).toEqual(want);
      expect(answer.total, query).toBe(want.length);
      if (want.length > 0 && want.length < all.length) nonEmpty += 1;
    }
    // The cases do pick some rows and leave others: a filter that did nothing would fail.
    expect(nonEmpty).toBeGreaterThanOrEqual(5);
  });

  it('sorts by any column either way, figures missing last, and pages', async () => {
    for (const column of [
      'return1y',
      'peRatio',
      'name',
      'rating',
      'change',
      'checklistScore',
    ] as const) {
      for (const direction of ['', '-']) {
        const rows = (await screen(pro, `sort=${direction}${column}&limit=600&columns=${column}`))
          .rows;
        const values = rows.map((row) => row[column]);
        const present = values.filter((value) => value !== null);
        expect(values.slice(0, present.length), `${direction}${column}: missing last`).toEqual(
          present,
        );
        const order = ['strong_sell', 'sell', 'neutral', 'buy', 'strong_buy'];
        const key = (value: unknown) =>
          column === 'rating' ? order.indexOf(value as string) : value;
        for (let index = 1; index < present.length; index += 1) {
          const [a, b] = [key(present[index - 1]), key(present[index])] as [number, number];
          if (direction === '-') expect(a >= b, `${column} descending`).toBe(true);
          else expect(a <= b, `${column} ascending`).toBe(true);
        }
      }
    }
    const first = await screen(pro, 'sort=symbol&limit=10');
    const second = await screen(pro, 'sort=symbol&limit=10&offset=10');
    const both = await screen(pro, 'sort=symbol&limit=20');
    expect([...first.rows, ...second.rows].map((row) => row.symbol)).toEqual(
      both.rows.map((row) => row.symbol),
    );
  });

  it('answers the columns asked for, always with the symbol', async () => {
    const answer = await screen(pro, 'columns=price,peRatio&limit=5');
    expect(answer.columns).toEqual(['symbol', 'price', 'peRatio']);
    for (const row of answer.rows) expect(Object.keys(row)).toEqual(['symbol', 'price', 'peRatio']);
    const all = await screen(pro, `columns=${screenerNumberColumns.join(',')}&limit=1`);
    expect(Object.keys(all.rows[0]!)).toHaveLength(screenerNumberColumns.length + 1);
  });

  it('refuses a bad filter with 400 and says what is wrong', async () => {
    for (const query of [
      'peRatio=abc',
      'peRatio=5..1',
      'peRatio=5',
      'color=red',
      'sort=nope',
      'sort=-',
      'rating=great',
      'type=bond',
      'columns=price,nope',
      'limit=0',
      'limit=601',
      'offset=-1',
      `sector=${'x'.repeat(600)}`,
    ]) {
      const response = await call(pro, 'GET', `/api/screener?${query}`);
      expect(response.statusCode, query).toBe(400);
      const { error } = response.json();
      expect(error.code, query).toBe('invalid_screen');
      expect(error.message.length, query).toBeGreaterThan(5);
    }
  });

  it('reads no bars while answering: every request filters the rows in memory', async () => {
    const before = testApp.app.screener.table.computed;
    const started = performance.now();
    for (let index = 0; index < 50; index += 1) {
      await screen(
        pro,
        `return1y=${index - 25}..&sort=-volatility30d&sector=Financials,Information Technology`,
      );
    }
    expect(testApp.app.screener.table.computed).toBe(before);
    // Generous for a loaded machine: the bench measures the real figure.
    expect((performance.now() - started) / 50).toBeLessThan(200);
  });

  it('shows Free the delayed prices and Pro real-time ones', async () => {
    const asFree = await screen(free, 'limit=1');
    expect(asFree).toMatchObject({ delayed: true, delayMinutes: 15 });
    expect(Date.parse(asFree.asOf)).toBeLessThanOrEqual(Date.now() - 15 * 60_000 + 1_000);
    const asPro = await screen(pro, 'limit=1');
    expect(asPro).toMatchObject({ delayed: false, delayMinutes: 0 });
    // The bar figures stop at each plan's last session: never later for Free than for Pro.
    expect((asFree.closesAsOf ?? '') <= (asPro.closesAsOf ?? '')).toBe(true);
  });
});

describe('saved screens', () => {
  it('are kept per plan (Free 1, Pro 20), counted under a lock', async () => {
    const user = await userOn('free');
    const attempts = await Promise.all(
      [1, 2, 3].map((n) =>
        call(user, 'POST', '/api/screens', { name: `Screen ${n}`, query: 'sector=Energy' }),
      ),
    );
    expect(attempts.map((response) => response.statusCode).sort()).toEqual([201, 402, 402]);
    const refused = attempts.find((response) => response.statusCode === 402)!.json();
    expect(refused.error.message).toContain('1 saved screen');
    const listed = savedScreensResponseSchema.parse(
      (await call(user, 'GET', '/api/screens')).json(),
    );
    expect(listed).toMatchObject({ limit: 1 });
    expect(listed.screens).toHaveLength(1);

    const onPro = await userOn('pro');
    const limit = entitlementsFor('pro').savedScreens;
    expect(limit).toBe(20);
    for (let n = 0; n < limit; n += 1) {
      const made = await call(onPro, 'POST', '/api/screens', {
        name: `S${n}`,
        query: `peRatio=..${n + 10}`,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    expect(
      (await call(onPro, 'POST', '/api/screens', { name: 'One more', query: '' })).statusCode,
    ).toBe(402);
    expect(entitlementsFor('enterprise').savedScreens).toBe(100);
  });

  it('refuses a screen the screener would refuse, and is not found by another user', async () => {
    const owner = await userOn('pro');
    const bad = await call(owner, 'POST', '/api/screens', { name: 'Bad', query: 'peRatio=cheap' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_screen');
    const made = (
      await call(owner, 'POST', '/api/screens', { name: 'Banks', query: 'sector=Financials' })
    ).json();
    const id = made.screen.id as string;
    const other = await userOn('pro');
    expect((await call(other, 'PATCH', `/api/screens/${id}`, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await call(other, 'DELETE', `/api/screens/${id}`)).statusCode).toBe(404);
    expect(
      (await call(owner, 'PATCH', `/api/screens/${id}`, { query: 'sector=x&peRatio=?' }))
        .statusCode,
    ).toBe(400);
    const nothing = await call(owner, 'PATCH', `/api/screens/${id}`, { accountId: 'x' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toMatch(/Nothing to change/);
    const renamed = await call(owner, 'PATCH', `/api/screens/${id}`, { name: 'Big banks' });
    expect(renamed.json().screen).toMatchObject({ name: 'Big banks', query: 'sector=Financials' });
    expect((await call(owner, 'DELETE', `/api/screens/${id}`)).statusCode).toBe(204);
    expect((await call(owner, 'DELETE', `/api/screens/${id}`)).statusCode).toBe(404);
  });

  it('alerts once when a symbol enters a screen, not at every check', async () => {
    const owner = await userOn('pro');
    const query = 'sector=Information Technology,Financials&price=0..';
    const made = await call(owner, 'POST', '/api/screens', {
      name: 'Tech and banks',
      query,
      alertOnEntry: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().screen.id as string;
    const notices = async () =>
      notificationListSchema
        .parse((await call(owner, 'GET', '/api/notifications')).json())
        .notifications.filter((notice) => notice.title.includes('Tech and banks'));

    // The first check only notes what the screen picks.
    await testApp.app.screener.checkEntries();
    expect(await notices()).toHaveLength(0);
    const { db } = testApp.db.database;
    const [stored] = await db.select().from(savedScreens).where(eq(savedScreens.id, id));
    expect(stored!.members).toContain('AAPL');
    expect(stored!.members).toContain('JPM');

    // AAPL was not in at the last check: now it is, and has entered.
    await db
      .update(savedScreens)
      .set({ members: stored!.members!.filter((symbol) => symbol !== 'AAPL') })
      .where(eq(savedScreens.id, id));
    // Two instances checking at once notify once.
    await Promise.all([testApp.app.screener.checkEntries(), testApp.app.screener.checkEntries()]);
    const after = await notices();
    expect(after).toHaveLength(1);
    expect(after[0]!.title).toBe('AAPL entered “Tech and banks”');
    expect(after[0]!.link).toBe('/dashboard/investments/stocks/AAPL');

    // It stays in: later checks say nothing more.
    await testApp.app.screener.checkEntries();
    await testApp.app.screener.checkEntries();
    expect(await notices()).toHaveLength(1);

    // A screen without the alert never notifies.
    await call(owner, 'PATCH', `/api/screens/${id}`, { alertOnEntry: false });
    await db
      .update(savedScreens)
      .set({ members: ['JPM'] })
      .where(eq(savedScreens.id, id));
    await testApp.app.screener.checkEntries();
    expect(await notices()).toHaveLength(1);
  });
});

describe('the market overview', () => {
  it('names the index funds, the movers and the sectors, with source and delay', async () => {
    const asPro = marketOverviewSchema.parse(
      (await call(pro, 'GET', '/api/market/overview')).json(),
    );
    expect(asPro.indexes.map((fund) => fund.symbol)).toEqual(['SPY', 'QQQ', 'DIA', 'IWM']);
    for (const fund of asPro.indexes) expect(fund.price).toBeGreaterThan(0);
    expect(asPro).toMatchObject({ source: 'simulated', delayed: false, delayMinutes: 0 });
    expect(asPro.priced).toBeGreaterThan(0);
    const gains = asPro.gainers.map((mover) => mover.change);
    expect(gains).toEqual([...gains].sort((a, b) => b - a));
    for (const change of gains) expect(change).toBeGreaterThan(0);
    const losses = asPro.losers.map((mover) => mover.change);
    expect(losses).toEqual([...losses].sort((a, b) => a - b));
    for (const change of losses) expect(change).toBeLessThan(0);
    expect(asPro.gainers.length + asPro.losers.length).toBeGreaterThan(0);
    const sectorChanges = asPro.sectors.map((sector) => sector.change);
    expect(sectorChanges).toEqual([...sectorChanges].sort((a, b) => b - a));
    expect(asPro.sectors.reduce((sum, sector) => sum + sector.symbols, 0)).toBeLessThanOrEqual(
      asPro.priced,
    );

    const asFree = marketOverviewSchema.parse(
      (await call(free, 'GET', '/api/market/overview')).json(),
    );
    expect(asFree).toMatchObject({ delayed: true, delayMinutes: 15 });
  });
});
