import type { Notification } from '@tickerwise/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testConfig,
  testDeps,
  testOrigin,
} from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { notificationReads, notifications, user as users } from '../../db/schema/index.ts';
import { releaseNote } from './release-note.ts';
import { insertNotification } from './service.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const db = () => testApp.db.database.db;

async function list(user: SignedUpUser): Promise<Notification[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().notifications;
}

const markRead = (user: SignedUpUser, id: string) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/notifications/${id}/read`,
    headers: { cookie: user.cookie, origin: testOrigin },
  });

const titles = (items: Notification[]) => items.map((item) => item.title);

async function makeAdmin(user: SignedUpUser): Promise<void> {
  await db().update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
}

const publish = (payload: object, headers: Record<string, string>) =>
  testApp.app.inject({ method: 'POST', url: '/api/notifications', payload, headers });

describe('the release note', () => {
  it('greets a new user once, unread, with the release text', async () => {
    const user = await signUpUser(testApp.app);
    const release = (await list(user)).filter((item) => item.title === releaseNote.title);
    expect(release).toHaveLength(1);
    expect(release[0]).toMatchObject({
      title: 'New Update: Tickerwise Alpha 0.1.0',
      message: 'Check out our latest platform update with new features and improvements!',
      link: null,
      expiresAt: null,
      read: false,
    });
  });

  it('is not created again by reading the list, however often', async () => {
    const user = await signUpUser(testApp.app);
    for (let visit = 0; visit < 3; visit++) await list(user);
    const [row] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.title, releaseNote.title));
    expect(row?.count).toBe(1);
  });

  it('is created exactly once when two instances start together on one database', async () => {
    const { url } = testApp.db;
    // PostgreSQL: a second connection pool, as a second server process has. PGlite runs in
    // one process only, so both apps share its single connection.
    const second: Database = url
      ? await openDatabase({ databaseUrl: url, migrate: false })
      : testApp.db.database;
    await db().delete(notifications).where(eq(notifications.title, releaseNote.title));
    const apps = await Promise.all(
      [testApp.db.database, second].map((database) =>
        buildApp(testConfig(), testDeps({ database })),
      ),
    );
    try {
      const [row] = await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(notifications)
        .where(eq(notifications.title, releaseNote.title));
      expect(row?.count).toBe(1);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      if (second !== testApp.db.database) await second.close();
    }
  });
});

describe('GET /api/notifications', () => {
  it('needs a signed-in user', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });

  it('shows notifications for everyone and for the user, never for someone else', async () => {
    const ada = await signUpUser(testApp.app);
    const bob = await signUpUser(testApp.app);
    await insertNotification(db(), { title: 'Everyone A', message: 'For all' });
    await insertNotification(db(), { title: 'Only Ada', message: 'Just you', userId: ada.id });
    await insertNotification(db(), { title: 'Only Bob', message: 'Just you', userId: bob.id });

    expect(titles(await list(ada))).toEqual(expect.arrayContaining(['Everyone A', 'Only Ada']));
    expect(titles(await list(ada))).not.toContain('Only Bob');
    expect(titles(await list(bob))).toEqual(expect.arrayContaining(['Everyone A', 'Only Bob']));
    expect(titles(await list(bob))).not.toContain('Only Ada');
  });

  it('hides expired notifications and keeps those that expire later', async () => {
    const user = await signUpUser(testApp.app);
    const hour = 60 * 60 * 1000;
    await insertNotification(db(), {
      title: 'Expired',
      message: 'Gone',
      userId: user.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const laterId = await insertNotification(db(), {
      title: 'Expires later',
      message: 'Still here',
      userId: user.id,
      expiresAt: new Date(Date.now() + hour),
    });
    const items = await list(user);
    expect(titles(items)).not.toContain('Expired');
    const later = items.find((item) => item.id === laterId);
    expect(later?.expiresAt && Date.parse(later.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('lists newest first with ISO dates and the link', async () => {
    const user = await signUpUser(testApp.app);
    for (const [title, minutesAgo] of [
      ['Oldest', 30],
      ['Newest', 1],
      ['Middle', 10],
    ] as const) {
      const id = await insertNotification(db(), {
        title,
        message: 'm',
        userId: user.id,
        link: '/dashboard/investments/stocks',
      });
      await db()
        .update(notifications)
        .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(notifications.id, id));
    }
    const items = (await list(user)).filter((item) => item.link !== null);
    expect(titles(items)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(items[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(items[0]?.link).toBe('/dashboard/investments/stocks');
  });
});

describe('POST /api/notifications/:id/read', () => {
  it('marks a notification read for this user only', async () => {
    const ada = await signUpUser(testApp.app);
    const bob = await signUpUser(testApp.app);
    const id = await insertNotification(db(), { title: 'Shared news', message: 'For all' });

    const response = await markRead(ada, id);
    expect(response.statusCode).toBe(204);
    expect((await list(ada)).find((item) => item.id === id)?.read).toBe(true);
    expect((await list(bob)).find((item) => item.id === id)?.read).toBe(false);
  });

  it('is idempotent and keeps the time of the first read', async () => {
    const user = await signUpUser(testApp.app);
    const id = await insertNotification(db(), { title: 'Twice', message: 'm', userId: user.id });
    expect((await markRead(user, id)).statusCode).toBe(204);
    const readAt = async () =>
      (
        await db()
          .select()
          .from(notificationReads)
          .where(
            and(eq(notificationReads.notificationId, id), eq(notificationReads.userId, user.id)),
          )
      ).map((row) => row.readAt.getTime());
    const first = await readAt();
    expect(first).toHaveLength(1);
    expect(Math.abs((first[0] ?? 0) - Date.now())).toBeLessThan(60_000);
    expect((await markRead(user, id)).statusCode).toBe(204);
    expect(await readAt()).toEqual(first);
  });

  it("answers 404 for someone else's notification and records nothing", async () => {
    const ada = await signUpUser(testApp.app);
    const bob = await signUpUser(testApp.app);
    const id = await insertNotification(db(), { title: 'Private', message: 'm', userId: ada.id });
    const response = await markRead(bob, id);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'not_found',
      message: 'This notification does not exist.',
    });
    const reads = await db()
      .select()
      .from(notificationReads)
      .where(eq(notificationReads.notificationId, id));
    expect(reads).toEqual([]);
  });

  it('answers 404 for an unknown id, a malformed id and an expired notification', async () => {
    const user = await signUpUser(testApp.app);
    const expired = await insertNotification(db(), {
      title: 'Old',
      message: 'm',
      expiresAt: new Date(Date.now() - 1000),
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', expired]) {
      expect((await markRead(user, id)).statusCode).toBe(404);
    }
  });

  it('needs a signed-in user and a request from this site', async () => {
    const user = await signUpUser(testApp.app);
    const id = await insertNotification(db(), { title: 'x', message: 'm', userId: user.id });
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: `/api/notifications/${id}/read`,
      headers: { origin: testOrigin },
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await testApp.app.inject({
      method: 'POST',
      url: `/api/notifications/${id}/read`,
      headers: { cookie: user.cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('POST /api/notifications (publishing)', () => {
  it('lets an admin publish to everyone', async () => {
    const admin = await signUpUser(testApp.app);
    await makeAdmin(admin);
    const reader = await signUpUser(testApp.app);
    const response = await publish(
      { title: 'Markets open late', message: 'Trading starts at 10:30.', link: '/dashboard' },
      { cookie: admin.cookie, origin: testOrigin },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ audience: 'everyone' });
    const item = (await list(reader)).find((entry) => entry.id === response.json().id);
    expect(item).toMatchObject({
      title: 'Markets open late',
      message: 'Trading starts at 10:30.',
      link: '/dashboard',
      read: false,
    });
  });

  it('publishes to one account by email, whatever its case', async () => {
    const admin = await signUpUser(testApp.app);
    await makeAdmin(admin);
    const ada = await signUpUser(testApp.app);
    const bob = await signUpUser(testApp.app);
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const response = await publish(
      { title: 'For Ada', message: 'Hello', userEmail: ada.email.toUpperCase(), expiresAt },
      { cookie: admin.cookie, origin: testOrigin },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().audience).toEqual({ userEmail: ada.email });
    expect(titles(await list(ada))).toContain('For Ada');
    expect(titles(await list(bob))).not.toContain('For Ada');
  });

  it('refuses visitors (401) and users without the admin role (403)', async () => {
    const payload = { title: 'Nope', message: 'Nope' };
    expect((await publish(payload, { origin: testOrigin })).statusCode).toBe(401);
    const user = await signUpUser(testApp.app);
    const response = await publish(payload, { cookie: user.cookie, origin: testOrigin });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
    const bearer = await publish(payload, { authorization: 'Bearer guessed-token' });
    expect(bearer.statusCode).toBe(401);
    expect(bearer.json().error.code).toBe('invalid_operator_token');
  });

  it('names each invalid field', async () => {
    const admin = await signUpUser(testApp.app);
    await makeAdmin(admin);
    const headers = { cookie: admin.cookie, origin: testOrigin };
    const response = await publish(
      {
        title: ' ',
        message: '',
        link: 'javascript:alert(1)',
        userEmail: 'nobody',
        expiresAt: '2001-01-01T00:00:00Z',
      },
      headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      title: 'Please enter a title',
      message: 'Please enter a message',
      link: 'Link must be a path such as /dashboard or an http(s) URL',
      userEmail: 'User must be an email address',
      expiresAt: 'Expiry must be in the future',
    });
    const badDate = await publish({ title: 't', message: 'm', expiresAt: 'tomorrow' }, headers);
    expect(badDate.json().error.fields.expiresAt).toMatch(/ISO 8601/);
    const unknown = await publish(
      { title: 't', message: 'm', userEmail: 'nobody-at-all@example.com' },
      headers,
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toBe(
      'There is no account with the email nobody-at-all@example.com.',
    );
  });
});
