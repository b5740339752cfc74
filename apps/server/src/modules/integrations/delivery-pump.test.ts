import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Delivery } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testConfig,
  testDeps,
  testOrigin,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { alertDeliveries, user as users } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';
import { WebhookSender } from './sender.ts';

/** The app's clock: a Friday in November 2026. */
const appNow = new Date('2026-11-27T15:00:00Z');
/** The simulated market runs 8 months earlier: Tuesday 10 March 2026, 11:00 in New York. */
const marketStart = new Date('2026-03-10T15:00:00Z');
const config = {
  webhooksAllowLoopback: true,
  market: { provider: 'simulated', startsAt: marketStart.getTime() },
} as const;

const clock = testClock();
const receiver = new WebhookReceiver();
/** Two server instances on one database, as behind a load balancer. */
let first: TestApp;
let second: FastifyInstance;
let secondDatabase: Database;

beforeAll(async () => {
  await receiver.start();
  clock.set(appNow);
  first = await createTestApp({ clock, config });
  secondDatabase = first.db.url
    ? await openDatabase({ databaseUrl: first.db.url, migrate: false })
    : first.db.database;
  second = await buildApp(testConfig(config), testDeps({ database: secondDatabase, clock }));
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  if (secondDatabase && secondDatabase !== first.db.database) await secondDatabase.close();
  await first?.close();
  await receiver.stop();
});
afterEach(() => {
  clock.set(appNow);
  receiver.reset();
});

const db = () => first.db.database.db;
const later = (ms: number) => new Date(appNow.getTime() + ms);

function call(user: SignedUpUser, method: string, url: string, payload?: object) {
  return first.app.inject({
    method: method as 'GET',
    url,
    headers: { cookie: user.cookie, origin: testOrigin },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function enterpriseWithWebhook(path: string) {
  const user = await signUpUser(first.app);
  await setTier(db(), user.id, 'enterprise');
  await db().update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  const response = await call(user, 'POST', '/api/integrations/destinations', {
    kind: 'webhook',
    name: 'Trading desk',
    url: `${receiver.url}${path}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { user, destinationId: response.json().destination.id as string };
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

describe('deliveries with a simulated market at another instant', () => {
  it("are timed by the app's clock: a failed first attempt is retried 30 s later", async () => {
    const { user, destinationId } = await enterpriseWithWebhook('/simulated');
    const alert = await call(user, 'POST', '/api/alerts', {
      symbol: 'NVDA',
      condition: { kind: 'price_above', level: 5000 },
      email: false,
      destinationIds: [destinationId],
    });
    expect(alert.statusCode, alert.body).toBe(201);
    const deadline = Date.now() + 5_000;
    while (!first.app.alerts.quotes.book.has('NVDA') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The quote comes from the market, at the market's time.
    const fired = await first.app.alerts.quotes.onQuote('NVDA', {
      price: 5001,
      previousClose: 100,
      fetchedAt: marketStart.getTime(),
    });
    expect(fired).toHaveLength(1);
    const [made] = await log(user, destinationId);
    expect(made).toMatchObject({
      state: 'pending',
      createdAt: appNow.toISOString(),
      nextAttemptAt: appNow.toISOString(),
    });

    receiver.status = 500;
    await first.app.integrations.deliverDue();
    const [failed] = await log(user, destinationId);
    expect(failed).toMatchObject({
      state: 'pending',
      attempts: 1,
      responseStatus: 500,
      nextAttemptAt: later(30_000).toISOString(),
    });

    clock.set(later(29_000));
    await first.app.integrations.deliverDue();
    expect(sent('/simulated')).toHaveLength(1);

    receiver.status = 200;
    clock.set(later(30_000));
    await first.app.integrations.deliverDue();
    const [delivered] = await log(user, destinationId);
    expect(delivered).toMatchObject({ state: 'delivered', attempts: 2, responseStatus: 200 });
    const [firstTry, retry] = sent('/simulated');
    expect(retry!.headers['webhook-id']).toBe(firstTry!.headers['webhook-id']);
    // The attempt is stamped by the app's clock; the event keeps the market's time.
    expect(retry!.headers['webhook-timestamp']).toBe(String(later(30_000).getTime() / 1000));
    expect(JSON.parse(retry!.body)).toMatchObject({
      type: 'alert.fired',
      timestamp: marketStart.toISOString(),
      data: { symbol: 'NVDA', tradingDay: '2026-03-10' },
    });
  });
});

describe('the delivery pump', () => {
  it('sends many deliveries at once, each exactly once, with two instances taking them together', async () => {
    const { user, destinationId } = await enterpriseWithWebhook('/many');
    const count = 60;
    for (let index = 0; index < count; index += 1) {
      await first.app.integrations.deliveries.sendTest(user.id, destinationId);
    }
    receiver.delayMs = 1_000;
    const [one, other] = await Promise.all([
      first.app.integrations.deliverDue(),
      second.integrations.deliverDue(),
    ]);
    expect(one + other).toBe(count);
    const ids = sent('/many').map((request) => request.headers['webhook-id']);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    // Sent side by side, not one after another: a receiver that takes a second to answer
    // held most of them at the same moment.
    expect(receiver.mostAtOnce).toBeGreaterThanOrEqual(count / 2);
    const states = await db()
      .select({ state: alertDeliveries.state, attempts: alertDeliveries.attempts })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.destinationId, destinationId));
    expect(states).toHaveLength(count);
    expect(states.every((row) => row.state === 'delivered' && row.attempts === 1)).toBe(true);
    // Nothing is left to send.
    expect(
      await Promise.all([first.app.integrations.deliverDue(), second.integrations.deliverDue()]),
    ).toEqual([0, 0]);
  });

  it('sends again on a new connection when the receiver closes a kept one as a delivery goes out', async () => {
    // A receiver that drops every connection on its second request (as one closing an idle
    // connection at that moment does), after answering the first.
    const served = new WeakMap<object, number>();
    const answered: string[] = [];
    let arrived = 0;
    const dropping = createServer((request, response) => {
      arrived += 1;
      const count = (served.get(request.socket) ?? 0) + 1;
      served.set(request.socket, count);
      if (count > 1) {
        request.socket.destroy();
        return;
      }
      request.resume();
      request.on('end', () => {
        answered.push(request.url ?? '');
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
      const sender = new WebhookSender({ allowLoopback: true });
      const one = await sender.post({ url: `${url}/one`, body: '{}', headers: {} });
      const two = await sender.post({ url: `${url}/two`, body: '{}', headers: {} });
      sender.close();
      expect(one).toMatchObject({ ok: true, status: 200 });
      expect(two).toMatchObject({ ok: true, status: 200 });
      expect(answered).toEqual(['/one', '/two']);
      // The second went out on the kept connection, was dropped, and went again.
      expect(arrived).toBe(3);
    } finally {
      dropping.closeAllConnections();
      await new Promise<void>((resolve) => dropping.close(() => resolve()));
    }
  });

  it('keeps the connection to a receiver alive between deliveries', async () => {
    const { user, destinationId } = await enterpriseWithWebhook('/kept');
    const before = receiver.connections;
    for (let index = 0; index < 5; index += 1) {
      await first.app.integrations.deliveries.sendTest(user.id, destinationId);
      await first.app.integrations.deliverDue();
    }
    expect(sent('/kept')).toHaveLength(5);
    expect(receiver.connections - before).toBeLessThanOrEqual(1);
  });
});
