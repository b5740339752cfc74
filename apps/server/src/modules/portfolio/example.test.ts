import {
  holdingsResponseSchema,
  portfolioExampleSchema,
  transactionSchema,
} from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { portfolioExampleForms } from './example.ts';

// The app's time stands still, so the simulated prices do not move between two reads.
const clock = testClock();
let testApp: TestApp;
beforeAll(async () => {
  clock.set(new Date());
  testApp = await createTestApp({ clock });
});
afterAll(() => testApp.close());

async function readExample() {
  const response = await testApp.app.inject({ url: '/api/portfolios/example' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=60');
  return portfolioExampleSchema.parse(response.json());
}

describe('the portfolio feature page’s worked example', () => {
  it('is read without an account, with its hand-computed cash, cost and realised gain', async () => {
    const example = await readExample();
    expect(example.transactions.map((transaction) => transaction.kind)).toEqual([
      'deposit',
      'buy',
      'buy',
      'dividend',
      'sell',
    ]);
    expect(example.transactions.map((transaction) => transaction.cashEffect)).toEqual([
      '10000',
      '-4801',
      '-3701',
      '16',
      '1099',
    ]);
    expect(example.totals.cash).toBe('2613.00');
    expect(example.totals.realisedGain).toBe('173.75');
    expect(example.totals.dividends).toBe('16.00');
    const costs = Object.fromEntries(
      example.holdings.map((holding) => [holding.symbol, [holding.quantity, holding.costBasis]]),
    );
    expect(costs).toEqual({
      AAPL: ['15', '2775.75'],
      SPY: ['10', '4801.00'],
    });
    // Valued at the simulated market's latest prices, and it says so.
    expect(example.prices.sources).toEqual(['simulated']);
  });

  it('shows what a Free user who enters the same transactions sees in their own portfolio', async () => {
    const user = await signUpUser(testApp.app);
    const created = await injectAs(testApp.app, user, 'POST', '/api/portfolios', {
      name: 'Example',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().portfolio as { id: string };
    for (const form of portfolioExampleForms) {
      const added = await injectAs(
        testApp.app,
        user,
        'POST',
        `/api/portfolios/${id}/transactions`,
        form,
      );
      expect(added.statusCode, added.body).toBe(201);
      transactionSchema.parse(added.json().transaction);
    }
    const own = holdingsResponseSchema.parse(
      (await injectAs(testApp.app, user, 'GET', `/api/portfolios/${id}/holdings`)).json(),
    );
    const example = await readExample();
    expect(example.holdings).toEqual(own.holdings);
    expect(example.totals).toEqual(own.totals);
    expect(example.allocation).toEqual(own.allocation);
  });
});
