import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  type Alert,
  type CreateAlertInput,
  type Delivery,
  type Destination,
  maxDestinationsPerAccount,
  stockPath,
} from '@tickerwise/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useMailTestApp } from '../../../test/mail-test-app.ts';
import { injectAs, type SignedUpUser, signUpUser, testOrigin } from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { alertDeliveries, alertDestinations, jobs, user as users } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';
import { addressRefusal } from './address-guard.ts';
import {
  deliverJob,
  disableAfterMs,
  lostAfterMs,
  retryDelayMs,
  retryWindowMs,
} from './deliveries.ts';
import { bodyFor } from './payloads.ts';
import { deliveryTimeoutMs, WebhookSender } from './sender.ts';

/**
 * The Standard Webhooks check, written here from the specification and not from the code
 * under test: the key is the base64 after `whsec_`, the signed content `id.timestamp.body`,
 * the header one or more space-separated `v1,<base64>`, compared in constant time, and a
 * timestamp more than 5 minutes from the receiver's clock is refused.
 */
function verifyStandardWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
  nowSeconds: number,
): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') {
    return false;
  }
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 5 * 60) return false;
  const [prefix, encoded] = secret.split('_');
  if (prefix !== 'whsec' || !encoded) return false;
  const expected = createHmac('sha256', Buffer.from(encoded, 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const clock = testClock();
const receiver = new WebhookReceiver();
const mail = useMailTestApp({ clock, config: { webhooksAllowLoopback: true } });
const app = mail.app;

beforeAll(() => receiver.start());
afterAll(() => receiver.stop());
afterEach(() => {
  clock.reset();
  receiver.reset();
});

const db = () => mail.testApp.db.database.db;
/** Tuesday 10 March 2026, 11:00 in New York: a trading day, the market open. */
const tuesday = new Date('2026-03-10T15:00:00Z');
const later = (ms: number) => new Date(tuesday.getTime() + ms);
const hour = 3600_000;

const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(app, user, method, url, payload);

/** An Enterprise user (integrations and alerts) with a confirmed address. */
async function enterprise(): Promise<SignedUpUser> {
  const user = await signUpUser(app);
  await setTier(db(), user.id, 'enterprise');
  await db().update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return user;
}

async function addWebhook(
  user: SignedUpUser,
  path = '/hook',
): Promise<{ destination: Destination; secret: string }> {
  const response = await call(user, 'POST', '/api/integrations/destinations', {
    kind: 'webhook',
    name: 'Trading desk',
    url: `${receiver.url}${path}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function setAlert(user: SignedUpUser, input: CreateAlertInput): Promise<Alert> {
  const response = await call(user, 'POST', '/api/alerts', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().alert;
}

async function bookHolds(symbol: string) {
  const until = Date.now() + 5_000;
  while (Date.now() < until) {
    if (app.alerts.quotes.book.symbolsWithAlerts().includes(symbol)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the book never held ${symbol}`);
}

/** Sets an alert on `symbol` posting to `destinationIds`, and a quote that fires it. */
async function fire(user: SignedUpUser, symbol: string, destinationIds: string[]) {
  await setAlert(user, {
    symbol,
    condition: { kind: 'price_above', level: 5000 },
    email: false,
    destinationIds,
  });
  await bookHolds(symbol);
  const fired = await app.alerts.quotes.onQuote(symbol, {
    price: 5001,
    previousClose: 100,
    fetchedAt: clock().getTime(),
  });
  expect(fired).toHaveLength(1);
}

async function log(user: SignedUpUser, destinationId: string): Promise<Delivery[]> {
  const response = await call(
    user,
    'GET',
    `/api/integrations/destinations/${destinationId}/deliveries`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().deliveries;
}

const sent = (path: string) => receiver.received.filter((request) => request.path === path);

describe('alert destinations', () => {
  it('show the signing secret once, keep it sealed, and list the destination without it', async () => {
    const user = await enterprise();
    const { destination, secret } = await addWebhook(user, '/once?token=abc');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(destination.displayUrl).toBe(`${receiver.url}/once`);
    const list = await call(user, 'GET', '/api/integrations/destinations');
    expect(list.json()).toMatchObject({
      destinations: [{ id: destination.id, kind: 'webhook', enabled: true }],
      limit: maxDestinationsPerAccount,
      included: true,
    });
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain('token=abc');
    const [row] = await db()
      .select()
      .from(alertDestinations)
      .where(eq(alertDestinations.id, destination.id));
    expect(row!.secretSealed).not.toContain(secret.slice(6));
    expect(row!.urlSealed).not.toContain('127.0.0.1');
  });

  it('are part of Enterprise: a Pro user is refused with the plan named', async () => {
    const user = await signUpUser(app);
    await setTier(db(), user.id, 'pro');
    const response = await call(user, 'POST', '/api/integrations/destinations', {
      kind: 'webhook',
      name: 'Desk',
      url: `${receiver.url}/pro`,
    });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({
      code: 'upgrade_required',
      requiredTier: 'enterprise',
    });
  });

  it(`stop at ${maxDestinationsPerAccount} per account, with the limit named`, async () => {
    const user = await enterprise();
    const answers = await Promise.all(
      Array.from({ length: maxDestinationsPerAccount + 2 }, (_, index) =>
        call(user, 'POST', '/api/integrations/destinations', {
          kind: 'webhook',
          name: `Desk ${index}`,
          url: `${receiver.url}/limit/${index}`,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(maxDestinationsPerAccount);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json().error).toMatchObject({ code: 'destination_limit_reached' });
    expect(refused[0]!.json().error.message).toContain(`at most ${maxDestinationsPerAccount}`);
  });

  it('refuse addresses that are not https on a public address, and Slack or Discord look-alikes', async () => {
    const user = await enterprise();
    const refused = [
      { kind: 'webhook', url: 'http://example.com/hook' },
      { kind: 'webhook', url: 'https://10.0.0.8/hook' },
      { kind: 'webhook', url: 'https://169.254.169.254/latest/meta-data' },
      { kind: 'webhook', url: 'https://[::ffff:192.168.1.1]/hook' },
      { kind: 'webhook', url: 'https://[fd00::1]/hook' },
      { kind: 'webhook', url: 'https://100.64.0.1/hook' },
      { kind: 'webhook', url: 'https://user:secret@127.0.0.1/hook' },
      { kind: 'slack', url: `${receiver.url}/services/T000/B000/XXXX` },
      { kind: 'discord', url: 'https://discord.com.evil.example/api/webhooks/1/abc' },
    ];
    for (const input of refused) {
      const response = await call(user, 'POST', '/api/integrations/destinations', {
        name: 'Refused',
        ...input,
      });
      expect(response.statusCode, input.url).toBe(400);
      expect(response.json().error.code, input.url).toBe('destination_address_refused');
    }
    const list = await call(user, 'GET', '/api/integrations/destinations');
    expect(list.json().destinations).toEqual([]);
  });

  it("are the owner's only: another user gets 404 for each, and cannot point an alert at one", async () => {
    const owner = await enterprise();
    const other = await enterprise();
    const { destination } = await addWebhook(owner, '/private');
    const test = await call(owner, 'POST', `/api/integrations/destinations/${destination.id}/test`);
    expect(test.statusCode).toBe(202);
    const deliveryId = test.json().delivery.id;
    for (const [method, url, body] of [
      ['GET', `/api/integrations/destinations/${destination.id}/deliveries`, undefined],
      ['PATCH', `/api/integrations/destinations/${destination.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/integrations/destinations/${destination.id}`, undefined],
      ['POST', `/api/integrations/destinations/${destination.id}/test`, undefined],
      ['POST', `/api/integrations/deliveries/${deliveryId}/resend`, undefined],
    ] as const) {
      const response = await call(other, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const alert = await call(other, 'POST', '/api/alerts', {
      symbol: 'AAPL',
      condition: { kind: 'price_above', level: 9000 },
      destinationIds: [destination.id],
    });
    expect(alert.statusCode).toBe(400);
    expect(
      (await call(other, 'GET', '/api/integrations/destinations')).json().destinations,
    ).toEqual([]);
  });
});

describe('deliveries', () => {
  it('post a firing signed by the Standard Webhooks scheme, checked by an independent verifier', async () => {
    clock.set(tuesday);
    const user = await enterprise();
    const { destination, secret } = await addWebhook(user, '/signed');
    await fire(user, 'NVDA', [destination.id]);
    // Firing only wrote the delivery: nothing was sent yet.
    expect(sent('/signed')).toHaveLength(0);
    const [pending] = await log(user, destination.id);
    expect(pending).toMatchObject({ state: 'pending', attempts: 0, type: 'alert.fired' });

    await app.integrations.deliverDue();
    const [request] = sent('/signed');
    expect(request).toBeDefined();
    expect(request!.headers['content-type']).toBe('application/json');
    expect(
      verifyStandardWebhook(secret, request!.headers, request!.body, tuesday.getTime() / 1000),
    ).toBe(true);
    // A changed body, or another secret, fails the same check.
    expect(
      verifyStandardWebhook(
        secret,
        request!.headers,
        request!.body.replace('NVDA', 'AAPL'),
        tuesday.getTime() / 1000,
      ),
    ).toBe(false);
    expect(
      verifyStandardWebhook(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        request!.headers,
        request!.body,
        tuesday.getTime() / 1000,
      ),
    ).toBe(false);
    expect(request!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(request!.headers['webhook-timestamp']).toBe(String(tuesday.getTime() / 1000));
    const event = JSON.parse(request!.body);
    expect(event).toMatchObject({
      type: 'alert.fired',
      timestamp: tuesday.toISOString(),
      data: {
        symbol: 'NVDA',
        title: 'NVDA rose above $5,000.00',
        value: 5001,
        tradingDay: '2026-03-10',
        url: `${testOrigin}${stockPath('NVDA')}`,
      },
    });
    const [delivered] = await log(user, destination.id);
    expect(delivered).toMatchObject({
      state: 'delivered',
      attempts: 1,
      responseStatus: 200,
      error: null,
      eventId: request!.headers['webhook-id'],
    });
    expect(delivered!.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('retry an answer of 500 with exponential backoff for 24 hours, then log the delivery failed', async () => {
    clock.set(tuesday);
    const user = await enterprise();
    const { destination } = await addWebhook(user, '/flaky');
    receiver.status = 500;
    await fire(user, 'AMD', [destination.id]);
    await app.integrations.deliverDue();
    let [delivery] = await log(user, destination.id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, responseStatus: 500 });
    expect(delivery!.error).toBe('Answered 500.');
    expect(delivery!.nextAttemptAt).toBe(later(30_000).toISOString());

    // Not before it is due.
    clock.set(later(29_000));
    await app.integrations.deliverDue();
    expect(sent('/flaky')).toHaveLength(1);

    // Each next attempt waits twice as long: 30 s, 1 min, 2 min, 4 min...
    let at = tuesday.getTime();
    const waits: number[] = [];
    for (let attempt = 1; attempt < 30; attempt += 1) {
      [delivery] = await log(user, destination.id);
      if (delivery!.state !== 'pending') break;
      const next = Date.parse(delivery!.nextAttemptAt!);
      waits.push(next - at);
      at = next;
      clock.set(new Date(next));
      await app.integrations.deliverDue();
    }
    expect(waits.slice(0, 5)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    expect(waits.slice(0, 5)).toEqual([1, 2, 3, 4, 5].map(retryDelayMs));
    expect(Math.max(...waits)).toBeLessThanOrEqual(4 * hour);
    // The last attempt is at the end of the 24 hours; then it is failed, and stays in the log.
    expect(at).toBe(tuesday.getTime() + retryWindowMs);
    expect(delivery).toMatchObject({ state: 'failed', nextAttemptAt: null, responseStatus: 500 });
    expect(delivery!.attempts).toBe(waits.length + 1);
    expect(sent('/flaky')).toHaveLength(waits.length + 1);
    // Every attempt carried the same event id, so a receiver can tell a retry from a new event.
    expect(new Set(sent('/flaky').map((request) => request.headers['webhook-id'])).size).toBe(1);

    // Once the receiver works again, "Resend" delivers the same event.
    receiver.status = 200;
    const resend = await call(user, 'POST', `/api/integrations/deliveries/${delivery!.id}/resend`);
    expect(resend.statusCode, resend.body).toBe(202);
    await app.integrations.deliverDue();
    const [resent] = await log(user, destination.id);
    expect(resent).toMatchObject({ state: 'delivered', eventId: delivery!.eventId });
    const destinations = (await call(user, 'GET', '/api/integrations/destinations')).json();
    expect(destinations.destinations[0]).toMatchObject({ failingSince: null, enabled: true });
  });

  it('turn a destination off after 3 days of failures and email its owner', async () => {
    clock.set(tuesday);
    const user = await enterprise();
    const { destination } = await addWebhook(user, '/down');
    receiver.status = 503;
    await fire(user, 'INTC', [destination.id]);
    await app.integrations.deliverDue();
    clock.set(later(2 * 24 * hour));
    await app.integrations.deliverDue();
    const listed = await call(user, 'GET', '/api/integrations/destinations');
    expect(listed.json().destinations[0]).toMatchObject({
      enabled: true,
      failingSince: tuesday.toISOString(),
    });
    // 3 days after the first failure, the next failure turns it off.
    clock.set(later(disableAfterMs));
    await fire(user, 'AMAT', [destination.id]);
    await app.integrations.deliverDue();
    const [row] = await db()
      .select()
      .from(alertDestinations)
      .where(eq(alertDestinations.id, destination.id));
    expect(row).toMatchObject({ disabledReason: 'failing' });
    // Both deliveries are in the log as failed: none is left pending or dropped.
    const deliveries = await db()
      .select({ state: alertDeliveries.state })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.destinationId, destination.id));
    expect(deliveries.map((delivery) => delivery.state)).toEqual(['failed', 'failed']);
    await mail.deliver();
    const [notice] = await mail.inbox.waitFor(user.email, 1, {
      subject: 'Alerts stopped going to Trading desk',
    });
    expect(notice!.parsed.text).toContain('March 10, 2026');
    expect(notice!.parsed.text).toContain('/dashboard/settings?tab=integrations');

    // A turned-off destination gets no new deliveries; turning it on forgets the failures.
    const attempts = sent('/down').length;
    await fire(user, 'QCOM', [destination.id]);
    await app.integrations.deliverDue();
    expect(sent('/down')).toHaveLength(attempts);
    const on = await call(user, 'PATCH', `/api/integrations/destinations/${destination.id}`, {
      enabled: true,
    });
    expect(on.json().destination).toMatchObject({ enabled: true, failingSince: null });
  });

  it('send a test event on demand, and leave a deleted destination out of its alerts', async () => {
    const user = await enterprise();
    const { destination, secret } = await addWebhook(user, '/test-event');
    const test = await call(user, 'POST', `/api/integrations/destinations/${destination.id}/test`);
    expect(test.statusCode).toBe(202);
    await app.integrations.deliverDue();
    const [request] = sent('/test-event');
    expect(JSON.parse(request!.body)).toMatchObject({ type: 'test', data: {} });
    expect(verifyStandardWebhook(secret, request!.headers, request!.body, Date.now() / 1000)).toBe(
      true,
    );
    const alert = await setAlert(user, {
      symbol: 'ORCL',
      condition: { kind: 'price_above', level: 9000 },
      destinationIds: [destination.id],
    });
    expect(alert.destinationIds).toEqual([destination.id]);
    const deleted = await call(user, 'DELETE', `/api/integrations/destinations/${destination.id}`);
    expect(deleted.statusCode).toBe(204);
    const alerts = (await call(user, 'GET', '/api/alerts')).json().alerts as Alert[];
    expect(alerts.find((item) => item.id === alert.id)?.destinationIds).toEqual([]);
  });
});

describe('the sweep for lost deliveries', () => {
  const jobOf = async (deliveryId: string) =>
    (
      await db()
        .select({ state: jobs.state })
        .from(jobs)
        .where(and(eq(jobs.name, deliverJob), eq(jobs.key, deliveryId)))
    )[0];

  it('queues again, once across sweepers, a pending delivery whose job was lost', async () => {
    clock.set(tuesday);
    const user = await enterprise();
    const { destination } = await addWebhook(user, '/lost');
    await fire(user, 'MU', [destination.id]);
    await fire(user, 'TXN', [destination.id]);
    const [second, first] = await log(user, destination.id);
    // The first one's job is gone (an instance stopped between writes, a restore); the second
    // one's job failed for good after repeated errors. Both rows still say pending.
    await db()
      .delete(jobs)
      .where(and(eq(jobs.name, deliverJob), eq(jobs.key, first!.id)));
    await db()
      .update(jobs)
      .set({ state: 'failed', finishedAt: tuesday })
      .where(and(eq(jobs.name, deliverJob), eq(jobs.key, second!.id)));
    await app.integrations.deliverDue();
    expect(sent('/lost')).toHaveLength(0);

    // Not while the attempt time is recent: the job may still be on its way.
    clock.set(later(lostAfterMs - 1_000));
    expect(await app.integrations.sweepLost()).toBe(0);

    clock.set(later(lostAfterMs));
    const swept = await Promise.all([
      app.integrations.sweepLost(),
      app.integrations.sweepLost(),
      app.integrations.deliveries.requeueLost(),
    ]);
    expect(swept.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(await jobOf(first!.id)).toEqual({ state: 'queued' });
    expect(await jobOf(second!.id)).toEqual({ state: 'queued' });
    // Queued now, so the next sweep leaves them be.
    expect(await app.integrations.sweepLost()).toBe(0);

    await app.integrations.deliverDue();
    const received = sent('/lost').map((request) => request.headers['webhook-id']);
    expect(received.sort()).toEqual([first!.eventId, second!.eventId].sort());
    const states = (await log(user, destination.id)).map((delivery) => delivery.state);
    expect(states).toEqual(['delivered', 'delivered']);
    clock.set(later(10 * lostAfterMs));
    expect(await app.integrations.sweepLost()).toBe(0);
    expect(sent('/lost')).toHaveLength(2);
  });

  it('leaves alone a delivery whose job waits for its retry or is held by a worker', async () => {
    clock.set(tuesday);
    const user = await enterprise();
    const { destination } = await addWebhook(user, '/held');
    receiver.status = 500;
    await fire(user, 'ADI', [destination.id]);
    await app.integrations.deliverDue();
    const [retrying] = await log(user, destination.id);
    expect(retrying).toMatchObject({ state: 'pending', attempts: 1 });
    // Long past its retry time, with its job still queued (every worker busy elsewhere).
    clock.set(later(hour));
    expect(await app.integrations.sweepLost()).toBe(0);
    // Held by a worker whose lease ran out: the queue itself gives it to another worker.
    await db()
      .update(jobs)
      .set({ state: 'running', lockedBy: 'stopped-instance', lockedUntil: later(hour - 1_000) })
      .where(and(eq(jobs.name, deliverJob), eq(jobs.key, retrying!.id)));
    expect(await app.integrations.sweepLost()).toBe(0);
    receiver.status = 200;
    await app.integrations.deliverDue();
    expect((await log(user, destination.id))[0]).toMatchObject({ state: 'delivered', attempts: 2 });
  });
});

describe('the sender', () => {
  it(`gives up on a receiver that does not answer (${deliveryTimeoutMs / 1000} s in the app)`, async () => {
    receiver.hang = true;
    const sender = new WebhookSender({ allowLoopback: true }, 300);
    const result = await sender.post({ url: `${receiver.url}/hang`, body: '{}', headers: {} });
    expect(result).toMatchObject({ ok: false, status: null, error: 'No answer within 0.3 s.' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(290);
    expect(result.latencyMs).toBeLessThan(2_000);
  });

  it('does not follow a redirect', async () => {
    receiver.status = 302;
    const sender = new WebhookSender({ allowLoopback: true });
    const result = await sender.post({ url: `${receiver.url}/moved`, body: '{}', headers: {} });
    expect(result).toMatchObject({ ok: false, status: 302 });
    expect(sent('/elsewhere')).toHaveLength(0);
  });

  it('checks the address again at every send: loopback is refused without the test setting', async () => {
    const before = receiver.received.length;
    const sender = new WebhookSender({ allowLoopback: false });
    for (const url of [`${receiver.url}/again`, `https://127.0.0.1:1/again`, 'https://[::1]/x']) {
      const result = await sender.post({ url, body: '{}', headers: {} });
      expect(result.ok, url).toBe(false);
      expect(result.status).toBeNull();
    }
    expect(receiver.received.length).toBe(before);
  });

  it('bounds the body it sends', async () => {
    const sender = new WebhookSender({ allowLoopback: true });
    const result = await sender.post({
      url: `${receiver.url}/big`,
      body: JSON.stringify({ text: 'x'.repeat(70_000) }),
      headers: {},
    });
    expect(result).toMatchObject({ ok: false, error: 'The event is too large to send.' });
    expect(sent('/big')).toHaveLength(0);
  });
});

describe('addresses', () => {
  const strict = { allowLoopback: false };
  it.each([
    ['0.0.0.0', 'an unspecified address'],
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.0.10', 'a private address'],
    ['100.64.0.1', 'a shared (carrier-grade NAT) address'],
    ['100.127.255.254', 'a shared (carrier-grade NAT) address'],
    ['169.254.169.254', 'a link-local address'],
    ['224.0.0.1', 'a multicast address'],
    ['255.255.255.255', 'a reserved address'],
    ['::', 'an unspecified address'],
    ['::1', 'a loopback address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['::ffff:169.254.169.254', 'a link-local address'],
    ['64:ff9b::a9fe:a9fe', 'a link-local address'],
    ['2002:c0a8:0101::1', 'a private address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['ff02::1', 'a multicast address'],
    ['2001:db8::1', 'a reserved address'],
  ])('refuses %s (%s)', (address, why) => {
    expect(addressRefusal(address, strict)).toBe(why);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(addressRefusal(address, strict)).toBeUndefined();
  });

  it('allows loopback, and only loopback, with the test setting', () => {
    const loose = { allowLoopback: true };
    expect(addressRefusal('127.0.0.1', loose)).toBeUndefined();
    expect(addressRefusal('::1', loose)).toBeUndefined();
    expect(addressRefusal('10.0.0.1', loose)).toBe('a private address');
    expect(addressRefusal('169.254.169.254', loose)).toBe('a link-local address');
  });
});

describe('Slack and Discord messages', () => {
  const firing = {
    type: 'alert.fired' as const,
    occurredAt: tuesday,
    data: {
      alertId: 'a',
      firingId: 'f',
      symbol: 'BRK.B',
      title: 'BRK.B rose above $500.00',
      message: 'BRK.B traded at $501.00 <@everyone> & more',
      value: 501,
      tradingDay: '2026-03-10',
      firedAt: tuesday.toISOString(),
    },
  };
  const link = `https://app.example${stockPath('BRK.B')}`;

  it('give Slack an incoming-webhook message: text in mrkdwn, escaped, with the symbol linked', () => {
    const body = JSON.parse(bodyFor('slack', firing, 'https://app.example'));
    expect(Object.keys(body)).toEqual(['text']);
    expect(body.text).toBe(
      `*<${link}|BRK.B>* BRK.B rose above $500.00\nBRK.B traded at $501.00 &lt;@everyone&gt; &amp; more`,
    );
  });

  it('give Discord an execute-webhook message: content of at most 2,000 characters, no mentions', () => {
    const body = JSON.parse(bodyFor('discord', firing, 'https://app.example'));
    expect(body).toEqual({
      content: `**BRK.B** BRK.B rose above $500.00\nBRK.B traded at $501.00 <@everyone> & more\n${link}`,
      allowed_mentions: { parse: [] },
    });
    const long = JSON.parse(
      bodyFor(
        'discord',
        { ...firing, data: { ...firing.data, message: 'x'.repeat(3000) } },
        'https://app.example',
      ),
    );
    expect(long.content).toHaveLength(2000);
    expect(long.content.endsWith(link)).toBe(true);
  });
});
