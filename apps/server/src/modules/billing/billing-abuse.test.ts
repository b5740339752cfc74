import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingRequests } from '../../../test/billing-requests.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const { post, changePlan: requestPlanChange, tierOf } = billingRequests(() => testApp);
const visa = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const declined = { ...visa, number: '4000 0000 0000 0002' };

const checkout = (user: SignedUpUser, card: object, address: string) =>
  post('/api/billing/checkout', { plan: 'pro', idempotencyKey: randomUUID(), card }, user.cookie, {
    'x-forwarded-for': address,
  });

const failedPaymentsOf = async (user: SignedUpUser) =>
  (await testApp.db.database.db.select().from(payments).where(eq(payments.userId, user.id))).filter(
    (payment) => payment.status === 'failed',
  );

describe('card testing', () => {
  it('one account trying declined card after card is stopped after 5 failures an hour', async () => {
    const tester = await signUpUser(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      statuses.push((await checkout(tester, declined, `198.18.1.${attempt}`)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([402, 402, 402, 402, 402]);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    expect(await failedPaymentsOf(tester)).toHaveLength(5);

    const refused = await checkout(tester, visa, '198.18.1.99');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many failed payments. Please wait 60 minutes and try again.',
    });
  });

  it('one address trying cards on many accounts is stopped after 20 failures an hour', async () => {
    const statuses: number[] = [];
    for (let account = 0; account < 6; account++) {
      const tester = await signUpUser(testApp.app);
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push((await checkout(tester, declined, '198.18.2.1')).statusCode);
      }
    }
    expect(statuses.filter((status) => status === 402)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });

  it('declined cards sent at once count too', async () => {
    // One account has one checkout running at a time: attempts overlapping it are answered
    // 409 payment_in_progress and given back. However they interleave, 5 failures get through.
    const tester = await signUpUser(testApp.app);
    const statuses: number[] = [];
    for (let round = 0; round < 8; round++) {
      const batch = await Promise.all(
        Array.from({ length: 12 }, () => checkout(tester, declined, '198.18.3.1')),
      );
      statuses.push(...batch.map((response) => response.statusCode));
      if (batch.every((response) => response.statusCode === 429)) break;
    }
    expect(statuses.slice(-12)).toEqual(Array(12).fill(429));
    expect(statuses.every((status) => [402, 409, 429].includes(status))).toBe(true);
    expect(statuses.filter((status) => status === 402)).toHaveLength(5);
    expect(await failedPaymentsOf(tester)).toHaveLength(5);
  });

  it('declined cards from many accounts at once stop at the address limit', async () => {
    const testers = await Promise.all(Array.from({ length: 24 }, () => signUpUser(testApp.app)));
    const responses = await Promise.all(
      testers.map((tester) => checkout(tester, declined, '198.18.3.2')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 402)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    const failed = await Promise.all(testers.map(failedPaymentsOf));
    expect(failed.flat()).toHaveLength(20);
  });

  it('a customer whose card was declined a few times can still pay with another', async () => {
    const customer = await signUpUser(testApp.app);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await checkout(customer, declined, '198.18.4.1')).statusCode).toBe(402);
    }
    expect((await checkout(customer, visa, '198.18.4.1')).statusCode).toBe(200);
    expect(await tierOf(customer)).toBe('pro');
  });

  it('a mistyped card (refused before any payment) does not count', async () => {
    const customer = await signUpUser(testApp.app);
    for (let attempt = 0; attempt < 8; attempt++) {
      const typo = await checkout(customer, { ...visa, number: '4242' }, '198.18.5.1');
      expect(typo.statusCode).toBe(400);
    }
    expect((await checkout(customer, visa, '198.18.5.1')).statusCode).toBe(200);
  });
});

describe('plan switches sent at once', () => {
  it('identical Pro to Enterprise switches sent at once record one proration', async () => {
    const customer = await signUpUser(testApp.app);
    expect((await checkout(customer, visa, '198.18.6.1')).statusCode).toBe(200);
    expect(await tierOf(customer)).toBe('pro');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => requestPlanChange(customer, 'enterprise')),
    );
    for (const answer of answers) {
      expect([200, 409]).toContain(answer.statusCode);
      if (answer.statusCode === 409) {
        expect(['plan_changed', 'no_change']).toContain(answer.json().error.code);
      }
    }
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    const prorations = (
      await testApp.db.database.db.select().from(payments).where(eq(payments.userId, customer.id))
    ).filter((payment) => payment.kind === 'proration');
    expect(prorations).toHaveLength(1);
    expect(await tierOf(customer)).toBe('enterprise');
  });

  it('the same switch made three times at once by the billing rules records one proration', async () => {
    // The HTTP requests above overlap only partly on PGlite; the rules called side by side
    // interleave at every query on either database.
    const customer = await signUpUser(testApp.app);
    expect((await checkout(customer, visa, '198.18.6.3')).statusCode).toBe(200);
    const db = testApp.db.database.db;
    const payer = { id: customer.id, name: 'Ada Investor', email: customer.email };
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map(() => testApp.app.billing.changePlan(payer, 'enterprise')),
    );
    expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(AppError);
    }
    const prorations = (
      await db.select().from(payments).where(eq(payments.userId, customer.id))
    ).filter((payment) => payment.kind === 'proration');
    expect(prorations).toHaveLength(1);
    expect(await tierOf(customer)).toBe('enterprise');
  });

  it('a switch there and back at once leaves one consistent plan and one proration per move', async () => {
    const customer = await signUpUser(testApp.app);
    expect((await checkout(customer, visa, '198.18.6.2')).statusCode).toBe(200);
    await Promise.all([
      requestPlanChange(customer, 'enterprise'),
      requestPlanChange(customer, 'enterprise'),
    ]);
    await Promise.all([requestPlanChange(customer, 'pro'), requestPlanChange(customer, 'pro')]);
    const prorations = (
      await testApp.db.database.db
        .select()
        .from(payments)
        .where(eq(payments.userId, customer.id))
        .orderBy(payments.createdAt)
    ).filter((payment) => payment.kind === 'proration');
    expect(prorations.map((payment) => payment.tier)).toEqual(['enterprise', 'pro']);
    expect(await tierOf(customer)).toBe('pro');
  });
});
