import {
  entitlementsFor,
  type SubscriptionTier,
  watchlistDetailSchema,
  watchlistListSchema,
} from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { setTier } from '../profiles/service.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function userOn(tier: SubscriptionTier): Promise<SignedUpUser> {
  const user = await signUpUser(testApp.app);
  if (tier !== 'free') await setTier(testApp.db.database.db, user.id, tier);
  return user;
}

const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(testApp.app, user, method, url, payload);

async function newList(user: SignedUpUser, name = 'Tech'): Promise<string> {
  const response = await call(user, 'POST', '/api/watchlists', { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().watchlist.id;
}

describe('watchlists', () => {
  it('are created, renamed, filled, reordered, emptied and deleted by their owner', async () => {
    const user = await userOn('pro');
    const id = await newList(user, '  Tech giants ');
    expect(
      (await call(user, 'PATCH', `/api/watchlists/${id}`, { name: 'Big tech' })).json(),
    ).toMatchObject({ watchlist: { name: 'Big tech', symbols: [] } });

    for (const symbol of ['aapl', 'MSFT', 'brk-b']) {
      const added = await call(user, 'POST', `/api/watchlists/${id}/symbols`, { symbol });
      expect(added.statusCode, added.body).toBe(201);
    }
    // Adding a symbol that is already there changes nothing.
    const again = await call(user, 'POST', `/api/watchlists/${id}/symbols`, { symbol: 'AAPL' });
    expect(again.statusCode).toBe(200);
    expect(again.json().watchlist.symbols).toEqual(['AAPL', 'MSFT', 'BRK.B']);

    const reordered = await call(user, 'PUT', `/api/watchlists/${id}/order`, {
      symbols: ['BRK.B', 'AAPL', 'MSFT'],
    });
    expect(reordered.json().watchlist.symbols).toEqual(['BRK.B', 'AAPL', 'MSFT']);
    // An order that does not name every symbol once is refused: the list changed meanwhile.
    const stale = await call(user, 'PUT', `/api/watchlists/${id}/order`, {
      symbols: ['AAPL', 'MSFT'],
    });
    expect(stale.statusCode).toBe(409);

    const detail = watchlistDetailSchema.parse(
      (await call(user, 'GET', `/api/watchlists/${id}`)).json(),
    );
    expect(detail.rows.map((row) => row.symbol)).toEqual(['BRK.B', 'AAPL', 'MSFT']);
    const apple = detail.rows[1]!;
    expect(apple.name).toBe('Apple Inc.');
    expect(apple.price).toBeGreaterThan(0);
    expect(apple.change).not.toBeNull();
    expect(apple.sparkline.length).toBeGreaterThanOrEqual(19);
    expect(detail.source).toBe('simulated');

    expect((await call(user, 'DELETE', `/api/watchlists/${id}/symbols/msft`)).statusCode).toBe(204);
    expect((await call(user, 'DELETE', `/api/watchlists/${id}/symbols/MSFT`)).statusCode).toBe(404);
    expect((await call(user, 'DELETE', `/api/watchlists/${id}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', `/api/watchlists/${id}`)).statusCode).toBe(404);
  });

  it("shows the analyst's technical rating of each symbol, read once for the list and the analysis", async () => {
    const user = await userOn('free');
    const id = await newList(user, 'Rated');
    await call(user, 'POST', `/api/watchlists/${id}/symbols`, { symbol: 'NVDA' });
    const { analysis } = testApp.app;
    const before = analysis.technicals.computed;
    const detail = watchlistDetailSchema.parse(
      (await call(user, 'GET', `/api/watchlists/${id}`)).json(),
    );
    const [row] = detail.rows;
    const { facts } = await analysis.facts(
      await analysis.security('NVDA'),
      entitlementsFor('free').marketData,
    );
    expect(facts.rating.overall.label).not.toBeNull();
    expect(row).toMatchObject({
      rating: facts.rating.overall.label,
      ratingAsOf: facts.dataDate,
    });
    // One reading of NVDA's bars served the row and the analysis; the next view reads none.
    expect(analysis.technicals.computed - before).toBe(1);
    await call(user, 'GET', `/api/watchlists/${id}`);
    expect(analysis.technicals.computed - before).toBe(1);
  });

  it('refuses unknown symbols, bad names and a second list with the same name', async () => {
    const user = await userOn('pro');
    const id = await newList(user, 'Dividends');
    const unknown = await call(user, 'POST', `/api/watchlists/${id}/symbols`, { symbol: 'ZZZZZ' });
    expect(unknown.statusCode).toBe(404);
    const bad = await call(user, 'POST', `/api/watchlists/${id}/symbols`, { symbol: '$$$' });
    expect(bad.json()).toMatchObject({ error: { code: 'validation_failed' } });
    expect((await call(user, 'POST', '/api/watchlists', { name: ' ' })).statusCode).toBe(400);
    const twin = await call(user, 'POST', '/api/watchlists', { name: 'dividends' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error.message).toBe('You already have a watchlist named “dividends”.');
  });

  it("answers 404 for another user's list and leaves it as it was", async () => {
    const owner = await userOn('pro');
    const other = await userOn('pro');
    const id = await newList(owner);
    await call(owner, 'POST', `/api/watchlists/${id}/symbols`, { symbol: 'AAPL' });
    const attempts = [
      call(other, 'GET', `/api/watchlists/${id}`),
      call(other, 'PATCH', `/api/watchlists/${id}`, { name: 'Mine now' }),
      call(other, 'POST', `/api/watchlists/${id}/symbols`, { symbol: 'MSFT' }),
      call(other, 'DELETE', `/api/watchlists/${id}/symbols/AAPL`),
      call(other, 'PUT', `/api/watchlists/${id}/order`, { symbols: ['AAPL'] }),
      call(other, 'DELETE', `/api/watchlists/${id}`),
    ];
    for (const attempt of await Promise.all(attempts)) expect(attempt.statusCode).toBe(404);
    const list = watchlistListSchema.parse((await call(owner, 'GET', '/api/watchlists')).json());
    expect(list.watchlists).toMatchObject([{ id, name: 'Tech', symbols: ['AAPL'] }]);
    const theirs = watchlistListSchema.parse((await call(other, 'GET', '/api/watchlists')).json());
    expect(theirs.watchlists).toEqual([]);
  });
});

describe('watchlist limits', () => {
  it('a free user has one list of 20 symbols, exactly, even when adds arrive at once', async () => {
    const user = await userOn('free');
    const id = await newList(user);
    const second = await call(user, 'POST', '/api/watchlists', { name: 'Second' });
    expect(second.statusCode).toBe(402);
    expect(second.json().error).toMatchObject({
      code: 'upgrade_required',
      message: 'Your Free plan allows 1 watchlist. Upgrade to Pro for more.',
      requiredTier: 'pro',
    });

    const symbols = ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'TSLA', 'NVDA', 'META', 'JPM', 'V', 'KO'];
    const more = ['PEP', 'WMT', 'DIS', 'NKE', 'INTC', 'CSCO', 'ORCL', 'IBM', 'XOM', 'CVX'];
    const extra = ['BA', 'CAT', 'MMM', 'GE', 'F'];
    const answers = await Promise.all(
      [...symbols, ...more, ...extra].map((symbol) =>
        call(user, 'POST', `/api/watchlists/${id}/symbols`, { symbol }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 402)).toHaveLength(5);
    const refused = answers.find((answer) => answer.statusCode === 402)!;
    expect(refused.json().error.message).toBe(
      'Your Free plan allows 20 symbols in a watchlist. Upgrade to Pro for more.',
    );
    const list = watchlistListSchema.parse((await call(user, 'GET', '/api/watchlists')).json());
    expect(list.watchlists[0]!.symbols).toHaveLength(20);
    expect(list.limits).toEqual({ watchlists: 1, symbolsPerList: 20 });
  });

  it('Pro allows 10 lists', async () => {
    const user = await userOn('pro');
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        call(user, 'POST', '/api/watchlists', { name: `List ${index}` }),
      ),
    );
    const statuses = created.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 402)).toHaveLength(2);
  });
});
