import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe.each([
  { scheme: 'https', publicUrl: 'https://tickerwise.test', hsts: true },
  { scheme: 'http', publicUrl: 'http://127.0.0.1:3000', hsts: false },
])('security headers over $scheme', ({ publicUrl, hsts }) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ config: { publicUrl } });
  });
  afterAll(() => testApp.close());

  it(hsts ? 'tell browsers to use https for a year' : 'do not pin browsers to https', async () => {
    for (const url of ['/api/health', '/api/missing', '/api/stocks/%C0%AE', '/api//health']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      const header = response.headers['strict-transport-security'];
      if (hsts) expect(header, url).toBe('max-age=31536000');
      else expect(header, url).toBeUndefined();
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const policy = String(
      (await testApp.app.inject({ method: 'GET', url: '/api/health' })).headers[
        'content-security-policy'
      ],
    );
    expect(policy.includes('upgrade-insecure-requests')).toBe(hsts);
  });
});
