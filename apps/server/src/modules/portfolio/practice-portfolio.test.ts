import type { HoldingsResponse, Portfolio, PortfolioSummary } from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function call(user: SignedUpUser, method: Method, url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, ...(method === 'GET' ? {} : { origin: testOrigin }) },
    ...(payload ? { payload } : {}),
  });
}

async function practice(user: SignedUpUser): Promise<Portfolio> {
  const response = await call(user, 'POST', '/api/portfolios/practice');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().portfolio;
}

/** The date of the practice cash, where the practice portfolio's ledger starts. */
async function cashDate(user: SignedUpUser, portfolio: Portfolio): Promise<string> {
  const ledger = await call(user, 'GET', `/api/portfolios/${portfolio.id}/transactions`);
  const cash = ledger
    .json()
    .transactions.find((entry: { kind: string }) => entry.kind === 'deposit');
  return cash.date;
}

async function holdings(user: SignedUpUser, portfolio: Portfolio): Promise<HoldingsResponse> {
  const response = await call(user, 'GET', `/api/portfolios/${portfolio.id}/holdings`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const buyAapl = { kind: 'buy', date: '2024-01-03', symbol: 'AAPL', quantity: '10', price: '100' };

describe('the practice portfolio', () => {
  it('is created on first use with $100,000 of practice cash, and only once', async () => {
    const user = await signUpUser(testApp.app);
    const before = await call(user, 'GET', '/api/portfolios');
    expect(before.json().portfolios).toEqual([]);

    const first = await practice(user);
    expect(first).toMatchObject({ name: 'Practice', kind: 'practice', transactionCount: 1 });
    const figures = await holdings(user, first);
    expect(figures.totals).toMatchObject({
      cash: '100000.00',
      totalValue: '100000.00',
      deposits: '100000.00',
      netContributions: '100000.00',
    });
    const ledger = await call(user, 'GET', `/api/portfolios/${first.id}/transactions`);
    expect(ledger.json().transactions).toMatchObject([
      { kind: 'deposit', amount: '100000', note: 'Practice cash' },
    ]);

    const again = await practice(user);
    expect(again).toEqual(first);
    const list = await call(user, 'GET', '/api/portfolios');
    expect(list.json().portfolios).toEqual([first]);
  });

  it('is one portfolio with one deposit when first used at once from several tabs', async () => {
    const user = await signUpUser(testApp.app);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(user, 'POST', '/api/portfolios/practice')),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((answer) => answer.json().portfolio.id));
    expect(ids.size).toBe(1);
    const list = await call(user, 'GET', '/api/portfolios');
    expect(list.json().portfolios).toMatchObject([{ kind: 'practice', transactionCount: 1 }]);
  });

  it('never counts in the Portfolio Value or the performance of all portfolios, and is labelled', async () => {
    const user = await signUpUser(testApp.app);
    const real = await call(user, 'POST', '/api/portfolios', { name: 'Main' });
    const main: Portfolio = real.json().portfolio;
    expect(main.kind).toBe('real');
    await call(user, 'POST', `/api/portfolios/${main.id}/transactions`, {
      kind: 'deposit',
      date: '2024-01-02',
      amount: '2500',
    });
    const paper = await practice(user);
    const url = `/api/portfolios/${paper.id}/transactions`;
    // Bought on the day of the practice cash, with it.
    const [deposit] = (await call(user, 'GET', url)).json().transactions;
    const bought = await call(user, 'POST', url, { ...buyAapl, date: deposit.date });
    expect(bought.statusCode, bought.body).toBe(201);

    const summary: PortfolioSummary = (await call(user, 'GET', '/api/portfolios/summary')).json();
    expect(summary).toMatchObject({
      portfolioCount: 1,
      transactionCount: 1,
      totalValue: '2500.00',
      cash: '2500.00',
      holdings: [],
    });
    const all = await call(user, 'GET', '/api/portfolios/performance?range=all');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().netFlows).toBe('2500.00');
    // The practice trades are in the practice portfolio's own figures, at the same prices.
    const own = await holdings(user, paper);
    expect(own.holdings.map((holding) => holding.symbol)).toEqual(['AAPL']);
    expect(own.totals.cash).toBe('99000.00');
    // And labelled in recent activity.
    const activity = await call(user, 'GET', '/api/portfolios/activity');
    expect(activity.json().transactions[0]).toMatchObject({
      symbol: 'AAPL',
      portfolioName: 'Practice',
      portfolioKind: 'practice',
    });
  });

  it('is outside the plan’s portfolio limit: Free keeps one real portfolio and practises too', async () => {
    const user = await signUpUser(testApp.app);
    await practice(user);
    const main = await call(user, 'POST', '/api/portfolios', { name: 'Main' });
    expect(main.statusCode, main.body).toBe(201);
    const second = await call(user, 'POST', '/api/portfolios', { name: 'Second' });
    expect(second.statusCode).toBe(402);
    const list = await call(user, 'GET', '/api/portfolios');
    expect(list.json()).toMatchObject({ allowed: 1 });
    expect(
      list
        .json()
        .portfolios.map((item: Portfolio) => item.kind)
        .sort(),
    ).toEqual(['practice', 'real']);
    // A real portfolio may even be named "Practice": the practice one takes no name.
    const alpha = await signUpUser(testApp.app, { plan: 'alpha' });
    await practice(alpha);
    const named = await call(alpha, 'POST', '/api/portfolios', { name: 'Practice' });
    expect(named.statusCode, named.body).toBe(201);
  });

  it('is reset to its practice cash alone, after its trades', async () => {
    const user = await signUpUser(testApp.app);
    const paper = await practice(user);
    const url = `/api/portfolios/${paper.id}/transactions`;
    const bought = await call(user, 'POST', url, { ...buyAapl, date: await cashDate(user, paper) });
    expect(bought.statusCode, bought.body).toBe(201);
    expect((await holdings(user, paper)).holdings).toHaveLength(1);

    const reset = await call(user, 'POST', `/api/portfolios/${paper.id}/reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().portfolio).toMatchObject({ id: paper.id, transactionCount: 1 });
    const figures = await holdings(user, paper);
    expect(figures.holdings).toEqual([]);
    expect(figures.totals).toMatchObject({ cash: '100000.00', totalValue: '100000.00' });
    const ledger = await call(user, 'GET', url);
    expect(ledger.json()).toMatchObject({ total: 1, transactions: [{ kind: 'deposit' }] });
  });

  it('dates nothing before its practice cash, which only a reset changes', async () => {
    const user = await signUpUser(testApp.app);
    const paper = await practice(user);
    const url = `/api/portfolios/${paper.id}/transactions`;
    const [cash] = (await call(user, 'GET', url)).json().transactions;
    expect(buyAapl.date < cash.date).toBe(true);

    // A trade dated before the cash existed would spend money the portfolio did not have.
    const early = await call(user, 'POST', url, buyAapl);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.date).toContain(`Practice trades start on ${cash.date}`);
    const bought = await call(user, 'POST', url, { ...buyAapl, date: cash.date });
    expect(bought.statusCode, bought.body).toBe(201);
    const moved = await call(user, 'PUT', `${url}/${bought.json().transaction.id}`, buyAapl);
    expect(moved.statusCode).toBe(400);

    // The cash itself is where the portfolio starts: a reset, not an edit, changes it.
    const edited = await call(user, 'PUT', `${url}/${cash.id}`, {
      kind: 'deposit',
      date: cash.date,
      amount: '1000000',
    });
    expect(edited.statusCode).toBe(409);
    expect(edited.json().error.code).toBe('ledger_conflict');
    expect((await call(user, 'DELETE', `${url}/${cash.id}`)).statusCode).toBe(409);
    expect((await holdings(user, paper)).totals).toMatchObject({ cash: '99000.00' });

    // Nor does a file bring in older trades.
    const imported = await call(user, 'POST', `/api/portfolios/${paper.id}/imports`, {
      csv: [
        'date,type,symbol,quantity,price,fees,amount,ratio,note',
        '2024-01-03,buy,MSFT,1,300,,,,',
      ].join('\n'),
      format: 'tickerwise',
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().error.message).toContain('Practice trades start on');
    expect((await call(user, 'GET', url)).json().total).toBe(2);

    // A real portfolio keeps any date.
    const real = (await call(user, 'POST', '/api/portfolios', { name: 'Main' })).json().portfolio;
    const old = await call(user, 'POST', `/api/portfolios/${real.id}/transactions`, {
      kind: 'deposit',
      date: '2024-01-02',
      amount: '2500',
    });
    expect(old.statusCode, old.body).toBe(201);
  });

  it('is not found by another user, and a real portfolio is never reset', async () => {
    const owner = await signUpUser(testApp.app);
    const other = await signUpUser(testApp.app);
    const paper = await practice(owner);
    const bought = await call(owner, 'POST', `/api/portfolios/${paper.id}/transactions`, {
      ...buyAapl,
      date: await cashDate(owner, paper),
    });
    expect(bought.statusCode, bought.body).toBe(201);
    for (const [method, url] of [
      ['GET', `/api/portfolios/${paper.id}`],
      ['GET', `/api/portfolios/${paper.id}/holdings`],
      ['GET', `/api/portfolios/${paper.id}/transactions`],
      ['POST', `/api/portfolios/${paper.id}/reset`],
    ] as const) {
      const answer = await call(other, method, url);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().error.code).toBe('portfolio_not_found');
    }
    const stranger = await call(other, 'POST', `/api/portfolios/${paper.id}/transactions`, buyAapl);
    expect(stranger.statusCode).toBe(404);
    // The owner's practice portfolio is as it was; the other user's own is their own.
    expect((await holdings(owner, paper)).holdings).toHaveLength(1);
    expect((await practice(other)).id).not.toBe(paper.id);

    const real = (await call(owner, 'POST', '/api/portfolios', { name: 'Main' })).json().portfolio;
    const refused = await call(owner, 'POST', `/api/portfolios/${real.id}/reset`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('not_practice_portfolio');
  });

  it('answers bad input with a 4xx, never a 500', async () => {
    const user = await signUpUser(testApp.app);
    const paper = await practice(user);
    const notAnId = await call(user, 'POST', '/api/portfolios/not-an-id/reset');
    expect(notAnId.statusCode).toBe(404);
    const unknown = await call(
      user,
      'POST',
      '/api/portfolios/00000000-0000-4000-8000-000000000000/reset',
    );
    expect(unknown.statusCode).toBe(404);
    const rename = await call(user, 'PATCH', `/api/portfolios/${paper.id}`, { name: 'Mine' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.code).toBe('practice_portfolio');
    const remove = await call(user, 'DELETE', `/api/portfolios/${paper.id}`);
    expect(remove.statusCode).toBe(409);
    const overdrawn = await call(user, 'POST', `/api/portfolios/${paper.id}/transactions`, {
      kind: 'withdrawal',
      date: '2024-01-03',
      amount: 'lots',
    });
    expect(overdrawn.statusCode).toBe(400);
    const signedOut = await testApp.app.inject({
      method: 'POST',
      url: '/api/portfolios/practice',
      headers: { origin: testOrigin },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
