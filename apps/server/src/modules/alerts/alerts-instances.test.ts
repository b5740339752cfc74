import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUpUser,
  type TestApp,
  testConfig,
  testDeps,
  testOrigin,
} from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { alertFirings, notifications } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';

/** Two server instances on one database, as behind a load balancer. */
let first: TestApp;
let second: FastifyInstance;
let secondDatabase: Database;

beforeAll(async () => {
  first = await createTestApp();
  secondDatabase = first.db.url
    ? await openDatabase({ databaseUrl: first.db.url, migrate: false })
    : first.db.database;
  second = await buildApp(testConfig(), testDeps({ database: secondDatabase }));
  await second.ready();
});
afterAll(async () => {
  await second.close();
  if (secondDatabase !== first.db.database) await secondDatabase.close();
  await first.close();
});

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('alerts on two instances', () => {
  it('an alert set through one instance is in the other one’s book, and one crossing fires it once', async () => {
    const user = await signUpUser(first.app);
    await setTier(first.db.database.db, user.id, 'pro');
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { cookie: user.cookie, origin: testOrigin },
      payload: { symbol: 'TSLA', condition: { kind: 'price_above', level: 300 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().alert.id;
    await until(() => second.alerts.quotes.book.has('TSLA'), 'the second book');

    // Both instances take in the crossing quote at the same moment.
    const quote = { price: 301, previousClose: 290, fetchedAt: Date.now() };
    const results = await Promise.all([
      first.app.alerts.quotes.onQuote('TSLA', quote),
      second.alerts.quotes.onQuote('TSLA', quote),
      first.app.alerts.quotes.onQuote('TSLA', { ...quote, price: 302 }),
      second.alerts.quotes.onQuote('TSLA', { ...quote, price: 303 }),
    ]);
    expect(results.flat()).toHaveLength(1);
    const db = first.db.database.db;
    expect(await db.select().from(alertFirings).where(eq(alertFirings.alertId, id))).toHaveLength(
      1,
    );
    expect(
      await db.select().from(notifications).where(eq(notifications.userId, user.id)),
    ).toHaveLength(1);
    // Fired, it leaves both books.
    await until(
      () => !first.app.alerts.quotes.book.has('TSLA') && !second.alerts.quotes.book.has('TSLA'),
      'both books to drop the fired alert',
    );

    // Armed again through the second instance, the first one sees it.
    const rearmed = await second.inject({
      method: 'PATCH',
      url: `/api/alerts/${id}`,
      headers: { cookie: user.cookie, origin: testOrigin },
      payload: { state: 'armed' },
    });
    expect(rearmed.statusCode, rearmed.body).toBe(200);
    await until(() => first.app.alerts.quotes.book.has('TSLA'), 'the first book');
    // Deleted through the first, it leaves the second.
    await first.app.inject({
      method: 'DELETE',
      url: `/api/alerts/${id}`,
      headers: { cookie: user.cookie, origin: testOrigin },
    });
    await until(() => !second.alerts.quotes.book.has('TSLA'), 'the second book to drop it');
  });
});
