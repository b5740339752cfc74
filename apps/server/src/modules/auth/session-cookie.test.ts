import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp, testOrigin } from '../../../test/test-app.ts';

const plainName = 'tickerwise.session_token';
const secureName = `__Secure-${plainName}`;

/**
 * A planted cookie (for example `Path=/api`, so the browser sends it first) must never let its
 * planter act as the victim: the app reads the session cookie exactly as better-auth does.
 * Over https better-auth's cookie is `__Secure-` prefixed, over http it is not; the other name
 * is the one an attacker would plant.
 */
describe.each([
  { scheme: 'http', publicUrl: testOrigin, own: plainName, planted: secureName },
  { scheme: 'https', publicUrl: 'https://tickerwise.test', own: secureName, planted: plainName },
])('the session cookie over $scheme', ({ publicUrl, own, planted }) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ config: { publicUrl, trustedOrigins: [testOrigin] } });
  });
  afterAll(() => testApp.close());

  const request = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    testApp.app.inject({ method, url, payload, headers: { origin: testOrigin, cookie } });
  const me = (cookie: string) => request('GET', '/api/me', cookie);

  async function victim() {
    const user = await signUpUser(testApp.app);
    const [name, value] = user.cookie.split(/=(.*)/s) as [string, string];
    expect(name).toBe(own);
    return { ...user, value };
  }

  it(`is set as ${own}`, async () => {
    const { cookie } = await victim();
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('sets the device cookie beside it, Secure over https like the session cookie', async () => {
    const user = await signUpUser(testApp.app);
    const signIn = await request('POST', '/api/auth/sign-in/email', '', {
      email: user.email,
      password: user.password,
    });
    const secure = publicUrl.startsWith('https:');
    const line = [signIn.headers['set-cookie'] ?? []]
      .flat()
      .find((cookie) => cookie.includes('tickerwise.device='));
    expect(line?.startsWith(secure ? '__Secure-tickerwise.device=' : 'tickerwise.device=')).toBe(
      true,
    );
    expect(/;\s*Secure/i.test(line ?? '')).toBe(secure);
    expect(line).toMatch(/HttpOnly/);
  });

  for (const order of ['planted first', 'planted last'] as const) {
    it(`refuses a request carrying both names (${order}), and the planted value stays worthless`, async () => {
      const target = await victim();
      const pair = [`${planted}=attacker-chosen`, `${own}=${target.value}`];
      const both = order === 'planted first' ? pair.join('; ') : pair.reverse().join('; ');
      const refused = await me(both);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('unauthorized');

      const replay = `${planted}=attacker-chosen`;
      expect((await me(replay)).statusCode).toBe(401);
      const planChange = await request('POST', '/api/billing/plan-change', replay, {
        plan: 'alpha',
      });
      expect(planChange.statusCode).toBe(401);
      expect((await me(target.cookie)).json().subscription_tier).toBe('free');
    });
  }

  it('refuses the session cookie sent twice under the same name, in either order', async () => {
    const target = await victim();
    const other = await victim();
    for (const cookie of [
      `${own}=${target.value}; ${own}=${other.value}`,
      `${own}=${other.value}; ${own}=${target.value}`,
      `${own}=attacker-chosen; ${own}=${target.value}`,
    ]) {
      expect((await me(cookie)).statusCode).toBe(401);
    }
    expect((await me(`${own}=attacker-chosen`)).statusCode).toBe(401);
  });

  it('does not take a session cookie under the name better-auth does not read', async () => {
    const target = await victim();
    expect((await me(target.cookie)).statusCode).toBe(200);
    expect((await me(`${planted}=${target.value}`)).statusCode).toBe(401);
  });

  it('does not answer from memory for a cookie whose signature better-auth would refuse', async () => {
    const target = await victim();
    expect((await me(target.cookie)).statusCode).toBe(200);
    const decoded = decodeURIComponent(target.value);
    const token = decoded.slice(0, decoded.lastIndexOf('.'));
    const forged = encodeURIComponent(`${token}.${'A'.repeat(43)}=`);
    expect((await me(`${own}=${forged}`)).statusCode).toBe(401);
    expect((await me(`${own}=${encodeURIComponent(token)}`)).statusCode).toBe(401);
  });

  it('clears the stray variants when it refuses a request for carrying them', async () => {
    const target = await victim();
    const refused = await me(`${planted}=attacker-chosen; ${own}=${target.value}`);
    expect(refused.statusCode).toBe(401);
    const cleared = [refused.headers['set-cookie'] ?? []].flat();
    expect(
      cleared.some((line) => line.startsWith(`${planted}=;`) && /Path=\/(;|$)/i.test(line)),
    ).toBe(true);
    // Its own cookie (Path=/) is never touched: the user keeps their session.
    expect(cleared.some((line) => line.startsWith(`${own}=;`) && /Path=\/(;|$)/i.test(line))).toBe(
      false,
    );
    expect((await me(target.cookie)).statusCode).toBe(200);
  });
});
