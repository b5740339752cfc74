import { randomUUID } from 'node:crypto';
import { type DataExport, dataExportFormat } from '@tickerwise/shared';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingRequests } from '../../../test/billing-requests.ts';
import {
  createTestApp,
  type SignedUpUser,
  signInUser,
  signUpUser,
  type TestApp,
  testOrigin,
  untilAnnounced,
} from '../../../test/test-app.ts';
import * as schema from '../../db/schema/index.ts';
import { alertChangeChannel } from '../alerts/quote-alerts.ts';
import { sessionsOf } from '../auth/guard.ts';
import { insertNotification, markNotificationRead } from '../notifications/service.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const db = () => testApp.db.database.db;
const { post } = billingRequests(() => testApp);

function request(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) {
  return testApp.app.inject({
    method,
    url,
    headers: { origin: testOrigin, cookie, 'user-agent': desktopChrome },
    ...(payload ? { payload } : {}),
  });
}

const desktopChrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const signedIn = async (cookie: string) => (await request('GET', '/api/me', cookie)).statusCode;

/**
 * What the user keeps in every module, made through the app's own routes: a watchlist of two
 * symbols, an alert that fired once, a portfolio with a deposit and a buy, and the written
 * analysis of AAPL opened (the free automated summary). The user’s plan must include alerts and
 * AI calls.
 */
async function useEveryModule(user: SignedUpUser) {
  const send = async (method: 'POST' | 'GET' | 'PUT', url: string, payload?: object) => {
    const response = await request(method, url, user.cookie, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };
  const { watchlist } = await send('POST', '/api/watchlists', { name: 'Kept in the export' });
  await send('POST', `/api/watchlists/${watchlist.id}/symbols`, { symbol: 'MSFT' });
  await send('POST', `/api/watchlists/${watchlist.id}/symbols`, { symbol: 'AAPL' });
  await send('PUT', '/api/community/profile', {
    handle: `export_${user.id
      .slice(0, 8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '_')}`,
    displayName: 'Ada in public',
  });
  await send('POST', '/api/community/posts', { body: 'Kept in the export: $MSFT' });
  // The alert book of this instance learns of the new alert (the database announces it when it
  // commits), then a quote crosses its level.
  const { alert } = await untilAnnounced(
    testApp,
    alertChangeChannel,
    () =>
      send('POST', '/api/alerts', {
        symbol: 'KO',
        condition: { kind: 'price_above', level: 500 },
        note: 'A note of mine',
      }),
    (announced, created) => JSON.parse(announced).id === created.alert.id,
  );
  const fired = await testApp.app.alerts.quotes.onQuote('KO', {
    price: 501,
    previousClose: 490,
    fetchedAt: Date.now(),
  });
  expect(fired).toHaveLength(1);
  const { portfolio } = await send('POST', '/api/portfolios', { name: 'Retirement' });
  await send('POST', `/api/portfolios/${portfolio.id}/transactions`, {
    kind: 'deposit',
    date: '2025-01-02',
    amount: '1000',
  });
  await send('POST', `/api/portfolios/${portfolio.id}/transactions`, {
    kind: 'buy',
    date: '2025-01-03',
    symbol: 'AAPL',
    quantity: '2.5',
    price: '180.25',
    fees: '1',
  });
  const written = await send('POST', '/api/stocks/AAPL/analysis/written');
  // No language model: the automated summary is free, its open recorded all the same.
  expect(written.charged).toBe(false);
  return { watchlistId: watchlist.id, alertId: alert.id, portfolioId: portfolio.id };
}

/** A user on Pro through the test provider's checkout, with one payment recorded. */
async function proUser(): Promise<SignedUpUser> {
  const user = await signUpUser(testApp.app);
  const paid = await post(
    '/api/billing/checkout',
    {
      plan: 'pro',
      idempotencyKey: randomUUID(),
      card: { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
    },
    user.cookie,
  );
  expect(paid.statusCode).toBe(200);
  return user;
}

describe('Profile', () => {
  it('saves a new name by the sign-up rules and shows it everywhere', async () => {
    const user = await signUpUser(testApp.app);
    const tooShort = await request('POST', '/api/auth/update-user', user.cookie, { name: 'A' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.fields).toEqual({ name: 'Name must be at least 2 characters' });
    const renamed = await request('POST', '/api/auth/update-user', user.cookie, {
      name: '  Grace Hopper ',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await request('GET', '/api/me', user.cookie)).json().name).toBe('Grace Hopper');
  });
});

describe('Security: password', () => {
  it('needs the current password, and a new one signs every other device out', async () => {
    const user = await signUpUser(testApp.app);
    const phone = await signInUser(testApp.app, user);
    const wrong = await request('POST', '/api/auth/change-password', user.cookie, {
      currentPassword: 'not my password',
      newPassword: 'a brand new secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'invalid_password',
      fields: { currentPassword: 'This password is not correct.' },
    });
    expect(await signedIn(phone)).toBe(200);

    const short = await request('POST', '/api/auth/change-password', user.cookie, {
      currentPassword: user.password,
      newPassword: 'short',
    });
    expect(short.json().error.fields).toEqual({
      newPassword: 'Password must be at least 8 characters',
    });

    const changed = await request('POST', '/api/auth/change-password', user.cookie, {
      currentPassword: user.password,
      newPassword: 'a brand new secret',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).not.toContain('"token"');
    // This device continues on a new session; every other one is signed out.
    const renewed = changed.headers['set-cookie'];
    const cookie = (Array.isArray(renewed) ? renewed : [renewed ?? ''])
      .map((value) => value.split(';')[0])
      .join('; ');
    expect(await signedIn(cookie)).toBe(200);
    await expect.poll(() => signedIn(phone), { timeout: 2_000 }).toBe(401);
    await expect.poll(() => signedIn(user.cookie), { timeout: 2_000 }).toBe(401);
    await expect(signInUser(testApp.app, user)).rejects.toThrow(/401/);
    await signInUser(testApp.app, { email: user.email, password: 'a brand new secret' });
  });

  it('stops a session left open from guessing the password', async () => {
    const user = await signUpUser(testApp.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await testApp.app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: { origin: testOrigin, cookie: user.cookie },
        payload: { password: `guess number ${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    expect(await signedIn(user.cookie)).toBe(200);
  });
});

describe('Security: sessions', () => {
  it('lists where the user is signed in, this device first, without tokens', async () => {
    const user = await signUpUser(testApp.app);
    await signInUser(testApp.app, user);
    const response = await request('GET', '/api/me/sessions', user.cookie);
    expect(response.statusCode).toBe(200);
    const { sessions } = response.json();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true });
    expect(sessions[1]).toMatchObject({
      current: false,
      browser: 'Mobile Safari 17',
      os: 'iOS 17.5',
      device: 'mobile',
      ipAddress: expect.stringMatching(/^203\.0\.113\./),
    });
    for (const session of sessions) {
      expect(Date.parse(session.createdAt)).toBeLessThanOrEqual(Date.now());
      expect(Object.keys(session)).not.toContain('token');
    }
    const [row] = await db()
      .select({ token: schema.session.token })
      .from(schema.session)
      .where(eq(schema.session.userId, user.id));
    expect(response.body).not.toContain(row?.token);
  });

  it('signs one other device out, and never another user’s', async () => {
    const user = await signUpUser(testApp.app);
    const phone = await signInUser(testApp.app, user);
    const stranger = await signUpUser(testApp.app);
    const { sessions } = (await request('GET', '/api/me/sessions', user.cookie)).json();
    const phoneSession = sessions.find((item: { current: boolean }) => !item.current);

    const byStranger = await request(
      'DELETE',
      `/api/me/sessions/${phoneSession.id}`,
      stranger.cookie,
    );
    expect(byStranger.statusCode).toBe(404);
    expect(await signedIn(phone)).toBe(200);

    const ended = await request('DELETE', `/api/me/sessions/${phoneSession.id}`, user.cookie);
    expect(ended.statusCode).toBe(204);
    // The database announces the ended session; on PostgreSQL it arrives a moment later.
    await expect.poll(() => signedIn(phone), { timeout: 2_000 }).toBe(401);
    expect(await signedIn(user.cookie)).toBe(200);
    const again = await request('DELETE', `/api/me/sessions/${phoneSession.id}`, user.cookie);
    expect(again.statusCode).toBe(404);
  });

  it('signs every other device out at once, keeping this one', async () => {
    const user = await signUpUser(testApp.app);
    const others = [await signInUser(testApp.app, user), await signInUser(testApp.app, user)];
    const response = await request('POST', '/api/me/sessions/sign-out-others', user.cookie, {});
    expect(response.json()).toEqual({ signedOut: 2, revokedApiKeys: 0 });
    for (const cookie of others)
      await expect.poll(() => signedIn(cookie), { timeout: 2_000 }).toBe(401);
    expect(await signedIn(user.cookie)).toBe(200);
    const { sessions } = (await request('GET', '/api/me/sessions', user.cookie)).json();
    expect(sessions).toHaveLength(1);
  });

  it('keeps "last active" within minutes of the last request', async () => {
    const user = await signUpUser(testApp.app);
    await db()
      .update(schema.session)
      .set({ updatedAt: sql`now() - interval '2 hours'` })
      .where(eq(schema.session.userId, user.id));
    // A request that finds the session remembered does not look it up; this one must.
    sessionsOf(testApp.app.auth).memo.clear();
    expect(await signedIn(user.cookie)).toBe(200);
    const { sessions } = (await request('GET', '/api/me/sessions', user.cookie)).json();
    expect(Date.now() - Date.parse(sessions[0].lastActiveAt)).toBeLessThan(60_000);
  });
});

describe('Plan and billing', () => {
  it('lists payments from our records, newest first', async () => {
    const user = await proUser();
    const switched = await post('/api/billing/plan-change', { plan: 'enterprise' }, user.cookie);
    expect(switched.statusCode).toBe(200);
    const response = await request('GET', '/api/billing/payments', user.cookie);
    const { payments } = response.json();
    expect(payments).toHaveLength(2);
    expect(payments[0]).toMatchObject({
      tier: 'enterprise',
      kind: 'proration',
      status: 'succeeded',
    });
    expect(payments[1]).toMatchObject({
      tier: 'pro',
      kind: 'subscription',
      amountCents: 1999,
      currency: 'usd',
      status: 'succeeded',
      cardLast4: '4242',
    });
    const stranger = await signUpUser(testApp.app);
    expect((await request('GET', '/api/billing/payments', stranger.cookie)).json()).toEqual({
      payments: [],
    });
  });
});

/** Every table that refers to the user table, directly or through other tables. */
function tablesOfUsers(): PgTable[] {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
    is(value, PgTable),
  );
  const ofUsers = new Set<PgTable>([schema.user as unknown as PgTable]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const table of tables) {
      if (ofUsers.has(table)) continue;
      const refersToUsers = getTableConfig(table).foreignKeys.some((key) =>
        ofUsers.has(key.reference().foreignTable),
      );
      if (refersToUsers) {
        ofUsers.add(table);
        grew = true;
      }
    }
  }
  return [...ofUsers];
}

describe('Your data: the export', () => {
  it('has a part for every table that holds user data (a new table needs one)', () => {
    const claimed = new Set(testApp.app.userData.list().flatMap((part) => part.tables));
    const unclaimed = tablesOfUsers()
      .filter((table) => !claimed.has(table))
      .map(getTableName);
    expect(unclaimed).toEqual([]);
    expect(tablesOfUsers().length).toBeGreaterThanOrEqual(12);
  });

  it('holds the user’s rows of every part, as one JSON file, without secrets', async () => {
    const user = await proUser();
    await signInUser(testApp.app, user);
    const own = await insertNotification(db(), {
      title: 'Your export is ready',
      message: 'A note for one user.',
      userId: user.id,
    });
    await markNotificationRead(db(), user.id, own);
    await testApp.app.entitlements.consumeQuota(user, 'aiCalls');
    await post('/api/billing/plan-change', { plan: 'enterprise' }, user.cookie);
    const key = await testApp.app.apiKeys.create(user.id, {
      name: 'Export check',
      password: user.password,
    });
    const { watchlistId, alertId, portfolioId } = await useEveryModule(user);
    // A webhook destination: its sealed address and secret stay out of the export.
    const destinationUrl = 'https://hooks.example.com/kept';
    const sealedUrl = 'v1.sealed-address-never-exported';
    await db().insert(schema.alertDestinations).values({
      userId: user.id,
      kind: 'webhook',
      name: 'Kept in the export',
      urlSealed: sealedUrl,
      displayUrl: destinationUrl,
      secretSealed: 'v1.sealed-secret-never-exported',
      createdAt: new Date(),
    });

    const response = await request('GET', '/api/me/export', user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="tickerwise-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json() as DataExport;
    expect(data).toMatchObject({ format: dataExportFormat, userId: user.id });
    const parts = data.parts as Record<string, Record<string, unknown> & unknown[]>;
    expect(Object.keys(parts).sort()).toEqual(
      [
        'account',
        'alerts',
        'analysis',
        'apiKeys',
        'billing',
        'emailNotifications',
        'community',
        'communityFollows',
        'communityMessages',
        'communityModeration',
        'integrations',
        'invitations',
        'learning',
        'notifications',
        'portfolios',
        'profile',
        'savedScreens',
        'signInSecurity',
        'support',
        'teams',
        'usage',
        'watchlists',
      ].sort(),
    );
    expect(parts.signInSecurity).toMatchObject({ twoFactor: null, signInCodesAndLinks: [] });
    expect(parts.account).toMatchObject({
      user: { id: user.id, email: user.email, name: 'Ada Investor' },
      signInMethods: [{ method: 'credential' }],
    });
    expect(parts.account?.sessions).toHaveLength(2);
    expect(parts.profile).toMatchObject({ subscriptionTier: 'enterprise' });
    expect(parts.billing).toMatchObject({
      subscriptions: [{ tier: 'enterprise', status: 'active' }],
      payments: [{ kind: 'subscription', amountCents: 1999 }, { kind: 'proration' }],
    });
    expect(parts.notifications).toMatchObject({
      addressedToYou: [
        { id: own, title: 'Your export is ready' },
        { title: 'KO rose above $500.00', link: '/dashboard/investments/stocks/KO' },
      ],
      read: [{ notificationId: own }],
    });
    // One AI call counted directly; the automated summary's open used none.
    expect(parts.usage).toMatchObject([{ quota: 'aiCalls', count: 1 }]);
    expect(parts.community).toMatchObject({
      profile: { displayName: 'Ada in public' },
      posts: [{ body: 'Kept in the export: $MSFT', symbols: ['MSFT'], deletedAt: null }],
    });
    expect(parts.watchlists).toMatchObject([
      {
        id: watchlistId,
        name: 'Kept in the export',
        symbols: [
          { symbol: 'MSFT', position: 0 },
          { symbol: 'AAPL', position: 1 },
        ],
      },
    ]);
    expect(parts.alerts).toMatchObject({
      alerts: [
        {
          id: alertId,
          symbol: 'KO',
          kind: 'price_above',
          level: 500,
          note: 'A note of mine',
          state: 'fired',
        },
      ],
      firings: [{ alertId, symbol: 'KO', value: 501 }],
    });
    expect(parts.portfolios).toMatchObject([
      {
        id: portfolioId,
        name: 'Retirement',
        transactions: [
          { kind: 'deposit', date: '2025-01-02', amount: '1000.0000' },
          {
            kind: 'buy',
            symbol: 'AAPL',
            quantity: '2.50000000',
            price: '180.250000',
            fees: '1.0000',
          },
        ],
      },
    ]);
    expect(parts.analysis).toMatchObject({
      writtenAnalysesOpened: [{ symbol: 'AAPL', day: new Date().toISOString().slice(0, 10) }],
    });
    expect(parts.apiKeys).toMatchObject([{ name: 'Export check', prefix: key.key.prefix }]);
    expect(parts.integrations).toMatchObject({
      destinations: [{ kind: 'webhook', name: 'Kept in the export', displayUrl: destinationUrl }],
      deliveries: [],
    });
    expect(response.body).not.toContain(sealedUrl);

    // No password hash, session token or key hash, nor the key itself.
    const [account] = await db()
      .select({ password: schema.account.password })
      .from(schema.account)
      .where(eq(schema.account.userId, user.id));
    const tokens = await db()
      .select({ token: schema.session.token })
      .from(schema.session)
      .where(eq(schema.session.userId, user.id));
    const [stored] = await db()
      .select({ hash: schema.apiKeys.secretHash })
      .from(schema.apiKeys)
      .where(eq(schema.apiKeys.userId, user.id));
    for (const secret of [account?.password, ...tokens.map((row) => row.token), stored?.hash]) {
      expect(secret).toBeTruthy();
      expect(response.body).not.toContain(secret);
    }
    expect(response.body).not.toContain(key.secret);
  });
});

describe('Your data: deleting the account', () => {
  it('needs the password, and a wrong one deletes nothing', async () => {
    const user = await signUpUser(testApp.app);
    const missing = await request('DELETE', '/api/me', user.cookie, {});
    expect(missing.json().error.fields).toEqual({ password: 'Please enter your password' });
    const wrong = await request('DELETE', '/api/me', user.cookie, { password: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'This password is not correct.' });
    expect(await signedIn(user.cookie)).toBe(200);
  });

  it('removes every row of the user, keeps payments without a name, signs out everywhere', async () => {
    const user = await proUser();
    const phone = await signInUser(testApp.app, user);
    await post('/api/billing/plan-change', { plan: 'enterprise' }, user.cookie);
    const { secret } = await testApp.app.apiKeys.create(user.id, {
      name: 'Goes too',
      password: user.password,
    });
    const note = await insertNotification(db(), { title: 'Bye', message: 'x', userId: user.id });
    await markNotificationRead(db(), user.id, note);
    await testApp.app.entitlements.consumeQuota(user, 'aiCalls');
    const { watchlistId, alertId, portfolioId } = await useEveryModule(user);
    // A webhook destination: its sealed address and secret stay out of the export.
    const destinationUrl = 'https://hooks.example.com/kept';
    const sealedUrl = 'v1.sealed-address-never-exported';
    await db().insert(schema.alertDestinations).values({
      userId: user.id,
      kind: 'webhook',
      name: 'Kept in the export',
      urlSealed: sealedUrl,
      displayUrl: destinationUrl,
      secretSealed: 'v1.sealed-secret-never-exported',
      createdAt: new Date(),
    });
    const everyone = await insertNotification(db(), { title: 'For all', message: 'Stays.' });
    await markNotificationRead(db(), user.id, everyone);
    const keyCall = () =>
      testApp.app.inject({
        method: 'GET',
        url: '/api/v1/key',
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await keyCall()).statusCode).toBe(200);

    const deleted = await request('DELETE', '/api/me', user.cookie, { password: user.password });
    expect(deleted.statusCode).toBe(204);
    expect(String(deleted.headers['set-cookie'])).toMatch(/session_token=; .*Max-Age=0/);

    for (const table of tablesOfUsers()) {
      const columns = getTableConfig(table).foreignKeys.flatMap((key) => {
        const reference = key.reference();
        return reference.foreignTable === (schema.user as unknown as PgTable)
          ? reference.columns
          : [];
      });
      const ownColumn = table === (schema.user as unknown as PgTable) ? [schema.user.id] : columns;
      for (const column of ownColumn) {
        const rows = await db().select().from(table).where(eq(column, user.id));
        expect(rows, `${getTableName(table)}.${column.name} still names the user`).toEqual([]);
      }
    }
    // Rows that name the user only through another row of theirs went with it.
    const throughParents = [
      db()
        .select()
        .from(schema.watchlistItems)
        .where(eq(schema.watchlistItems.watchlistId, watchlistId)),
      db().select().from(schema.alertFirings).where(eq(schema.alertFirings.alertId, alertId)),
      db()
        .select()
        .from(schema.portfolioTransactions)
        .where(eq(schema.portfolioTransactions.portfolioId, portfolioId)),
    ];
    for (const rows of await Promise.all(throughParents)) expect(rows).toEqual([]);
    // The payments the law keeps: still there, tied to nobody, without the card's digits.
    const kept = await db()
      .select()
      .from(schema.payments)
      .where(sql`${schema.payments.userId} is null and ${schema.payments.amountCents} in (1999)`);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    for (const payment of kept) expect(payment.cardLast4).toBeNull();
    // Notifications for everyone stay for everyone else.
    const [stays] = await db()
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.id, everyone));
    expect(stays?.title).toBe('For all');

    await expect.poll(() => signedIn(user.cookie), { timeout: 2_000 }).toBe(401);
    await expect.poll(() => signedIn(phone), { timeout: 2_000 }).toBe(401);
    await expect.poll(async () => (await keyCall()).statusCode, { timeout: 2_000 }).toBe(401);
    await expect(signInUser(testApp.app, user)).rejects.toThrow(/401/);
  });
});
