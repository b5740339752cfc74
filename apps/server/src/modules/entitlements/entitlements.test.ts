import { randomUUID } from 'node:crypto';
import {
  entitlementsFor,
  type SubscriptionTier,
  subscriptionTiers,
  usageSummarySchema,
} from '@tickerwise/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billingRequests } from '../../../test/billing-requests.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { usage } from '../../db/schema/index.ts';
import { requireUser } from '../auth/guard.ts';
import { countUse, forgetUsageBefore } from './usage-counter.ts';

const clock = testClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    clock,
    // Routes standing for the features to come (AI analysis, the public API), so the refusals
    // are checked over HTTP as those features will answer them.
    extend(app) {
      app.post('/api/test/ai-call', { config: { access: 'user' } }, async (request) => {
        const user = await requireUser(app.auth, request);
        const consumed = await app.entitlements.consumeQuota(user, 'aiCalls');
        return { used: consumed.used, limit: consumed.limit };
      });
      app.get('/api/test/api-access', { config: { access: 'user' } }, async (request) => {
        const user = await requireUser(app.auth, request);
        return { tier: await app.entitlements.requireEntitlement(user, 'apiAccess') };
      });
    },
  });
  await db().execute(sql`create table test_watchlists (user_id text not null)`);
});
afterAll(() => testApp.close());
afterEach(() => clock.reset());

const db = () => testApp.db.database.db;
const entitlements = () => testApp.app.entitlements;
const { post } = billingRequests(() => testApp);

async function userOn(tier: SubscriptionTier): Promise<SignedUpUser> {
  const user = await signUpUser(testApp.app, { plan: tier === 'alpha' ? 'alpha' : 'free' });
  if (tier === 'pro' || tier === 'enterprise') {
    const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
    const paid = await post(
      '/api/billing/checkout',
      { plan: tier, idempotencyKey: randomUUID(), card },
      user.cookie,
    );
    expect(paid.statusCode).toBe(200);
  }
  return user;
}

const aiCall = (user: SignedUpUser) => post('/api/test/ai-call', {}, user.cookie);

async function usageOf(user: SignedUpUser) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/me/usage',
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  return usageSummarySchema.parse(response.json());
}

/** Uses `count` AI calls one after another, as the user would over a day. */
async function useAiCalls(user: SignedUpUser, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    await entitlements().consumeQuota(user, 'aiCalls');
  }
}

describe('GET /api/me/usage', () => {
  it.each(subscriptionTiers)(
    'shows a user on %s their plan, its limits and today’s AI calls',
    async (tier) => {
      clock.set(new Date('2031-03-14T15:09:26Z'));
      const user = await userOn(tier);
      const summary = await usageOf(user);
      expect(summary.tier).toBe(tier);
      expect(summary.entitlements).toEqual(entitlementsFor(tier));
      expect(summary.quotas.aiCalls).toEqual({
        used: 0,
        limit: entitlementsFor(tier).aiCallsPerDay,
        resetsAt: '2031-03-15T00:00:00.000Z',
      });
    },
  );

  it('is only for signed-in users', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/me/usage' });
    expect(response.statusCode).toBe(401);
  });
});

describe('features a plan includes', () => {
  it.each([
    ['free', 402],
    ['pro', 402],
    ['enterprise', 200],
    ['alpha', 200],
  ] as const)('API access on %s answers %i', async (tier, status) => {
    const user = await userOn(tier);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/test/api-access',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(status);
    if (status === 402) {
      expect(response.json().error).toEqual({
        code: 'upgrade_required',
        message: 'API access is part of the Enterprise plan and up. Upgrade to use it.',
        requiredTier: 'enterprise',
      });
    }
  });

  it('names Pro as the plan that brings AI analysis and custom alerts', async () => {
    const user = await userOn('free');
    await expect(entitlements().requireEntitlement(user, 'aiAnalysis')).rejects.toMatchObject({
      statusCode: 402,
      code: 'upgrade_required',
      details: { requiredTier: 'pro' },
    });
    await expect(entitlements().requireEntitlement(user, 'customAlerts')).rejects.toThrow(
      'Custom alerts are part of the Pro plan and up.',
    );
    const pro = await userOn('pro');
    expect(await entitlements().requireEntitlement(pro, 'realtimeData')).toBe('pro');
  });
});

describe('AI calls a day', () => {
  it('a free user has none: 402 naming Pro, and nothing is counted', async () => {
    const user = await userOn('free');
    const response = await aiCall(user);
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({
      code: 'upgrade_required',
      requiredTier: 'pro',
      message: 'Your Free plan includes no AI calls. They come with the Pro plan and up.',
    });
    const rows = await db().select().from(usage).where(eq(usage.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['pro', 50],
    ['enterprise', 200],
    ['alpha', 200],
  ] as const)('a %s user has %i, counted one by one', async (tier, limit) => {
    const user = await userOn(tier);
    const first = await aiCall(user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ used: 1, limit });
    expect((await aiCall(user)).json()).toEqual({ used: 2, limit });
    expect((await usageOf(user)).quotas.aiCalls).toMatchObject({ used: 2, limit });
  });

  it('50 calls at once with 10 left: exactly 10 get through, 40 get 429 with the reset time', async () => {
    clock.set(new Date('2031-03-14T18:00:00Z'));
    const user = await userOn('pro');
    await useAiCalls(user, 40);
    const answers = await Promise.all(Array.from({ length: 50 }, () => aiCall(user)));
    const ok = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(ok.map((answer) => answer.json().used).sort((a, b) => a - b)).toEqual([
      41, 42, 43, 44, 45, 46, 47, 48, 49, 50,
    ]);
    const [sample] = refused;
    expect(sample?.headers['retry-after']).toBe(String(6 * 3600));
    expect(sample?.json().error).toEqual({
      code: 'quota_exceeded',
      resetsAt: '2031-03-15T00:00:00.000Z',
      message:
        'You have used all 50 AI calls your Pro plan includes today. More are available from 00:00 UTC. The Enterprise plan includes 200 a day.',
    });
    expect((await usageOf(user)).quotas.aiCalls).toMatchObject({ used: 50, limit: 50 });
  });

  it('the count starts again at midnight UTC', async () => {
    clock.set(new Date('2031-03-14T23:59:30Z'));
    const user = await userOn('pro');
    await useAiCalls(user, 50);
    const late = await aiCall(user);
    expect(late.statusCode).toBe(429);
    expect(late.headers['retry-after']).toBe('30');

    clock.set(new Date('2031-03-15T00:00:01Z'));
    const next = await aiCall(user);
    expect(next.statusCode).toBe(200);
    expect(next.json()).toEqual({ used: 1, limit: 50 });
    expect((await usageOf(user)).quotas.aiCalls).toEqual({
      used: 1,
      limit: 50,
      resetsAt: '2031-03-16T00:00:00.000Z',
    });
  });

  it('follows a plan change at once: Free to Alpha gets 200 a day', async () => {
    const user = await userOn('free');
    expect((await aiCall(user)).statusCode).toBe(402);
    const [invitationCode] = (await testApp.app.invitations.create({ count: 1 })).codes;
    expect(
      (await post('/api/billing/plan-change', { plan: 'alpha', invitationCode }, user.cookie))
        .statusCode,
    ).toBe(200);
    expect((await aiCall(user)).json()).toEqual({ used: 1, limit: 200 });
  });

  it('gives a call back when the work it paid for failed', async () => {
    const user = await userOn('pro');
    await useAiCalls(user, 2);
    const third = await entitlements().consumeQuota(user, 'aiCalls');
    expect(third.used).toBe(3);
    await third.refund();
    expect(await entitlements().usageOf(user, 'aiCalls')).toMatchObject({ used: 2, limit: 50 });
  });
});

describe('the usage counter', () => {
  it('lets exactly 10 of 50 uses at once through a limit of 10', async () => {
    const user = await userOn('free');
    const key = {
      userId: user.id,
      quota: 'aiCalls' as const,
      periodStart: new Date('2031-03-14T00:00:00Z'),
    };
    const counts = await Promise.all(Array.from({ length: 50 }, () => countUse(db(), key, 10)));
    const counted = counts.filter((count) => count !== null);
    expect(counted).toHaveLength(10);
    expect(new Set(counted).size).toBe(10);
    const [row] = await db()
      .select({ count: usage.count })
      .from(usage)
      .where(and(eq(usage.userId, user.id), eq(usage.periodStart, key.periodStart)));
    expect(row?.count).toBe(10);
  });

  it('forgets periods older than the cut-off and keeps the rest', async () => {
    const user = await userOn('free');
    const old = new Date('2030-01-01T00:00:00Z');
    const recent = new Date('2030-06-01T00:00:00Z');
    await countUse(db(), { userId: user.id, quota: 'aiCalls', periodStart: old }, 5);
    await countUse(db(), { userId: user.id, quota: 'aiCalls', periodStart: recent }, 5);
    await forgetUsageBefore(db(), new Date('2030-03-01T00:00:00Z'));
    const rows = await db().select().from(usage).where(eq(usage.userId, user.id));
    expect(rows.map((row) => row.periodStart.toISOString())).toEqual([recent.toISOString()]);
  });
});

describe('limits on what a user keeps', () => {
  /** Adds a watchlist as the watchlists feature will: count and insert in one transaction. */
  const addWatchlist = (user: SignedUpUser) =>
    db().transaction(async (tx) => {
      await entitlements().requireRoomFor(tx, user, 'watchlists', async () => {
        const result = await tx.execute(
          sql`select count(*)::int as count from test_watchlists where user_id = ${user.id}`,
        );
        const rows = (result as { rows?: { count: number }[] }).rows ?? [];
        return rows[0]?.count ?? 0;
      });
      await tx.execute(sql`insert into test_watchlists (user_id) values (${user.id})`);
    });

  const watchlistsOf = async (user: SignedUpUser) => {
    const result = await db().execute(
      sql`select count(*)::int as count from test_watchlists where user_id = ${user.id}`,
    );
    return ((result as { rows?: { count: number }[] }).rows ?? [])[0]?.count;
  };

  it('a free user keeps 1 watchlist; the second is refused with 402 naming the limit', async () => {
    const user = await userOn('free');
    await addWatchlist(user);
    await expect(addWatchlist(user)).rejects.toMatchObject({
      statusCode: 402,
      code: 'upgrade_required',
      message: 'Your Free plan allows 1 watchlist. Upgrade to Pro for more.',
      details: { requiredTier: 'pro' },
    });
    expect(await watchlistsOf(user)).toBe(1);
  });

  it('10 requests at once on Free make exactly 1 watchlist', async () => {
    const user = await userOn('free');
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => addWatchlist(user)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await watchlistsOf(user)).toBe(1);
  });

  it('on the largest plan, says the limit without an upgrade to offer', async () => {
    const user = await userOn('alpha');
    await expect(
      db().transaction((tx) =>
        entitlements().requireRoomFor(tx, user, 'watchlists', async () => 50),
      ),
    ).rejects.toMatchObject({
      statusCode: 402,
      code: 'plan_limit_reached',
      message: 'Your Alpha Tester plan allows 50 watchlists. Remove one to make room.',
    });
  });

  it.each([
    ['free', 'portfolios', 1],
    ['pro', 'portfolios', 10],
    ['pro', 'customAlerts', 50],
    ['enterprise', 'watchlistSymbols', 500],
    ['free', 'customAlerts', 0],
  ] as const)('%s allows %s up to %i', async (tier, limit, allowed) => {
    const user = await userOn(tier);
    const room = (count: number) =>
      db().transaction((tx) => entitlements().requireRoomFor(tx, user, limit, async () => count));
    if (allowed > 0) await expect(room(allowed - 1)).resolves.toBeUndefined();
    await expect(room(allowed)).rejects.toMatchObject({ statusCode: 402 });
  });
});
