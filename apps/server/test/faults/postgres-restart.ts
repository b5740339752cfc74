// PostgreSQL restarts under load: the production server on PostgreSQL takes an open-loop
// stream of mixed reads and writes (50 requests/s for 30 s by default) while PostgreSQL is
// stopped for 5 s in the middle (`pg_ctl stop -m fast`, then start). It checks that:
//   - no answer is a 500, and while PostgreSQL is down every API answer is a 503
//     `database_unavailable` with Retry-After (health: 503 with Retry-After);
//   - /api/health answers 200 again within 5 s of PostgreSQL being back;
//   - every write acknowledged (sign-ups and plan changes) is in the database afterwards.
// It prints its figures and exits non-zero when one of these fails.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres \
//   PG_STOP_COMMAND='...' PG_START_COMMAND='...' \
//   node --import tsx apps/server/test/faults/postgres-restart.ts [--rate 50] [--seconds 30] [--outage 5]
//
// The two commands run with bash; .ci/run passes its own cluster's pg_ctl calls.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { inviteCodes } from '@tickerwise/testkit';
import pg from 'pg';
import { withDatabase } from '../database-url.ts';
import { buildServerBundle, type ServerProcess, startServerProcess } from '../server-process.ts';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '30' },
    outage: { type: 'string', default: '5' },
    users: { type: 'string', default: '30' },
  },
});
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const outageSeconds = Number(values.outage);
const userCount = Number(values.users);
/** Health must be 200 again this soon after PostgreSQL is back. */
const recoveryLimitMs = 5_000;

const adminUrl = process.env.DATABASE_URL;
const stopCommand = process.env.PG_STOP_COMMAND;
const startCommand = process.env.PG_START_COMMAND;
if (!adminUrl || !stopCommand || !startCommand) {
  process.stderr.write('Set DATABASE_URL, PG_STOP_COMMAND and PG_START_COMMAND.\n');
  process.exit(2);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const watchdog = setTimeout(() => {
  process.stderr.write('postgres-restart: gave up after 4 minutes\n');
  cleanUp();
  process.exit(1);
}, 240_000);

interface Answer {
  kind: string;
  startedAt: number;
  endedAt: number;
  status: number;
  code?: string;
  retryAfter: string | null;
}

interface Investor {
  email: string;
  cookie: string;
  acknowledgedTier: string;
  pendingTier?: string;
  busy: boolean;
}

const databaseName = `tw_restart_${randomBytes(4).toString('hex')}`;
const bundle = buildServerBundle('postgres-restart');
let server: ServerProcess | undefined;

function cleanUp(): void {
  void server?.kill();
  bundle.remove();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let addressCounter = 0;
const nextAddress = () => {
  addressCounter++;
  return `10.7.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function main(): Promise<void> {
  await admin(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = withDatabase(adminUrl as string, databaseName);
  server = await startServerProcess({
    bundle,
    env: { DATABASE_URL: databaseUrl, TRUST_PROXY: '127.0.0.1' },
  });
  const { url } = server;
  // Each move to Alpha spends an invitation code (docs/PRODUCT.md §4.1).
  const invitations = [
    ...(await inviteCodes(server.dataDir, 500)),
    ...(await inviteCodes(server.dataDir, 500)),
  ];

  const call = async (
    kind: string,
    path: string,
    init: { method?: string; body?: object; cookie?: string } = {},
  ): Promise<Answer & { response?: Response }> => {
    const startedAt = performance.now();
    try {
      const response = await fetch(`${url}${path}`, {
        method: init.method ?? (init.body ? 'POST' : 'GET'),
        headers: {
          origin: url,
          'x-forwarded-for': nextAddress(),
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...(init.cookie ? { cookie: init.cookie } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      let code: string | undefined;
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
      } catch {
        code = undefined;
      }
      return {
        kind,
        startedAt,
        endedAt: performance.now(),
        status: response.status,
        code,
        retryAfter: response.headers.get('retry-after'),
        response,
      };
    } catch {
      return { kind, startedAt, endedAt: performance.now(), status: 0, retryAfter: null };
    }
  };

  // Investors who exist before the load: their reads and plan changes.
  const investors: Investor[] = [];
  const newInvestor = async (kind: string) => {
    const email = `restart-${randomBytes(5).toString('hex')}@example.com`;
    const answer = await call(kind, '/api/auth/sign-up/email', {
      body: { name: 'Restart Investor', email, password: 'correct horse battery', plan: 'free' },
    });
    if (answer.status === 200 && answer.response) {
      const cookie = answer.response.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
      investors.push({ email, cookie, acknowledgedTier: 'free', busy: false });
    }
    return answer;
  };
  for (let index = 0; index < userCount; index++) {
    const answer = await newInvestor('setup');
    if (answer.status !== 200) throw new Error(`setup sign-up failed: ${answer.status}`);
  }
  const seeded = [...investors];
  const pick = () => seeded[Math.floor(Math.random() * seeded.length)] as Investor;

  const planChange = async (): Promise<Answer> => {
    const investor = seeded.find((candidate) => !candidate.busy) ?? pick();
    if (investor.busy) return call('read', '/api/me', { cookie: investor.cookie });
    investor.busy = true;
    const tier = investor.acknowledgedTier === 'alpha' ? 'free' : 'alpha';
    const invitationCode = tier === 'alpha' ? invitations.pop() : undefined;
    if (tier === 'alpha' && !invitationCode) {
      investor.busy = false;
      return call('read', '/api/me', { cookie: investor.cookie });
    }
    investor.pendingTier = tier;
    const answer = await call('plan change', '/api/billing/plan-change', {
      body: { plan: tier, invitationCode },
      cookie: investor.cookie,
    });
    if (answer.status === 200) {
      investor.acknowledgedTier = tier;
      investor.pendingTier = undefined;
    }
    investor.busy = false;
    return answer;
  };

  /** The mix: 70% reads of four kinds, 30% writes (sign-ups and plan changes). */
  const request = (slot: number): Promise<Answer> => {
    const roll = slot % 10;
    if (roll < 3) return call('read', '/api/me', { cookie: pick().cookie });
    if (roll < 5) return call('read', '/api/notifications', { cookie: pick().cookie });
    if (roll < 6) return call('read', '/api/billing/subscription', { cookie: pick().cookie });
    if (roll < 7) return call('health', '/api/health');
    if (roll < 8) return newInvestor('sign-up');
    return planChange();
  };

  const answers: Promise<Answer>[] = [];
  const started = performance.now();
  const total = Math.round(rate * seconds);
  const outageAt = started + ((seconds - outageSeconds) / 2) * 1000;
  let stopStartedAt = 0;
  let stoppedAt = 0;
  let restartedAt = 0;
  let recoveredAt = 0;
  const outage = (async () => {
    await sleep(outageAt - performance.now());
    stopStartedAt = performance.now();
    execFileSync('bash', ['-c', stopCommand as string], { stdio: 'inherit' });
    stoppedAt = performance.now();
    await sleep(outageSeconds * 1000);
    execFileSync('bash', ['-c', startCommand as string], { stdio: 'inherit' });
    restartedAt = performance.now();
    while (performance.now() - restartedAt < 30_000) {
      const health = await call('probe', '/api/health');
      if (health.status === 200) {
        recoveredAt = health.endedAt;
        return;
      }
      await sleep(50);
    }
  })();
  for (let slot = 0; slot < total; slot++) {
    const due = started + (slot * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    answers.push(request(slot));
  }
  const settled = await Promise.all(answers);
  await outage;
  const elapsed = (performance.now() - started) / 1000;

  // Every acknowledged write, read back from PostgreSQL itself.
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  const { rows } = await check.query<{ email: string; tier: string }>(
    'select u.email, p.subscription_tier as tier from "user" u join profiles p on p.id = u.id',
  );
  await check.end();
  const stored = new Map(rows.map((row) => [row.email, row.tier]));
  const lost = investors.filter((investor) => {
    const tier = stored.get(investor.email);
    return tier !== investor.acknowledgedTier && tier !== investor.pendingTier;
  });
  const acknowledgedWrites =
    investors.length -
    seeded.length +
    settled.filter((answer) => answer.kind === 'plan change' && answer.status === 200).length;

  const down = settled.filter(
    (answer) => answer.startedAt >= stoppedAt && answer.endedAt <= restartedAt,
  );
  const wrongWhileDown = down.filter(
    (answer) =>
      answer.status !== 503 ||
      answer.retryAfter === null ||
      (answer.kind !== 'health' && answer.code !== 'database_unavailable'),
  );
  const count = (status: number) => settled.filter((answer) => answer.status === status).length;
  const serverErrors = settled.filter((answer) => answer.status >= 500 && answer.status !== 503);
  const recoveryMs = recoveredAt ? recoveredAt - restartedAt : Number.POSITIVE_INFINITY;
  const byStatus: Record<string, number> = {};
  for (const answer of settled) {
    const key = `${answer.kind} ${answer.status}`;
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  const unavailable = settled.filter((answer) => answer.status === 503);
  const firstUnavailable = Math.min(...unavailable.map((answer) => answer.endedAt));
  const lastUnavailable = Math.max(...unavailable.map((answer) => answer.endedAt));

  process.stdout.write(
    [
      `postgres-restart: ${settled.length} requests in ${elapsed.toFixed(1)} s (${rate}/s open loop), PostgreSQL down ${((restartedAt - stoppedAt) / 1000).toFixed(1)} s`,
      `  answers by status: ${JSON.stringify(byStatus)}`,
      `  503 database_unavailable: ${settled.filter((answer) => answer.code === 'database_unavailable').length}; 500: ${count(500)}; other 5xx: ${serverErrors.length - count(500)}; no answer: ${count(0)}`,
      `  while down: ${down.length} answers, ${down.length - wrongWhileDown.length} of them 503 with Retry-After`,
      `  503s answered from ${Math.round(firstUnavailable - stopStartedAt)} ms after the stop began to ${Math.round(lastUnavailable - restartedAt)} ms after PostgreSQL was back`,
      `  health 200 again ${Number.isFinite(recoveryMs) ? `${Math.round(recoveryMs)} ms` : 'never'} after PostgreSQL was back (limit ${recoveryLimitMs} ms)`,
      `  writes acknowledged: ${acknowledgedWrites}; lost: ${lost.length}`,
      '',
    ].join('\n'),
  );

  const failures = [
    serverErrors.length > 0 && `${serverErrors.length} answers were 5xx other than 503`,
    count(0) > 0 && `${count(0)} requests got no answer`,
    wrongWhileDown.length > 0 &&
      `while down: ${wrongWhileDown
        .slice(0, 5)
        .map((answer) => `${answer.kind} ${answer.status} ${answer.code ?? ''}`)
        .join(', ')}`,
    down.length === 0 && 'no request was answered while PostgreSQL was down',
    !(recoveryMs <= recoveryLimitMs) && 'health did not recover in time',
    lost.length > 0 && `${lost.length} acknowledged writes were lost`,
  ].filter(Boolean);
  await server.stop();
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  if (failures.length > 0) throw new Error(failures.join('; '));
}

main().then(
  () => {
    clearTimeout(watchdog);
    bundle.remove();
  },
  (error: unknown) => {
    process.stderr.write(`postgres-restart: ${(error as Error).message}\n`);
    if (server) process.stderr.write(server.output().slice(-4000));
    cleanUp();
    process.exit(1);
  },
);
