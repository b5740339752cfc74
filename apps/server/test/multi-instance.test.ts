import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NotificationList } from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorFile } from '../src/modules/operator/operator-access.ts';
import { serverRoot } from '../src/package-root.ts';
import { openEventStream } from './event-stream.ts';
import { cookieFrom, createTestDatabase, type TestDatabase } from './test-app.ts';

interface Instance {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** A real server process (the TypeScript source run by tsx) on its own 127.0.0.1 port. */
async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tickerwise-instance-'));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const instance = { url, dataDir, process: child, output: () => log };
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log}`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return instance;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopInstance(instance);
  throw new Error(`The server did not become healthy in 45 s:\n${log}`);
}

async function stopInstance(instance: Instance): Promise<void> {
  if (instance.process.exitCode === null) {
    const exited = new Promise((resolve) => instance.process.once('exit', resolve));
    instance.process.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
}

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: a change made
 * through one reaches the browsers connected to the other (LISTEN/NOTIFY). CI runs this in
 * its PostgreSQL pass; PGlite is one process per data folder, so there is nothing to test there.
 */
describe.skipIf(!process.env.DATABASE_URL)('two server instances on one database', () => {
  let database: TestDatabase;
  let instances: Instance[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = database.url;
    if (!url) throw new Error('DATABASE_URL is set, so the test database has a URL');
    // The test's own connection is not needed: the instances own the database.
    await database.database.close();
    instances = await Promise.all([startInstance(url), startInstance(url)]);
  });

  afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    await database?.destroy();
  });

  it('delivers a notification published through one to an SSE client of the other within 1 s', async () => {
    const [publisher, other] = instances as [Instance, Instance];
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
    const [first, second] = instances as [Instance, Instance];
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
