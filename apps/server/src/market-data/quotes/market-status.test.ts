import { marketStatusResponseSchema } from '@tickerwise/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';

const clock = testClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ clock });
});
afterAll(() => testApp.close());
afterEach(() => clock.reset());

async function statusAt(iso: string) {
  clock.set(new Date(iso));
  const response = await testApp.app.inject({ method: 'GET', url: '/api/market/status' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return marketStatusResponseSchema.parse(response.json()).market;
}

describe('GET /api/market/status', () => {
  it('says the market is closed on Thanksgiving, at the close of the day before, by the app clock', async () => {
    expect(await statusAt('2026-11-26T12:54:00Z')).toEqual({
      state: 'closed',
      asOf: '2026-11-25T21:00:00.000Z',
      session: '2026-11-25',
      // The day after Thanksgiving is an early close: 1:00 PM New York time.
      closesAt: '2026-11-27T18:00:00.000Z',
      nextOpen: '2026-11-27T14:30:00.000Z',
    });
  });

  it('follows the day: pre-market, open, after hours, closed, and the weekend', async () => {
    expect((await statusAt('2026-11-27T13:00:00Z')).state).toBe('pre');
    expect(await statusAt('2026-11-27T15:00:00Z')).toMatchObject({
      state: 'open',
      asOf: '2026-11-27T15:00:00.000Z',
      session: '2026-11-27',
    });
    // The day after Thanksgiving closes at 1:00 PM, and after hours end at 5:00 PM.
    expect(await statusAt('2026-11-27T18:30:00Z')).toMatchObject({
      state: 'after',
      asOf: '2026-11-27T18:00:00.000Z',
      closesAt: '2026-11-30T21:00:00.000Z',
      nextOpen: '2026-11-30T14:30:00.000Z',
    });
    expect((await statusAt('2026-11-27T22:30:00Z')).state).toBe('closed');
    expect((await statusAt('2026-11-28T02:00:00Z')).state).toBe('closed');
    expect((await statusAt('2026-11-29T15:00:00Z')).state).toBe('closed');
  });
});
