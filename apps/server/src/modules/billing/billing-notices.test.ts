import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { billingRequests } from '../../../test/billing-requests.ts';
import { testMailFrom, useMailTestApp } from '../../../test/mail-test-app.ts';
import { linkIn } from '../../../test/smtp-inbox.ts';
import {
  type SignedUpUser,
  signUpUser,
  testConfig,
  testDeps,
  testOrigin,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { payments, subscriptions } from '../../db/schema/index.ts';

const clock = testClock();
const mailApp = useMailTestApp({ clock });
const { inbox, deliver, app } = mailApp;
afterEach(() => clock.reset());

const { post, changePlan } = billingRequests(() => mailApp.testApp);
const visa = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const checkout = (user: SignedUpUser, plan: string) =>
  post('/api/billing/checkout', { plan, idempotencyKey: randomUUID(), card: visa }, user.cookie);

/** Looks for billing events, then sends what they queued. */
async function notify() {
  await app.billingNotices.runDue();
  await deliver();
}

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function paidUser(name: string, plan = 'pro'): Promise<SignedUpUser> {
  const user = await signUpUser(app, { name });
  expect((await checkout(user, plan)).statusCode).toBe(200);
  return user;
}

const receiptSubject = /^Your Tickerwise receipt TW-[0-9A-F]{10}$/;
const receiptsTo = (user: SignedUpUser) =>
  inbox.to(user.email).filter((mail) => receiptSubject.test(mail.parsed.subject ?? ''));

describe('Receipts', () => {
  it('emails a receipt for a payment, with plan, period, amount, card, an empty tax line and our address', async () => {
    const user = await paidUser('Margaret Hamilton');
    await notify();
    await inbox.waitFor(user.email, 2); // the address confirmation, and the receipt
    const [receipt] = receiptsTo(user);
    expect(receipt).toBeDefined();
    const text = receipt!.parsed.text!;
    expect(text).toContain('Hello Margaret Hamilton, thank you for your payment.');
    expect(text).toMatch(/Plan: Pro \(monthly subscription, first month\)/);
    expect(text).toMatch(/Period: \w+ \d{1,2}, \d{4} to \w+ \d{1,2}, \d{4}/);
    expect(text).toContain('Amount paid: $19.99');
    expect(text).toContain('Card: ending in 4242');
    expect(text).toMatch(/^Tax:\s*$/m);
    expect(text).toContain(`Paid to Tickerwise, ${testOrigin}`);
    expect(linkIn(receipt!, `${testOrigin}/dashboard/settings?tab=billing`)).toBeTruthy();

    // Recorded: looking again sends nothing more.
    await notify();
    await notify();
    expect(receiptsTo(user)).toHaveLength(1);
  });

  it('shows the receipt as a printable page to its owner only', async () => {
    const owner = await paidUser('Radia Perlman', 'enterprise');
    const other = await signUpUser(app);
    const [payment] = await mailApp.testApp.db.database.db
      .select()
      .from(payments)
      .where(eq(payments.userId, owner.id));
    const url = `/api/billing/receipts/${payment!.id}`;

    const page = await get(url, owner.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('Enterprise (monthly subscription, first month)');
    expect(page.body).toContain('$49.99');
    expect(page.body).toContain('@media print');
    expect(page.body).toMatch(/<th scope="row">Tax<\/th><td><\/td>/);

    const all = await get('/api/billing/receipts', owner.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.body.match(/<article class="receipt"/g)).toHaveLength(1);

    for (const [address, cookie] of [
      [url, other.cookie],
      [`/api/billing/receipts/${randomUUID()}`, owner.cookie],
      ['/api/billing/receipts/not-an-id', owner.cookie],
    ] as const) {
      const refused = await get(address, cookie);
      expect(refused.statusCode, address).toBe(404);
      expect(refused.json().error.code).toBe('not_found');
    }
    expect((await get(url)).statusCode).toBe(401);
    const none = await get('/api/billing/receipts', other.cookie);
    expect(none.body).toContain('You have no receipts yet');
  });

  it('sends each receipt once when two instances look at the same moment', async () => {
    const testApp = mailApp.testApp;
    const other = testApp.db.url
      ? await openDatabase({ databaseUrl: testApp.db.url, migrate: false })
      : testApp.db.database;
    const second = await buildApp(
      testConfig({ mail: { smtpUrl: inbox.url, from: testMailFrom } }),
      testDeps({ database: other, clock }),
    );
    await second.ready();
    try {
      const users = [];
      for (let index = 0; index < 4; index += 1) users.push(await paidUser(`Payer ${index}`));
      await Promise.all([
        app.billingNotices.runDue(),
        second.billingNotices.runDue(),
        app.billingNotices.runDue(),
      ]);
      await Promise.all([app.mail.deliverDue(), second.mail.deliverDue()]);
      for (const user of users) await inbox.waitFor(user.email, 2);
      for (const user of users) expect(receiptsTo(user)).toHaveLength(1);
    } finally {
      await second.close();
      if (other !== testApp.db.database) await other.close();
    }
  });
});

describe('Subscription messages', () => {
  it('tells once of a move to Free at the end of the period, and once when the plan ends', async () => {
    const user = await paidUser('Frances Allen');
    expect((await changePlan(user, 'free')).json().outcome).toBe('scheduled');
    await notify();
    await notify();
    const [subscription] = await mailApp.testApp.db.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    const scheduled = await inbox.waitFor(user.email, 1, {
      subject: `Your Tickerwise plan changes to Free on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(subscription!.currentPeriodEnd)}`,
    });
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.parsed.text).toContain('You keep everything in Pro until');

    clock.set(new Date(subscription!.currentPeriodEnd.getTime() + 1000));
    await app.scheduler.find('billing sweep')?.runNow();
    await notify();
    await notify();
    const ended = await inbox.waitFor(user.email, 1, {
      subject: 'Your Tickerwise Pro subscription is cancelled',
    });
    expect(ended).toHaveLength(1);
    expect(ended[0]!.parsed.text).toContain('Your account is on Free now.');
    expect(
      inbox.to(user.email).filter((mail) => mail.parsed.subject?.includes('plan changes')),
    ).toHaveLength(1);
  });

  it('says nothing of a move that was taken back before anyone looked', async () => {
    const user = await paidUser('Adele Goldberg');
    await notify();
    await changePlan(user, 'free');
    await changePlan(user, 'pro');
    await notify();
    expect(
      inbox.to(user.email).filter((mail) => mail.parsed.subject?.includes('plan changes')),
    ).toHaveLength(0);
  });
});
