import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertEmailPassJob } from '../src/modules/alert-mail/register-alert-mail.ts';
import type { OperatorFile } from '../src/modules/operator/operator-access.ts';
import { serverRoot } from '../src/package-root.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const run = promisify(execFile);

/** `npm run backup` / `npm run restore` as an operator runs them, with DATA_DIR set. */
function command(script: 'backup' | 'restore', args: string[], dataDir: string) {
  return run(process.execPath, [join(serverRoot, 'scripts', `${script}.mjs`), ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
}

/** Row counts of every table in the database, found in the catalogue (not a list kept here). */
async function tableCounts(dataDir: string): Promise<Record<string, number>> {
  const database = await PGlite.create({ dataDir });
  try {
    const { rows } = await database.query<{ schema: string; name: string }>(`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`);
    const counts: Record<string, number> = {};
    for (const { schema, name } of rows) {
      // The alert-email pass is a job row the server writes every 5 seconds of its own
      // accord, so it may run between the copy and the stop: every other row must match.
      const recurring =
        schema === 'public' && name === 'jobs' ? ` where name <> '${alertEmailPassJob}'` : '';
      const result = await database.query<{ n: number }>(
        `select count(*)::int as n from "${schema}"."${name}"${recurring}`,
      );
      counts[`${schema}.${name}`] = result.rows[0]?.n ?? -1;
    }
    return counts;
  } finally {
    await database.close();
  }
}

/** Rules every committed state keeps: a copy taken mid-transaction would break one. */
async function brokenInvariants(dataDir: string): Promise<number[]> {
  const database = await PGlite.create({ dataDir });
  try {
    const checks = [
      // A user and their credential account are made in one transaction.
      `select count(*)::int as n from "user" u
       where not exists (select 1 from account a where a.user_id = u.id)`,
      // A subscription, its first payment and the new tier are one transaction.
      `select count(*)::int as n from subscriptions s where s.status = 'active'
       and not exists (select 1 from payments p where p.subscription_id = s.id)`,
      `select count(*)::int as n from subscriptions s join profiles p on p.id = s.user_id
       where s.status = 'active' and p.subscription_tier <> s.tier`,
    ];
    const broken: number[] = [];
    for (const sql of checks) {
      broken.push((await database.query<{ n: number }>(sql)).rows[0]?.n ?? -1);
    }
    return broken;
  } finally {
    await database.close();
  }
}

let work: string;
let server: ServerProcess | undefined;
let restored: ServerProcess | undefined;
let signUps = 0;
let lastWrite = 0;

async function post(path: string, body: object, cookie?: string) {
  const target = server as ServerProcess;
  return fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: target.url,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  }).finally(() => {
    lastWrite = Date.now();
  });
}

/**
 * Waits until the server has nothing left to write of its own: the billing notices' look for
 * new events (every 10 s) has run since the last request, and the outbox has sent its mail.
 */
async function quiet(): Promise<void> {
  const target = server as ServerProcess;
  let emptyInARow = 0;
  while (Date.now() - lastWrite < 11_000 || emptyInARow < 2) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const health = (await (await fetch(`${target.url}/api/health`)).json()) as {
      mail?: { backlog: number };
    };
    emptyInARow = health.mail?.backlog === 0 ? emptyInARow + 1 : 0;
  }
}

/** A new investor who pays for Pro: rows in user, account, session, profiles, billing. */
async function payingInvestor(): Promise<{ email: string; cookie: string }> {
  signUps++;
  const email = `investor${signUps}@example.com`;
  const signUp = await post('/api/auth/sign-up/email', {
    name: `Investor ${signUps}`,
    email,
    password: 'correct horse battery',
    plan: 'free',
  });
  expect(signUp.status).toBe(200);
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const checkout = await post(
    '/api/billing/checkout',
    {
      plan: 'pro',
      idempotencyKey: crypto.randomUUID(),
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    },
    cookie,
  );
  expect(checkout.status).toBe(200);
  return { email, cookie };
}

describe.skipIf(process.env.DATABASE_URL)('backing up and restoring the embedded database', () => {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'tickerwise-backup-'));
    server = await startServerProcess({ dataDir: join(work, 'data') });
    const first = await payingInvestor();
    const second = await payingInvestor();
    expect(
      (await post('/api/billing/plan-change', { plan: 'enterprise' }, second.cookie)).status,
    ).toBe(200);
    const operator = JSON.parse(
      readFileSync(join(server.dataDir, 'operator.json'), 'utf8'),
    ) as OperatorFile;
    const published = await fetch(`${server.url}/api/notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Backups',
        message: 'Your data is copied.',
        userEmail: first.email,
      }),
    });
    expect(published.status).toBe(201);
    const { id } = (await published.json()) as { id: string };
    expect((await post(`/api/notifications/${id}/read`, {}, first.cookie)).status).toBe(204);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await restored?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('takes a consistent copy while investors keep signing up and paying', async () => {
    let writing = true;
    const writers = Array.from({ length: 2 }, async () => {
      while (writing) await payingInvestor();
    });
    const file = join(work, 'during-writes.tar.gz');
    const { stdout } = await command('backup', ['--out', file], server?.dataDir as string);
    writing = false;
    await Promise.all(writers);
    expect(stdout).toMatch(/Backed up the database to .* \(\d+\.\d MB\)/);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const into = join(work, 'restored-during-writes');
    await command('restore', [file], into);
    expect(await brokenInvariants(into)).toEqual([0, 0, 0]);
  }, 120_000);

  it('restores every row of every table into an empty folder, and the server runs on it', async () => {
    await quiet();
    const file = join(work, 'quiet.tar.gz');
    await command('backup', ['--out', file], server?.dataDir as string);
    // Only the market data's own background work writes after the copy (the screener fills the
    // simulated universe's stored bars a few symbols at a time, paced, and queues their jobs):
    // stop the server and compare with what it leaves, those tables by what they held at most.
    await server?.stop();
    const after = await tableCounts(server?.dataDir as string);
    const growing = ['public.daily_bars', 'public.bar_coverage', 'public.jobs'];

    const into = join(work, 'restored');
    const { stdout } = await command('restore', [file], into);
    expect(stdout).toMatch(/Restored .* tables/);
    expect(statSync(into).mode & 0o777).toBe(0o700);
    const copy = await tableCounts(into);
    console.log(`backup round trip: ${JSON.stringify(copy)}`);
    const omit = (counts: Record<string, number>) =>
      Object.fromEntries(Object.entries(counts).filter(([table]) => !growing.includes(table)));
    expect(omit(copy)).toEqual(omit(after));
    for (const table of growing) {
      expect(copy[table], table).toBeGreaterThan(0);
      expect(copy[table], table).toBeLessThanOrEqual(after[table] as number);
    }
    expect(Object.keys(copy).length).toBeGreaterThanOrEqual(15);
    for (const table of ['public.user', 'public.subscriptions', 'public.payments']) {
      expect(copy[table], table).toBeGreaterThan(0);
    }
    expect(copy['public.notification_reads']).toBeGreaterThan(0);

    // An investor from before the backup signs in on the restored copy and is still on Pro.
    restored = await startServerProcess({ dataDir: into });
    const signIn = await fetch(`${restored.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: restored.url },
      body: JSON.stringify({ email: 'investor1@example.com', password: 'correct horse battery' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const me = await fetch(`${restored.url}/api/me`, { headers: { cookie } });
    expect(((await me.json()) as { subscription_tier: string }).subscription_tier).toBe('pro');
  }, 180_000);

  it('refuses to restore into a folder that holds anything', async () => {
    const into = join(work, 'occupied');
    mkdirSync(into);
    writeFileSync(join(into, 'PG_VERSION'), '17');
    const failed = await command('restore', [join(work, 'quiet.tar.gz')], into).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/DATA_DIR .* is not empty/);
    expect(readFileSync(join(into, 'PG_VERSION'), 'utf8')).toBe('17');
  });
});
