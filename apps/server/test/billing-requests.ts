import type { SignedUpUser, TestApp } from './test-app.ts';
import { testOrigin } from './test-app.ts';

/**
 * The calls both billing suites make, whatever the payment provider. Takes a getter because
 * each suite builds its app in `beforeAll`.
 */
export function billingRequests(app: () => TestApp) {
  const post = (
    url: string,
    payload: object,
    cookie?: string,
    headers: Record<string, string> = {},
  ) =>
    app().app.inject({
      method: 'POST',
      url,
      payload,
      headers: { origin: testOrigin, ...(cookie ? { cookie } : {}), ...headers },
    });

  return {
    post,
    /** A move to Alpha carries a fresh invitation code, made as the operator makes them. */
    async changePlan(user: SignedUpUser, plan: string) {
      const invitationCode =
        plan === 'alpha' ? (await app().app.invitations.create({ count: 1 })).codes[0] : undefined;
      return post('/api/billing/plan-change', { plan, invitationCode }, user.cookie);
    },
    async tierOf(user: SignedUpUser): Promise<string> {
      const response = await app().app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { cookie: user.cookie },
      });
      return response.json().subscription_tier;
    },
  };
}
