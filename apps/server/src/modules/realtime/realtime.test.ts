import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type EventStream, openEventStream } from '../../../test/event-stream.ts';
import {
  cookieFrom,
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../../test/test-app.ts';
import { defaultLimits } from '../../config.ts';
import { notifications, session as sessions } from '../../db/schema/index.ts';
import { insertNotification } from '../notifications/service.ts';
import { ChangeBus, changeChannel, recentAnnouncementsMs } from './change-bus.ts';
import { realtimeRoutes } from './routes.ts';

let testApp: TestApp;
let baseUrl: string;
const openStreams: EventStream[] = [];

beforeAll(async () => {
  testApp = await createTestApp({
    // A second copy of the stream with a fast heartbeat, to see it without waiting 30 s.
    extend: async (app) => {
      await app.register(realtimeRoutes, {
        prefix: '/fast-heartbeat',
        auth: app.auth,
        database: app.database,
        limits: defaultLimits,
        heartbeatMs: 50,
      });
    },
  });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const stream of openStreams) stream.close();
  await testApp.close();
});

const db = () => testApp.db.database.db;
const changed = (event: { type: string }) => event.type === 'change';
/** What a stream said after its opening `hello`. */
const said = (stream: EventStream) => stream.events.filter((event) => event.type !== 'hello');

async function connect(user?: SignedUpUser, path = '/api/events'): Promise<EventStream> {
  const stream = await openEventStream(`${baseUrl}${path}`, user?.cookie);
  openStreams.push(stream);
  if (stream.status === 200) await stream.waitForComment('connected');
  return stream;
}

describe('GET /api/events', () => {
  it('answers 401 without a session', async () => {
    const stream = await connect();
    expect(stream.status).toBe(401);
  });

  it('streams text/event-stream, uncompressed and uncached', async () => {
    const user = await signUpUser(testApp.app);
    const response = await fetch(`${baseUrl}/api/events`, {
      headers: { cookie: user.cookie, 'accept-encoding': 'gzip, br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-store');
    expect(response.headers.get('content-encoding')).toBeNull();
    await response.body?.cancel();
  });

  it('opens with its id, for the tab to name when it asks for live prices', async () => {
    const stream = await connect(await signUpUser(testApp.app));
    const hello = await stream.waitFor(() => true);
    expect(hello).toEqual({
      type: 'hello',
      streamId: expect.stringMatching(/^[\w-]{24}$/),
      recent: expect.any(Array),
    });
  });

  it('opens with the topics announced to its user just before, for a first stream to refetch', async () => {
    const ada = await signUpUser(testApp.app);
    const earlier = await connect(ada);
    await insertNotification(db(), { title: 'Ada only', message: 'm', userId: ada.id });
    await earlier.waitFor(changed);
    const later = await connect(ada);
    const hello = await later.waitFor((event) => event.type === 'hello');
    expect(hello).toMatchObject({ recent: expect.arrayContaining(['notifications']) });
  });

  it('refuses a malformed age of the reads with 400', async () => {
    const user = await signUpUser(testApp.app);
    for (const age of ['soon', '-1', '30001']) {
      const stream = await connect(user, `/api/events?readsAgoMs=${age}`);
      expect(stream.status).toBe(400);
    }
  });

  it('tells every connected user about a notification for everyone', async () => {
    const ada = await signUpUser(testApp.app);
    const bob = await signUpUser(testApp.app);
    const streams = [await connect(ada), await connect(bob)];
    await insertNotification(db(), { title: 'For all', message: 'm' });
    const events = [];
    for (const stream of streams) events.push(await stream.waitFor(changed));
    // One announcement, one event: the same mark on every stream.
    const mark = expect.stringMatching(/^[\w-]+\.\d+$/);
    expect(events).toEqual([
      { type: 'change', topic: 'notifications', mark },
      { type: 'change', topic: 'notifications', mark },
    ]);
    expect(events[0]).toEqual(events[1]);
  });

  it("never tells a user about someone else's notification or reads", async () => {
    const ada = await signUpUser(testApp.app);
    const bob = await signUpUser(testApp.app);
    const adaStream = await connect(ada);
    const bobStream = await connect(bob);
    const id = await insertNotification(db(), { title: 'Ada only', message: 'm', userId: ada.id });
    await adaStream.waitFor(changed);
    const read = await testApp.app.inject({
      method: 'POST',
      url: `/api/notifications/${id}/read`,
      headers: { cookie: ada.cookie, origin: testOrigin },
    });
    expect(read.statusCode).toBe(204);
    // A change for everyone afterwards: once Bob has it, anything meant for Ada would have
    // reached him before it (one connection, one order).
    await insertNotification(db(), { title: 'Marker', message: 'm' });
    await bobStream.waitFor(changed);
    await adaStream.waitFor(() => said(adaStream).length >= 3);
    expect(said(bobStream)).toHaveLength(1);
    expect(said(adaStream)).toHaveLength(3);
  });

  it('announces rows that other tools insert, update and delete', async () => {
    const user = await signUpUser(testApp.app);
    const stream = await connect(user);
    await db().execute(
      sql`insert into notifications (title, message, user_id) values ('By SQL', 'm', ${user.id})`,
    );
    await stream.waitFor(() => said(stream).length >= 1);
    await db()
      .update(notifications)
      .set({ message: 'edited' })
      .where(eq(notifications.title, 'By SQL'));
    await stream.waitFor(() => said(stream).length >= 2);
    await db().delete(notifications).where(eq(notifications.title, 'By SQL'));
    await stream.waitFor(() => said(stream).length >= 3);
    expect(said(stream).every(changed)).toBe(true);
  });

  it('sends a heartbeat comment at the configured interval', async () => {
    const user = await signUpUser(testApp.app);
    const stream = await connect(user, '/fast-heartbeat/api/events');
    await stream.waitForComment('heartbeat', 1_000);
  });

  it('ends open streams when the server shuts down', async () => {
    const closing = await createTestApp();
    try {
      const url = await closing.app.listen({ host: '127.0.0.1', port: 0 });
      const user = await signUpUser(closing.app);
      const stream = await openEventStream(`${url}/api/events`, user.cookie);
      await stream.waitForComment('connected');
      await closing.app.close();
      await stream.ended;
    } finally {
      await closing.close();
    }
  });
});

describe('a stream lives no longer than its session', () => {
  const post = (url: string, cookie: string, payload: object = {}) =>
    testApp.app.inject({ method: 'POST', url, payload, headers: { origin: testOrigin, cookie } });

  it('ends when the user signs out', async () => {
    const user = await signUpUser(testApp.app);
    const stream = await connect(user);
    expect((await post('/api/auth/sign-out', user.cookie)).statusCode).toBe(200);
    await expect(within(stream.ended, 2_000)).resolves.toBe('ended');
    expect((await openEventStream(`${baseUrl}/api/events`, user.cookie)).status).toBe(401);
  });

  it('ends when the session is revoked from another device', async () => {
    const user = await signUpUser(testApp.app);
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: { email: user.email, password: user.password },
    });
    const laptop = cookieFrom(signIn.headers['set-cookie']);
    const laptopStream = await connect({ ...user, cookie: laptop });
    const phoneStream = await connect(user);
    expect((await post('/api/auth/revoke-other-sessions', user.cookie)).statusCode).toBe(200);
    await expect(within(laptopStream.ended, 2_000)).resolves.toBe('ended');
    // The device that revoked the others keeps its stream.
    await expect(within(phoneStream.ended, 300)).resolves.toBe('open');
  });

  it('ends when the session expires', async () => {
    // A session that is not remembered is never extended, so it really runs out (a
    // remembered one is renewed whenever it is used, and so ends only when left unused).
    const user = await signUpUser(testApp.app);
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: { email: user.email, password: user.password, rememberMe: false },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieFrom(signIn.headers['set-cookie']);
    expect(cookie).toContain('dont_remember');
    await db()
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '1500 milliseconds'` })
      .where(eq(sessions.userId, user.id));
    const stream = await connect({ ...user, cookie });
    await expect(within(stream.ended, 5_000)).resolves.toBe('ended');
  });
});

describe('how many streams one user or one address may open', () => {
  let capped: TestApp;
  let cappedUrl: string;
  beforeAll(async () => {
    capped = await createTestApp({
      config: { limits: { ...defaultLimits, eventStreamsPerUser: 2, eventStreamsPerAddress: 3 } },
    });
    cappedUrl = await capped.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => capped.close());

  const open = async (user: SignedUpUser, address: string) => {
    const stream = await openEventStream(`${cappedUrl}/api/events`, user.cookie, {
      'x-forwarded-for': address,
    });
    openStreams.push(stream);
    return stream;
  };

  it('refuses a user more streams than the cap, in the app error shape, until one closes', async () => {
    const user = await signUpUser(capped.app);
    const first = await open(user, '198.51.100.1');
    const second = await open(user, '198.51.100.2');
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await open(user, '198.51.100.3');
    expect(third.status).toBe(429);
    expect(JSON.parse(await third.body)).toEqual({
      error: {
        code: 'too_many_streams',
        message: 'Too many live connections are open. Close a few tabs and try again.',
      },
    });
    first.close();
    await expect.poll(async () => (await open(user, '198.51.100.4')).status).toBe(200);
  });

  it('refuses one address more streams than its cap, whoever opens them', async () => {
    const statuses: number[] = [];
    for (let person = 0; person < 4; person++) {
      const user = await signUpUser(capped.app);
      statuses.push((await open(user, '203.0.113.99')).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('the change bus', () => {
  it('remembers for 30 s of its clock which topics it announced to whom', async () => {
    let now = Date.parse('2026-11-27T12:00:00Z');
    const bus = new ChangeBus(
      testApp.app.database,
      () => {},
      () => now,
    );
    await bus.start();
    try {
      const ada = `ada-${Math.random()}`;
      const announce = (topic: string, userIds: string[] | null) =>
        db().execute(
          sql`select pg_notify(${changeChannel}, ${JSON.stringify({ topic, userIds })})`,
        );
      await announce('watchlists', [ada]);
      await announce('notifications', null);
      // PostgreSQL hands announcements over later than PGlite: wait for them.
      await vi.waitFor(() =>
        expect(bus.recentTopics(ada)).toEqual(['notifications', 'watchlists']),
      );
      const bob = bus.recentTopics(`bob-${Math.random()}`);
      expect(bob).toContain('notifications');
      expect(bob).not.toContain('watchlists');
      // A tab whose reads began after them needs neither (a second's slack for the clocks).
      now += 5_000;
      expect(bus.recentTopics(ada, 3_000)).toEqual([]);
      expect(bus.recentTopics(ada, 4_000)).toEqual(['notifications', 'watchlists']);
      now += recentAnnouncementsMs - 5_000;
      expect(bus.recentTopics(ada)).toEqual(['notifications', 'watchlists']);
      now += 1;
      expect(bus.recentTopics(ada)).toEqual([]);
    } finally {
      await bus.stop();
    }
  });
});

/** 'ended' if `ended` settles within `ms` of real time (a socket's end), else 'open'. */
function within(ended: Promise<void>, ms: number): Promise<'ended' | 'open'> {
  return Promise.race([
    ended.then(() => 'ended' as const),
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms)),
  ]);
}

describe.skipIf(!process.env.DATABASE_URL)('losing the database connection', () => {
  it('tells every stream to refetch once listening is restored', async () => {
    const user = await signUpUser(testApp.app);
    const stream = await connect(user);
    await db().execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%'`,
    );
    expect(await stream.waitFor((event) => event.type === 'resync', 5_000)).toEqual({
      type: 'resync',
    });
    await insertNotification(db(), { title: 'After the outage', message: 'm', userId: user.id });
    await stream.waitFor(changed, 2_000);
  });
});
