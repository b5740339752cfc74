import { riskProfileResponseSchema, riskQuestions } from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  injectAs,
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

const put = (answers: unknown, as = user) =>
  injectAs(testApp.app, as, 'PUT', '/api/me/risk-profile', { answers });
const read = async (as = user) =>
  riskProfileResponseSchema.parse(
    (await injectAs(testApp.app, as, 'GET', '/api/me/risk-profile')).json(),
  ).riskProfile;

describe('a saved risk profile', () => {
  it('is saved with the score and band worked out by the server, and read back', async () => {
    expect(await read()).toBeNull();
    // Eight answers worth 2 and two worth 3: 22 points, a Growth profile (19 to 24).
    const answers = [2, 2, 2, 2, 2, 2, 2, 2, 3, 3];
    const response = await put(answers);
    expect(response.statusCode, response.body).toBe(200);
    const saved = riskProfileResponseSchema.parse(response.json()).riskProfile;
    expect(saved).toMatchObject({ answers, score: 22, band: 'growth' });
    expect(await read()).toEqual(saved);
  });

  it('is replaced by a new save, and forgotten on request', async () => {
    const zeros = riskQuestions.map(() => 0);
    expect((await put(zeros)).statusCode).toBe(200);
    expect(await read()).toMatchObject({ answers: zeros, score: 0, band: 'conservative' });
    const removed = await injectAs(testApp.app, user, 'DELETE', '/api/me/risk-profile');
    expect(removed.statusCode).toBe(204);
    expect(await read()).toBeNull();
  });

  it('refuses an incomplete or impossible set of answers, saying why', async () => {
    const cases: Array<[unknown, string]> = [
      [[1, 2, 3], 'Answer all 10 questions of the risk assessment'],
      [
        [...riskQuestions.map(() => 1).slice(1), 4],
        'Each answer is a whole number of points from 0 to 3',
      ],
      [
        [...riskQuestions.map(() => 1).slice(1), 1.5],
        'Each answer is a whole number of points from 0 to 3',
      ],
      ['all of them', 'Answer all 10 questions of the risk assessment'],
    ];
    for (const [answers, message] of cases) {
      const response = await put(answers);
      expect(response.statusCode, JSON.stringify(answers)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_failed', message });
    }
  });

  it('belongs to its user alone, and needs a session', async () => {
    const other = await signUpUser(testApp.app);
    expect((await put([3, 3, 3, 3, 3, 3, 3, 3, 3, 3], other)).statusCode).toBe(200);
    expect(await read()).toBeNull();
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/me/risk-profile' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is part of the data export', async () => {
    const other = await signUpUser(testApp.app);
    await put([1, 1, 1, 1, 1, 1, 1, 1, 1, 1], other);
    const exported = await injectAs(testApp.app, other, 'GET', '/api/me/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json().parts.profile.riskProfile).toMatchObject({
      answers: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
      score: 10,
      band: 'moderately-conservative',
    });
  });
});
