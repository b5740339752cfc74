import { healthSchema } from '@tickerwise/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('GET /api/health', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it('answers ok after a round-trip to the database', async () => {
    testApp = await createTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', db: 'ok' });
    expect(healthSchema.parse(response.json()).market).toMatchObject({
      source: 'simulated',
      stream: 'connected',
      callsPerMinute: null,
    });
    expect(healthSchema.parse(response.json()).mail).toEqual({
      backlog: 0,
      oldestWaitingSeconds: null,
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 with db down when the database cannot be reached', async () => {
    testApp = await createTestApp();
    await testApp.db.takeDown();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', db: 'down' });
  });
});
