import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertDeliveries,
  alertDestinations,
  communityModerators,
  learnCertificates,
  payments,
  supportAgents,
  teamMembers,
  teams,
  user,
} from '../src/db/schema/index.ts';
import type { ApiRoute } from '../src/http/route-access.ts';
import { insertNotification } from '../src/modules/notifications/service.ts';
import { setTier } from '../src/modules/profiles/service.ts';
import { fillPath, sendRaw } from './raw-http.ts';
import { onePixelPng } from './support-fixtures.ts';
import { tableDigests } from './table-digests.ts';
import {
  createTestApp,
  type SignedUpUser,
  signInUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from './test-app.ts';

/**
 * No safe method changes anything (RFC 9110 §9.2.1): links, prefetchers, crawlers and `curl -I`
 * send GET and HEAD freely. Every GET and HEAD route of the app's route table (the screens',
 * the public API's with a key, the operator's as an admin) is called by a user who has data of
 * every kind, and every table of the database must be as it was: the same rows, and for the
 * tables of user data the same content, byte for byte.
 */

let testApp: TestApp;
let baseUrl: string;
let owner: SignedUpUser;
let admin: SignedUpUser;
let secret: string;
/** Parameter values by route (`GET /api/watchlists/:id`), or by name for every route. */
let params: { byName: Record<string, string>; byRoute: Record<string, Record<string, string>> };

const key = (route: ApiRoute) => `${route.method} ${route.url}`;

/** Query strings without which a read would only be refused, not served. */
const queries: Record<string, string> = {
  '/api/symbols/search': 'q=coca',
  '/api/v1/symbols': 'q=coca',
  // The link of a new-browser notice: its GET only asks, the button's POST signs out.
  '/api/auth/not-me': 'token=from-a-sign-in-notice',
};

async function send(user: SignedUpUser, method: string, url: string, body?: object) {
  const response = await testApp.app.inject({
    method: method as 'POST',
    url,
    headers: { cookie: user.cookie, origin: testOrigin },
    ...(body ? { payload: body } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

/** The owner's data of every kind, made through the app's own routes. */
async function seedOwner() {
  const { db } = testApp.db.database;
  await setTier(db, owner.id, 'enterprise');
  const { watchlist } = await send(owner, 'POST', '/api/watchlists', { name: 'Dividends' });
  await send(owner, 'POST', `/api/watchlists/${watchlist.id}/symbols`, { symbol: 'KO' });
  await send(owner, 'POST', `/api/watchlists/${watchlist.id}/symbols`, { symbol: 'AAPL' });
  const { alert } = await send(owner, 'POST', '/api/alerts', {
    symbol: 'KO',
    condition: { kind: 'price_above', level: 100_000 },
  });
  const { portfolio } = await send(owner, 'POST', '/api/portfolios', { name: 'Long term' });
  const ledger = `/api/portfolios/${portfolio.id}/transactions`;
  await send(owner, 'POST', ledger, { kind: 'deposit', date: '2025-01-02', amount: '5000' });
  const { transaction } = await send(owner, 'POST', ledger, {
    kind: 'buy',
    date: '2025-01-03',
    symbol: 'KO',
    quantity: '10',
    price: '62.5',
  });
  await send(owner, 'POST', '/api/screens', {
    name: 'Cheap banks',
    query: 'sector=Financials&peRatio=..15',
    alertOnEntry: true,
  });
  // An analysis opened today, which spent a credit: the analysis reads must not spend more.
  await send(owner, 'POST', '/api/stocks/AAPL/analysis/written');
  const notification = await insertNotification(db, {
    title: 'Welcome',
    message: 'A notification of the owner.',
    userId: owner.id,
  });
  const [payment] = await db
    .insert(payments)
    .values({
      userId: owner.id,
      provider: 'test',
      providerPaymentId: 'test_safe_methods',
      kind: 'subscription',
      tier: 'pro',
      amountCents: 1999,
      status: 'succeeded',
      cardLast4: '4242',
    })
    .returning({ id: payments.id });
  await send(owner, 'PUT', '/api/community/profile', {
    handle: 'safe_owner',
    displayName: 'Owner',
  });
  const { post } = await send(owner, 'POST', '/api/community/posts', { body: 'Reading $KO.' });
  // A conversation of the owner's with a reported message: reading them marks nothing read.
  await send(admin, 'PUT', '/api/community/profile', {
    handle: 'safe_other',
    displayName: 'Other',
  });
  await send(admin, 'PUT', '/api/community/message-settings', { fromAnyone: true });
  const conversation = await send(owner, 'POST', '/api/community/conversations', {
    handle: 'safe_other',
  });
  await send(owner, 'POST', `/api/community/conversations/${conversation.id}/messages`, {
    body: 'Hello there',
  });
  const { message: answer } = await send(
    admin,
    'POST',
    `/api/community/conversations/${conversation.id}/messages`,
    { body: 'Hello back' },
  );
  const reported = await testApp.app.inject({
    method: 'POST',
    url: `/api/community/messages/${answer.id}/report`,
    headers: { cookie: owner.cookie, origin: testOrigin },
    payload: { reason: 'spam' },
  });
  expect(reported.statusCode, reported.body).toBe(204);
  // The owner moderates too, so the moderation queue and log answer them (404 for others).
  await db.insert(communityModerators).values({ userId: owner.id });
  // And answers support: a request of theirs with a screenshot, and the agents' queue.
  await db.insert(supportAgents).values({ userId: owner.id });
  const { request: supportRequest } = await send(owner, 'POST', '/api/support/requests', {
    subject: 'A chart does not load',
    category: 'bug',
    message: 'The chart stays blank.',
    attachment: { type: 'image/png', data: onePixelPng },
  });
  const screenshot = supportRequest.messages[0].attachment.id as string;
  // A certificate of the owner's: its public page checks the signature, and writes nothing.
  const [certificate] = await db
    .insert(learnCertificates)
    .values({
      userId: owner.id,
      courseId: 'first-steps',
      displayName: 'Owner',
      signature: 'checked on every read',
    })
    .returning({ id: learnCertificates.id });
  // A webhook destination with a delivery in its log: reading the log sends nothing.
  const [destination] = await db
    .insert(alertDestinations)
    .values({
      userId: owner.id,
      kind: 'webhook',
      name: 'Trading desk',
      urlSealed: 'v1.not-opened-by-reads',
      displayUrl: 'https://hooks.example.com/desk',
      createdAt: new Date(),
    })
    .returning({ id: alertDestinations.id });
  await db.insert(alertDeliveries).values({
    destinationId: destination!.id,
    userId: owner.id,
    eventId: 'msg_0123456789abcdef0123456789abcdef',
    type: 'test',
    occurredAt: new Date(),
    createdAt: new Date(),
    state: 'failed',
  });
  // A team of the owner's, whose audit log the owner reads (read-only below Enterprise).
  const [team] = await db
    .insert(teams)
    .values({ ownerId: owner.id, name: 'Reading club' })
    .returning({ id: teams.id });
  await db.insert(teamMembers).values({ teamId: team!.id, userId: owner.id, role: 'owner' });
  await signInUser(testApp.app, owner);
  const sessions = await send(owner, 'GET', '/api/me/sessions');
  const created = await testApp.app.apiKeys.create(owner.id, {
    name: 'Safe methods',
    password: owner.password,
  });
  secret = created.secret;
  const otherSession = sessions.sessions.find((item: { current: boolean }) => !item.current);
  return {
    byName: {
      symbol: 'KO',
      accession: '0000021344-25-000010',
      portfolioId: portfolio.id,
      transactionId: transaction.id,
      courseId: 'first-steps',
      lessonId: 'what-is-a-share',
    },
    byRoute: {
      '/api/watchlists/:id': { id: watchlist.id },
      '/api/v1/watchlists/:id': { id: watchlist.id },
      '/api/alerts/:id': { id: alert.id },
      '/api/integrations/destinations/:id/deliveries': { id: destination!.id },
      '/api/support/requests/:id': { id: supportRequest.id },
      '/api/support/attachments/:id': { id: screenshot },
      '/api/v1/alerts/:id': { id: alert.id },
      '/api/notifications/:id': { id: notification },
      '/api/me/sessions/:id': { id: otherSession.id },
      '/api/api-keys/:id': { id: created.key.id },
      '/api/billing/receipts/:id': { id: payment!.id },
      '/api/community/posts/:id': { id: post.id },
      '/api/community/conversations/:id': { id: conversation.id },
      '/api/community/users/:handle': { handle: 'safe_owner' },
      '/api/certificates/:id': { id: certificate!.id },
      '/api/docs/assets/:name': { name: 'swagger-ui-bundle.js' },
    },
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  owner = await signUpUser(testApp.app);
  admin = await signUpUser(testApp.app);
  await testApp.db.database.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));
  params = await seedOwner();
}, 60_000);
afterAll(() => testApp.close());

/** Every table of the database, as `name: digest` (`tableDigests`, reads' bookkeeping aside). */
const snapshot = () => tableDigests(testApp.db.database);

function paramsOf(route: ApiRoute): Record<string, string> | null {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = params.byRoute[route.url]?.[name] ?? params.byName[name];
    if (value === undefined) return null;
    values[name] = value;
  }
  return values;
}

function headersFor(route: ApiRoute): Record<string, string> {
  switch (route.access) {
    case 'apikey':
      return { authorization: `Bearer ${secret}` };
    case 'operator':
      return { cookie: admin.cookie };
    default:
      // Public routes too: a signed-in visitor is the one with something to change.
      return { cookie: owner.cookie };
  }
}

describe('GET and HEAD', () => {
  it('change no table, on any route of the route table', async () => {
    const safe = testApp.app.apiRoutes.filter(
      (route) => route.method === 'GET' || route.method === 'HEAD',
    );
    // The table has both: Fastify answers HEAD on every GET route with the GET's handler.
    expect(safe.filter((route) => route.method === 'HEAD').length).toBeGreaterThan(20);
    expect(safe.some((route) => route.url.startsWith('/api/v1/'))).toBe(true);
    const uncovered = safe.filter((route) => paramsOf(route) === null).map(key);
    // A new route with a parameter needs a value above, so this test reaches it.
    expect(uncovered).toEqual([]);

    const writes: string[] = [];
    const failures: string[] = [];
    /** Reads that were refused: the walk must reach real answers, not only errors. */
    const refused: string[] = [];
    // The route table's other tables must exist, or the walk compares nothing.
    const first = await snapshot();
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(['analysis_opens', 'usage', 'watchlists', 'portfolio_transactions']),
    );
    let before = first;
    for (const route of safe) {
      // better-auth's wildcard: its session read stands for it.
      const url = route.url === '/api/auth/*' ? '/api/auth/get-session' : route.url;
      const query = queries[route.url];
      const path = `${fillPath(url, paramsOf(route) ?? {})}${query ? `?${query}` : ''}`;
      const response = await sendRaw(
        baseUrl,
        {
          method: route.method,
          path,
          headers: { origin: testOrigin, ...headersFor(route) },
        },
        // The operator's backup copies the whole database: slow on a busy machine.
        60_000,
      );
      if (response.status >= 500) failures.push(`${key(route)} -> ${response.status}`);
      if (response.status >= 400) refused.push(`${key(route)} -> ${response.status}`);
      const after = await snapshot();
      for (const [table, state] of Object.entries(after)) {
        if (before[table] !== state) {
          writes.push(`${route.method} ${path} changed ${table}: ${before[table]} -> ${state}`);
        }
      }
      before = after;
    }
    expect(failures).toEqual([]);
    // The walk reaches real answers: the only refusals are the written analysis's GET (a
    // POST since it spends a credit), a filing's summary (this server lists no filings) and
    // better-auth's, which answers no HEAD; on PostgreSQL also the backup, which is the
    // embedded database's (PostgreSQL's is pg_dump).
    const backupRefusals = process.env.DATABASE_URL
      ? ['GET /api/operator/backup -> 409', 'HEAD /api/operator/backup -> 409']
      : [];
    expect(refused.sort()).toEqual(
      [
        ...backupRefusals,
        'GET /api/v1/stocks/:symbol/analysis/written -> 405',
        'GET /api/stocks/:symbol/filings/:accession/summary -> 404',
        'HEAD /api/stocks/:symbol/filings/:accession/summary -> 404',
        'HEAD /api/auth/* -> 404',
        'HEAD /api/v1/stocks/:symbol/analysis/written -> 405',
      ].sort(),
    );
    expect(writes).toEqual([]);
  }, 400_000);

  it('notice a write: a POST that records a read changes the tables the walk compares', async () => {
    const before = await snapshot();
    // Without a language model the automated summary is free: the open is recorded, no credit.
    await send(owner, 'POST', '/api/stocks/MSFT/analysis/written');
    const after = await snapshot();
    expect(after.analysis_opens).not.toBe(before.analysis_opens);
    expect(after.usage).toBe(before.usage);
  });
});
