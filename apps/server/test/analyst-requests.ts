import { randomUUID } from 'node:crypto';
import type { ApiError, SubscriptionTier } from '@tickerwise/shared';
import { usage } from '../src/db/schema/index.ts';
import { billingRequests } from './billing-requests.ts';
import { type SignedUpUser, signUpUser, type TestApp, testOrigin } from './test-app.ts';

/** A JSON answer: a refusal's `error`, or the fields the tests read. */
export interface JsonAnswer {
  error?: ApiError['error'];
  charged?: boolean;
  [field: string]: unknown;
}

/** One Server-Sent Event as the analyst's streams send it. */
export interface StreamedEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Reads a text/event-stream body into its events. */
export function parseEventStream(body: string): StreamedEvent[] {
  return body
    .split('\n\n')
    .filter((frame) => frame.trim() !== '')
    .map((frame) => {
      const event = /^event: (.+)$/m.exec(frame)?.[1] ?? 'message';
      const data = /^data: (.+)$/m.exec(frame)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

/** The analyst's calls over real HTTP, as the web app makes them. */
export function analystRequests(app: () => TestApp, baseUrl: () => string) {
  const { post: billingPost } = billingRequests(app);

  const request = async (
    method: 'GET' | 'POST',
    path: string,
    cookie: string | undefined,
    options: { body?: object; accept?: string } = {},
  ) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        origin: testOrigin,
        accept: options.accept ?? 'application/json',
        ...(cookie ? { cookie } : {}),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body ? JSON.stringify(options.body) : undefined,
    });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      headers: response.headers,
      json: type.includes('json') ? (JSON.parse(text) as JsonAnswer) : undefined,
      events: type.includes('event-stream') ? parseEventStream(text) : undefined,
    };
  };

  return {
    overview: (symbol: string, user?: SignedUpUser) =>
      request('GET', `/api/stocks/${symbol}/analysis`, user?.cookie),
    open: (symbol: string, user?: SignedUpUser, stream = false) =>
      request('POST', `/api/stocks/${symbol}/analysis/written`, user?.cookie, {
        body: {},
        accept: stream ? 'text/event-stream' : 'application/json',
      }),
    ask: (symbol: string, question: unknown, user?: SignedUpUser, stream = false) =>
      request('POST', `/api/stocks/${symbol}/ask`, user?.cookie, {
        body: { question },
        accept: stream ? 'text/event-stream' : 'application/json',
      }),
    /** A user on `tier`: Pro and Enterprise pay at checkout with Stripe's test card. */
    async userOn(tier: SubscriptionTier): Promise<SignedUpUser> {
      const user = await signUpUser(app().app, { plan: tier === 'alpha' ? 'alpha' : 'free' });
      if (tier === 'pro' || tier === 'enterprise') {
        const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
        const paid = await billingPost(
          '/api/billing/checkout',
          { plan: tier, idempotencyKey: randomUUID(), card },
          user.cookie,
        );
        if (paid.statusCode !== 200) throw new Error(`checkout failed: ${paid.body}`);
      }
      return user;
    },
  };
}

/** Sets how many AI credits `user` has used on the UTC day of `now`. */
export async function setCreditsUsed(
  testApp: TestApp,
  user: SignedUpUser,
  count: number,
  now = new Date(),
): Promise<void> {
  const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  await testApp.db.database.db
    .insert(usage)
    .values({ userId: user.id, quota: 'aiCalls', periodStart, count })
    .onConflictDoUpdate({
      target: [usage.userId, usage.quota, usage.periodStart],
      set: { count },
    });
}
