import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NotificationList } from '@tickerwise/shared';
import { type ServerProcess, startServerProcess } from '@tickerwise/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorFile } from '../src/modules/operator/operator-access.ts';
import { serverRoot } from '../src/package-root.ts';
import { openEventStream } from './event-stream.ts';
import { cookieFrom, createTestDatabase, type TestDatabase } from './test-app.ts';

/** A real server process (the TypeScript source run by tsx) on its own 127.0.0.1 port. */
function startInstance(databaseUrl: string): Promise<ServerProcess> {
  return startServerProcess({
    args: ['--import', 'tsx', 'src/main.ts'],
    cwd: serverRoot,
    env: { NODE_ENV: 'test', DATABASE_URL: databaseUrl },
    startTimeoutMs: 45_000,
  });
}

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: a change made
 * through one reaches the browsers connected to the other (LISTEN/NOTIFY). CI runs this in
 * its PostgreSQL pass; PGlite is one process per data folder, so there is nothing to test there.
 */
describe.skipIf(!process.env.DATABASE_URL)('two server instances on one database', () => {
  let database: TestDatabase;
  let instances: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = database.url;
    if (!url) throw new Error('DATABASE_URL is set, so the test database has a URL');
    // The test's own connection is not needed: the instances own the database.
    await database.database.close();
    instances = await Promise.all([startInstance(url), startInstance(url)]);
  });

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.destroy();
  });

  it('delivers a notification published through one to an SSE client of the other within 1 s', async () => {
    const [publisher, other] = instances as [ServerProcess, ServerProcess];
    const signUp = await fetch(`${other.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: other.url },
      body: JSON.stringify({
        name: 'Ada Investor',
        email: 'ada-multi@example.com',
        password: 'correct horse battery',
        plan: 'free',
      }),
    });
    expect(signUp.status).toBe(200);
    const cookie = cookieFrom(signUp.headers.getSetCookie());
    const stream = await openEventStream(`${other.url}/api/events`, cookie);
    expect(stream.status).toBe(200);
    await stream.waitForComment('connected');

    const operator = JSON.parse(
      readFileSync(join(publisher.dataDir, 'operator.json'), 'utf8'),
    ) as OperatorFile;
    const started = performance.now();
    const published = await fetch(`${publisher.url}/api/notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Across instances', message: 'Hello from the other one.' }),
    });
    expect(published.status).toBe(201);
    await stream.waitFor((event) => event.type === 'change', 1_000);
    expect(performance.now() - started).toBeLessThan(1_000);

    const list = await fetch(`${other.url}/api/notifications`, { headers: { cookie } });
    const { notifications } = (await list.json()) as NotificationList;
    const titles = notifications.map((item) => item.title);
    expect(titles).toContain('Across instances');
    // Both instances started on one database: the release note exists once.
    expect(titles.filter((title) => title.startsWith('New Update:'))).toHaveLength(1);
    stream.close();
  });

  it('ends a session revoked through one on the other at once, and closes its stream there', async () => {
    const [first, second] = instances as [ServerProcess, ServerProcess];
    const account = { email: 'ada-revoke@example.com', password: 'correct horse battery' };
    const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.url },
      body: JSON.stringify({ ...account, name: 'Ada Investor', plan: 'free' }),
    });
    expect(signUp.status).toBe(200);
    const phone = cookieFrom(signUp.headers.getSetCookie());
    const signIn = await fetch(`${second.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: second.url },
      body: JSON.stringify(account),
    });
    const laptop = cookieFrom(signIn.headers.getSetCookie());
    const meOnSecond = () => fetch(`${second.url}/api/me`, { headers: { cookie: laptop } });
    expect((await meOnSecond()).status).toBe(200);
    const stream = await openEventStream(`${second.url}/api/events`, laptop);
    await stream.waitForComment('connected');

    const revoked = await fetch(`${first.url}/api/auth/revoke-other-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.url, cookie: phone },
      body: '{}',
    });
    expect(revoked.status).toBe(200);
    const started = performance.now();
    await stream.ended;
    expect((await meOnSecond()).status).toBe(401);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
