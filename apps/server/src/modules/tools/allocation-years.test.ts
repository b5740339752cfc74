import { allocationYearsSchema, historyResponseSchema } from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';

let testApp: TestApp;
let user: SignedUpUser;
beforeAll(async () => {
  testApp = await createTestApp();
  user = await signUpUser(testApp.app);
});
afterAll(() => testApp.close());

/** The year's last close against the year before's, from the bars a signed-in user reads. */
async function yearReturnsOf(symbol: string): Promise<Map<number, number>> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/stocks/${symbol}/history?range=5y`,
    headers: { cookie: user.cookie },
  });
  const { bars } = historyResponseSchema.parse(response.json());
  const last = new Map<number, number>();
  for (const bar of bars) last.set(Number(bar.date.slice(0, 4)), bar.close);
  const returns = new Map<number, number>();
  for (const [year, close] of last) {
    const before = last.get(year - 1);
    if (before !== undefined) returns.set(year, close / before - 1);
  }
  return returns;
}

describe('the risk assessment’s fund history', () => {
  it('answers anyone, signed in or not, with each complete year of SPY, AGG and BIL', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/tools/allocation-years',
    });
    expect(response.statusCode).toBe(200);
    const answer = allocationYearsSchema.parse(response.json());
    expect(answer.funds).toEqual({ stocks: 'SPY', bonds: 'AGG', cash: 'BIL' });
    expect(answer.source).toBe('simulated');
    // Five years of bars hold four complete calendar years (the first and the current are partial).
    expect(answer.years.length).toBeGreaterThanOrEqual(4);
    // The year of the last stored session is not over: the last complete year is the one before.
    expect(answer.years.at(-1)?.year).toBe(Number(answer.asOf?.slice(0, 4)) - 1);

    const [spy, agg, bil] = await Promise.all(['SPY', 'AGG', 'BIL'].map(yearReturnsOf));
    for (const year of answer.years) {
      expect(year.stocks).toBeCloseTo(spy!.get(year.year)!, 6);
      expect(year.bonds).toBeCloseTo(agg!.get(year.year)!, 6);
      expect(year.cash).toBeCloseTo(bil!.get(year.year)!, 6);
    }
  });
});
