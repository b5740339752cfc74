// Alert emails under a storm. Run: npm run bench:email.
// 10,000 alert firings for 2,000 users within one minute, against a real SMTP server
// (`smtp-server` on 127.0.0.1), on the production server (PGlite). Targets: at most one alert
// email per user per 5 minutes; p99 from a firing to its email accepted by SMTP < 60 s; API p99
// during the burst within 1.2x of the quiet figure.
// The issue promises an email within a minute of a firing, and at most one email per user per
// 5 minutes: a firing that comes while its user's window is closed (an email went to them less
// than 5 minutes before) waits for the window by design. So the headline latency, the one held
// to the 60 s target, is over the firings whose window was open when they fired; the bench
// prints beside it the figure for the firing that opens each email (second emails included)
// and for every firing.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { inviteCodes } from '@tickerwise/testkit';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { simulatedQuote } from '../../apps/server/src/market-data/adapters/simulated/provider.ts';
import { listedSymbols } from '../../apps/server/src/market-data/reference/universe.ts';
import { moveThroughLevels, probeApi } from '../support/alert-burst.ts';
import { clockMs, signUpBenchAccount } from '../support/event-streams.mjs';
import { percentile, prepareProductionServer, sleep } from '../support/production-server.mjs';

const userCount = 2_000;
const alertsPerUser = 5;
const symbolCount = 50;
const burstMs = 60_000;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const windowMs = 5 * 60_000;
/** A regular session (a Monday, 11:00 in New York), whenever the bench runs. */
const marketStart = '2026-03-16T15:00:00Z';

const watchdog = setTimeout(() => {
  process.stderr.write('email bench: gave up after 25 minutes\n');
  process.exit(1);
}, 25 * 60_000);
watchdog.unref();

interface Accepted {
  at: number;
  to: string;
  subject: string;
  /** The symbols of the firings it lists, in order. */
  symbols: string[];
}

const accepted: Accepted[] = [];
/** Messages as they arrived, parsed once the burst's API figures are in (see `parseArrived`). */
const arrived: { at: number; to: string; raw: Buffer }[] = [];
/** The bench's users who have had an alert email so far. */
const mailedUsers = new Set<string>();
/**
 * The SMTP receiver runs on its own thread: the API probe's timings are taken on this one, and
 * receiving 4,000 messages on it would delay the probe's own clock reads (a mail server is
 * another machine's work, not the server's). Each message comes over as it is accepted.
 */
const receiver = new Worker(
  `
  const { parentPort, workerData } = require('node:worker_threads');
  const { SMTPServer } = require(workerData.smtpServer);
  const clockMs = () => performance.timeOrigin + performance.now();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        // Read before answering: once the message is accepted the session starts a new envelope.
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address)[0] ?? '';
        parentPort.postMessage({ at: clockMs(), to, raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  // A client that drops a connection (the server closing an idle pooled one) ends that
  // connection only: the receiver goes on.
  smtp.on('error', (error) => {
    if (error.code !== 'ECONNRESET') process.stderr.write('  smtp receiver: ' + error.message + '\\n');
  });
  smtp.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: smtp.server.address().port }));
  parentPort.on('message', () => smtp.close(() => parentPort.close()));
  `,
  { eval: true, workerData: { smtpServer: createRequire(import.meta.url).resolve('smtp-server') } },
);
const smtpPort = await new Promise<number>((resolve, reject) => {
  receiver.once('error', reject);
  receiver.on(
    'message',
    (message: { port: number } | { at: number; to: string; raw: Uint8Array }) => {
      if ('port' in message) {
        resolve(message.port);
        return;
      }
      arrived.push({ at: message.at, to: message.to, raw: Buffer.from(message.raw) });
      if (message.to.startsWith('bench-mail-')) mailedUsers.add(message.to);
    },
  );
});

/**
 * Parses what has arrived since the last call. Parsing a MIME message costs this process more
 * than receiving it, and the API probe's timings are taken in this process: parsing 2,000
 * messages while the probe runs would slow the probe's own clock reads, not the server. So the
 * bench only counts arrivals during the burst and parses them after the probe has stopped.
 */
async function parseArrived(): Promise<void> {
  for (const { at, to, raw } of arrived.splice(0)) {
    const parsed = await simpleParser(raw);
    const text = parsed.text ?? '';
    // Each firing links its stock twice (the link and its address written out): a
    // symbol is one firing (a user's 5 alerts are on 5 symbols and fire once).
    const symbols = [
      ...new Set(
        [...text.matchAll(/\/dashboard\/investments\/stocks\/([A-Z.]+)/g)].map(
          (match) => match[1]!,
        ),
      ),
    ];
    accepted.push({ at, to, subject: parsed.subject ?? '', symbols });
  }
}

/**
 * BENCH_DATABASE_URL=<url of an empty PostgreSQL database>: the server, the invitation and the
 * seed use it instead of the embedded database (as a fleet runs), so the database's work is off
 * the server's thread.
 */
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
console.log(
  `machine: ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)} at start; database: ${databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite'}`,
);
const server = await prepareProductionServer('email', {
  env: {
    SIMULATION_CONTROL: 'true',
    SIMULATED_MARKET_START: marketStart,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Tickerwise <alerts@127.0.0.1>',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  startTimeoutMs: 240_000,
});

try {
  let url = await server.start();
  const [code] = await inviteCodes(server.dataDir, 1);
  const prober = await signUpBenchAccount(url, 0, {
    prefix: 'bench-email-prober',
    plan: 'alpha',
    net: 91,
    invitationCode: code,
  });
  await server.stop();

  // Seed while the server is down: PGlite has one process per data folder.
  const symbols = listedSymbols.slice(0, symbolCount).map(({ symbol }) => ({
    symbol,
    price: simulatedQuote(symbol, Date.parse(marketStart)).price,
  }));
  const database = await openDatabase(
    databaseUrl ? { databaseUrl, migrate: false } : { dataDir: server.dataDir, migrate: false },
  );
  try {
    const ids = Array.from({ length: userCount }, (_, index) => `bench-mail-${index}`);
    const list = `{${ids.join(',')}}`;
    await database.db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select id, 'Bench Investor', id || '@example.com', true from unnest(${list}::text[]) as u(id)`);
    await database.db.execute(sql`
      insert into profiles (id, name, subscription_tier)
      select id, 'Bench Investor', 'alpha' from unnest(${list}::text[]) as u(id)`);
    // User u watches 5 symbols, 10 apart: every symbol has 200 alerts, each user's 5 firings
    // fall across the minute.
    const users: string[] = [];
    const alertSymbols: string[] = [];
    const levels: number[] = [];
    ids.forEach((id, index) => {
      for (let k = 0; k < alertsPerUser; k++) {
        const { symbol, price } = symbols[(index + k * 10) % symbolCount]!;
        users.push(id);
        alertSymbols.push(symbol);
        levels.push(Math.round(price * 1.35 * 100) / 100);
      }
    });
    for (let start = 0; start < users.length; start += 5_000) {
      const part = (values: (string | number)[]) =>
        `{${values.slice(start, start + 5_000).join(',')}}`;
      await database.db.execute(sql`
        insert into alerts (user_id, symbol, kind, level, repeat, email)
        select a.user_id, a.symbol, 'price_above', a.level, 'once', true
        from unnest(${part(users)}::text[], ${part(alertSymbols)}::text[],
          ${part(levels)}::float8[]) as a(user_id, symbol, level)`);
    }
  } finally {
    await database.close();
  }
  url = await server.start();
  const operator = JSON.parse(readFileSync(join(server.dataDir, 'operator.json'), 'utf8')) as {
    token: string;
  };
  process.stderr.write('  seeded and started again; measuring the quiet API\n');
  await sleep(5_000);

  const probe = (until: () => boolean) =>
    probeApi(url, '/api/alerts', { cookie: prober.cookie, address: '10.91.0.1' }, until);

  // The probe's own thread: how late its timers ran, so a slow figure can be told apart from a
  // slow bench.
  const ownDelay = monitorEventLoopDelay({ resolution: 5 });
  ownDelay.enable();
  const quietEnds = clockMs() + 20_000;
  const quiet = await probe(() => clockMs() > quietEnds);

  // The burst: one symbol through its level every 1.2 s, 200 firings each.
  const {
    movedAt,
    over: burstOver,
    done: mover,
  } = moveThroughLevels(url, operator.token, symbols, burstMs);
  const burstStarted = clockMs();
  process.stderr.write('  the burst begins\n');
  const alertMail = () => accepted.filter((mail) => mail.to.startsWith('bench-mail-'));
  // The API is measured through the burst and until its first emails are out.
  const during = await probe(
    () =>
      burstOver() && (mailedUsers.size >= userCount || clockMs() - burstStarted > burstMs + 90_000),
  );
  await mover;
  ownDelay.disable();

  // The firings the window held back go about 5 minutes after each user's first email.
  const firings = userCount * alertsPerUser;
  const listed = () => alertMail().reduce((sum, mail) => sum + mail.symbols.length, 0);
  const deadline = clockMs() + windowMs + 180_000;
  let told = clockMs();
  await parseArrived();
  while (listed() < firings && clockMs() < deadline) {
    await sleep(1_000);
    await parseArrived();
    if (clockMs() - told > 30_000) {
      told = clockMs();
      process.stderr.write(
        `  ${s(clockMs() - burstStarted)} after the burst began: ${alertMail().length} alert emails accepted, listing ${listed()} firings\n`,
      );
    }
  }
  await parseArrived();

  const mails = alertMail().sort((a, b) => a.at - b.at);
  const opening: number[] = [];
  const every: number[] = [];
  const byUser = new Map<string, Accepted[]>();
  for (const mail of mails) {
    const times = mail.symbols.map((symbol) => mail.at - movedAt.get(symbol)!);
    opening.push(Math.max(...times.slice(0, 1)));
    every.push(...times);
    byUser.set(mail.to, [...(byUser.get(mail.to) ?? []), mail]);
  }
  opening.sort((a, b) => a - b);
  every.sort((a, b) => a - b);
  // The first wave: every user's first email accepted.
  const firstAccepted = [...byUser.values()].map((list) => list[0]!.at);
  const firstWaveMs = Math.max(...firstAccepted) - burstStarted;
  // The guarantee is on the outbox: when each alert email was queued.
  await server.stop();
  const queuedAt = new Map<string, number[]>();
  const after = await openDatabase(
    databaseUrl ? { databaseUrl, migrate: false } : { dataDir: server.dataDir, migrate: false },
  );
  try {
    const states = rowsOf<{ state: string; count: number }>(
      await after.db.execute(sql`
        select state, count(*)::int as count from email_outbox where kind = 'alert-emails'
        group by state order by state`),
    );
    const pending = rowsOf<{ state: string | null; count: number }>(
      await after.db.execute(sql`
        select email_state as state, count(*)::int as count from alert_firings group by email_state`),
    );
    console.log(
      `  outbox at the end: ${states.map((row) => `${row.count} ${row.state}`).join(', ') || 'no alert emails'}; firings: ${pending.map((row) => `${row.count} ${row.state ?? 'no email'}`).join(', ')}`,
    );
    const result = await after.db.execute(sql`
      select recipient, created_at from email_outbox where kind = 'alert-emails'`);
    const rows = rowsOf<{ recipient: string; created_at: string | Date }>(result);
    for (const row of rows) {
      const at = new Date(row.created_at).getTime();
      queuedAt.set(row.recipient, [...(queuedAt.get(row.recipient) ?? []), at]);
    }
  } finally {
    await after.close();
  }
  let closest = Number.POSITIVE_INFINITY;
  for (const times of queuedAt.values()) {
    times.sort((a, b) => a - b);
    for (let index = 1; index < times.length; index++) {
      closest = Math.min(closest, times[index]! - times[index - 1]!);
    }
  }
  // A firing's window was open when no alert email had been queued for its user in the
  // 5 minutes before it fired: the user's n-th email accepted is their n-th queued (5 minutes
  // apart, they cannot cross), and a firing it lists came after the email before it.
  const windowOpen: number[] = [];
  for (const [to, list] of byUser) {
    const queued = queuedAt.get(to) ?? [];
    list.forEach((mail, index) => {
      const before = index === 0 ? undefined : queued[index - 1];
      for (const symbol of mail.symbols) {
        const firedAt = movedAt.get(symbol)!;
        if (before === undefined || firedAt - before >= windowMs) {
          windowOpen.push(mail.at - firedAt);
        }
      }
    });
  }
  windowOpen.sort((a, b) => a - b);
  const msf = (ms: number) => `${ms.toFixed(1)} ms`;
  const quietP99 = percentile(quiet, 99);
  const duringP99 = percentile(during, 99);
  console.log(
    `\n${firings} firings for ${userCount} users over ${s(burstMs)} (${symbolCount} symbols through their level, 200 alerts each)`,
  );
  const spread = (times: number[]) =>
    `p50 ${s(percentile(times, 50))}  p99 ${s(percentile(times, 99))}  max ${s(times.at(-1) ?? Number.NaN)}`;
  console.log(
    `  alert emails accepted by SMTP: ${mails.length} to ${byUser.size} users, listing ${listed()} firings`,
  );
  console.log(
    `  first wave: one email to each of the ${byUser.size} users accepted ${s(firstWaveMs)} after the burst began`,
  );
  console.log(
    `  most emails to one user: ${Math.max(...[...byUser.values()].map((list) => list.length))}; closest two queued for one user: ${closest === Number.POSITIVE_INFINITY ? 'n/a' : s(closest)} apart (target >= 300 s)`,
  );
  console.log(
    `  firing -> accepted, firings whose window was open (${windowOpen.length}): ${spread(windowOpen)}  (target p99 < 60 s)`,
  );
  console.log(
    `  firing -> accepted, the firing that opens an email (second emails included): ${spread(opening)}`,
  );
  console.log(
    `  firing -> accepted, every firing (held ones wait for the 5-minute window): ${spread(every)}`,
  );
  console.log(
    `  API GET /api/alerts p99: quiet ${msf(quietP99)} (${quiet.length} requests), during the burst ${msf(duringP99)} (${during.length} requests), ratio ${(duringP99 / quietP99).toFixed(2)} (target <= 1.2)`,
  );
  console.log(
    `  the bench's own event loop through both probes (the SMTP receiver on its own thread): delay p99 ${msf(ownDelay.percentile(99) / 1e6)}, max ${msf(ownDelay.max / 1e6)}`,
  );
  console.log(
    `load average ${loadavg()[0]!.toFixed(1)} at the end (figures from a busy machine are slower)`,
  );
  if (closest < windowMs || listed() < firings) process.exitCode = 1;
} catch (error) {
  let alive = false;
  try {
    alive = server.pid !== undefined && process.kill(server.pid, 0);
  } catch {}
  process.stderr.write(
    `the server (pid ${server.pid}, ${alive ? 'running' : 'gone'}); its last output:\n${server.output()}\n`,
  );
  throw error;
} finally {
  await server.stop().catch(() => {});
  server.cleanUp();
  receiver.postMessage('close');
  await receiver.terminate();
}
process.exit(process.exitCode ?? 0);
