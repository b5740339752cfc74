// Webhook deliveries under a storm. Run: npm run bench:webhooks.
// 10,000 alert firings to 500 webhook destinations on 127.0.0.1 (WEBHOOKS_ALLOW_LOOPBACK), on
// the production server (PGlite), in one minute. During an outage of the receivers, 10% of the
// destinations answer 500 and 5% never answer (the 10 s timeout), until 30 s after the burst;
// then they recover and the retries (30 s, 1 min, 2 min...) must reach them. Targets: 0
// deliveries lost (each delivered, or logged failed after its retries), no event delivered
// twice (a 2xx answer ends a delivery), p99 from a firing to its first attempt < 2 s. Also:
// deliveries per second, every signature checked (Standard Webhooks), and the API p99 during
// the burst as a ratio of the quiet figure.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { inviteCodes } from '@tickerwise/testkit';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { simulatedQuote } from '../../apps/server/src/market-data/adapters/simulated/provider.ts';
import { listedSymbols } from '../../apps/server/src/market-data/reference/universe.ts';
import { sealerFrom } from '../../apps/server/src/modules/integrations/signing.ts';
import { moveThroughLevels, probeApi } from '../support/alert-burst.ts';
import { clockMs, signUpBenchAccount } from '../support/event-streams.mjs';
import { percentile, prepareProductionServer, sleep } from '../support/production-server.mjs';

const destinationCount = 500;
const alertsPerDestination = 20;
const symbolCount = 50;
const burstMs = 60_000;
/** The receivers' outage lasts until this long after the burst. */
const outageAfterBurstMs = 30_000;
/** How long the bench waits after the burst for the retries to reach every receiver. */
const settleMs = 8 * 60_000;
const firings = destinationCount * alertsPerDestination;
const authSecret = randomBytes(32).toString('hex');
/** A regular session (a Monday, 11:00 in New York), whenever the bench runs. */
const marketStart = '2026-03-16T15:00:00Z';
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const msf = (ms: number) => `${ms.toFixed(1)} ms`;

const watchdog = setTimeout(() => {
  process.stderr.write('webhooks bench: gave up after 25 minutes\n');
  process.exit(1);
}, 25 * 60_000);
watchdog.unref();

/** How destination `index` behaves during the outage. */
function behaviour(index: number): 'ok' | 'error' | 'hang' {
  const slot = index % 20;
  if (slot < 2) return 'error'; // 10%
  if (slot === 2) return 'hang'; // 5%
  return 'ok';
}

interface Attempt {
  at: number;
  destination: number;
  eventId: string;
  status: number | null;
  signed: boolean;
}

const secrets: string[] = Array.from(
  { length: destinationCount },
  () => `whsec_${randomBytes(24).toString('base64')}`,
);
const attempts: Attempt[] = [];
let outage = true;
const hanging = new Set<ServerResponse>();

/** The Standard Webhooks check, written from the specification (not the server's code). */
function verified(secret: string, request: IncomingMessage, body: string): boolean {
  const id = request.headers['webhook-id'];
  const timestamp = request.headers['webhook-timestamp'];
  const signatures = request.headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') {
    return false;
  }
  const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const at = clockMs();
    const destination = Number(/^\/d\/(\d+)$/.exec(request.url ?? '')?.[1] ?? -1);
    const body = Buffer.concat(chunks).toString('utf8');
    const secret = secrets[destination];
    const attempt: Attempt = {
      at,
      destination,
      eventId: String(request.headers['webhook-id'] ?? ''),
      status: null,
      signed: secret !== undefined && verified(secret, request, body),
    };
    attempts.push(attempt);
    const kind = outage ? behaviour(destination) : 'ok';
    if (kind === 'hang') {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    attempt.status = kind === 'error' ? 500 : 200;
    response.writeHead(attempt.status, { 'content-type': 'text/plain' }).end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;

console.log(`machine: ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)} at start`);
const server = await prepareProductionServer('webhooks', {
  env: {
    SIMULATION_CONTROL: 'true',
    SIMULATED_MARKET_START: marketStart,
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    AUTH_SECRET: authSecret,
  },
  startTimeoutMs: 240_000,
});

try {
  let url = await server.start();
  const [code] = await inviteCodes(server.dataDir, 1);
  const prober = await signUpBenchAccount(url, 0, {
    prefix: 'bench-webhooks-prober',
    plan: 'alpha',
    net: 92,
    invitationCode: code,
  });
  await server.stop();

  // Seed while the server is down: PGlite has one process per data folder.
  const symbols = listedSymbols.slice(0, symbolCount).map(({ symbol }) => ({
    symbol,
    price: simulatedQuote(symbol, Date.parse(marketStart)).price,
  }));
  const sealer = sealerFrom(authSecret);
  const destinationIds: string[] = [];
  const database = await openDatabase({ dataDir: server.dataDir, migrate: false });
  try {
    const ids = Array.from({ length: destinationCount }, (_, index) => `bench-hook-${index}`);
    const list = `{${ids.join(',')}}`;
    await database.db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select id, 'Bench Desk', id || '@example.com', true from unnest(${list}::text[]) as u(id)`);
    await database.db.execute(sql`
      insert into profiles (id, name, subscription_tier)
      select id, 'Bench Desk', 'enterprise' from unnest(${list}::text[]) as u(id)`);
    for (const [index, id] of ids.entries()) {
      const [row] = rowsOf<{ id: string }>(
        await database.db.execute(sql`
          insert into alert_destinations
            (user_id, kind, name, url_sealed, display_url, secret_sealed, created_at)
          values (${id}, 'webhook', ${`Desk ${index}`}, ${sealer.seal(`${receiverUrl}/d/${index}`)},
            ${`${receiverUrl}/d/${index}`}, ${sealer.seal(secrets[index]!)}, now())
          returning id`),
      );
      destinationIds.push(row!.id);
    }
    // Destination d's user watches 20 symbols in a row: every symbol has 200 alerts, and each
    // destination's 20 firings fall across the minute.
    const users: string[] = [];
    const alertSymbols: string[] = [];
    const levels: number[] = [];
    const targets: string[] = [];
    ids.forEach((id, index) => {
      for (let k = 0; k < alertsPerDestination; k++) {
        const { symbol, price } = symbols[(index + k) % symbolCount]!;
        users.push(id);
        alertSymbols.push(symbol);
        levels.push(Math.round(price * 1.35 * 100) / 100);
        targets.push(destinationIds[index]!);
      }
    });
    for (let start = 0; start < users.length; start += 5_000) {
      const part = (values: (string | number)[]) =>
        `{${values.slice(start, start + 5_000).join(',')}}`;
      await database.db.execute(sql`
        insert into alerts (user_id, symbol, kind, level, repeat, email, destination_ids)
        select a.user_id, a.symbol, 'price_above', a.level, 'once', false, array[a.target]
        from unnest(${part(users)}::text[], ${part(alertSymbols)}::text[],
          ${part(levels)}::float8[], ${part(targets)}::uuid[]) as a(user_id, symbol, level, target)`);
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
    probeApi(
      url,
      '/api/integrations/destinations',
      { cookie: prober.cookie, address: '10.92.0.1' },
      until,
    );

  const quietEnds = clockMs() + 20_000;
  const quiet = await probe(() => clockMs() > quietEnds);

  // The burst: one symbol through its level every 1.2 s, 200 firings each.
  const {
    movedAt,
    over: burstOver,
    done: mover,
  } = moveThroughLevels(url, operator.token, symbols, burstMs);
  const burstStarted = clockMs();
  process.stderr.write('  the burst begins; 15% of the receivers are down\n');
  const during = await probe(burstOver);
  await mover;
  const burstEnded = clockMs();
  await sleep(outageAfterBurstMs);
  outage = false;
  for (const response of hanging) response.destroy();
  process.stderr.write(
    `  the receivers are back ${s(clockMs() - burstStarted)} after the burst began\n`,
  );

  const delivered = () => new Set(attempts.filter((a) => a.status === 200).map((a) => a.eventId));
  const deadline = clockMs() + settleMs;
  let told = clockMs();
  while (delivered().size < firings && clockMs() < deadline) {
    await sleep(1_000);
    if (clockMs() - told > 30_000) {
      told = clockMs();
      process.stderr.write(
        `  ${s(clockMs() - burstStarted)} after the burst began: ${delivered().size} of ${firings} delivered, ${attempts.length} attempts\n`,
      );
    }
  }
  const settledAfter = clockMs() - burstStarted;
  await server.stop();

  // What the outbox says: every delivery's state, and the firing each belongs to.
  const after = await openDatabase({ dataDir: server.dataDir, migrate: false });
  let states: { state: string; count: number }[];
  let firedRows: { event_id: string; symbol: string }[];
  try {
    states = rowsOf<{ state: string; count: number }>(
      await after.db.execute(sql`
        select state, count(*)::int as count from alert_deliveries where type = 'alert.fired'
        group by state order by state`),
    );
    firedRows = rowsOf<{ event_id: string; symbol: string }>(
      await after.db.execute(sql`
        select d.event_id, f.symbol from alert_deliveries d
        join alert_firings f on f.id = d.firing_id where d.type = 'alert.fired'`),
    );
  } finally {
    await after.close();
  }
  const count = (state: string) => states.find((row) => row.state === state)?.count ?? 0;
  const recorded = states.reduce((sum, row) => sum + row.count, 0);
  const symbolOf = new Map(firedRows.map((row) => [row.event_id, row.symbol]));

  // First attempt of each event, from the quote that fired it.
  const first = new Map<string, Attempt>();
  const okAnswers = new Map<string, number>();
  for (const attempt of attempts) {
    if (!first.has(attempt.eventId)) first.set(attempt.eventId, attempt);
    if (attempt.status === 200) {
      okAnswers.set(attempt.eventId, (okAnswers.get(attempt.eventId) ?? 0) + 1);
    }
  }
  const latency = (filter: (attempt: Attempt) => boolean) =>
    [...first.values()]
      .filter(filter)
      .map((attempt) => attempt.at - movedAt.get(symbolOf.get(attempt.eventId) ?? '')!)
      .filter((ms) => Number.isFinite(ms))
      .sort((a, b) => a - b);
  const allFirst = latency(() => true);
  const healthyFirst = latency((attempt) => behaviour(attempt.destination) === 'ok');
  const duplicates = [...okAnswers.values()].filter((answers) => answers > 1).length;
  const unsigned = attempts.filter((attempt) => !attempt.signed).length;
  const firstTimes = [...first.values()].map((attempt) => attempt.at).sort((a, b) => a - b);
  const waveMs = (firstTimes.at(-1) ?? burstStarted) - burstStarted;
  const retries = attempts.length - first.size;
  // Lost: a firing with no delivery row. A row still pending when the bench stops is not lost
  // (its job sends it later), but the run did not see it settle.
  const lost = firings - recorded;
  const unsettled = count('pending');
  const quietP99 = percentile(quiet, 99);
  const duringP99 = percentile(during, 99);

  console.log(
    `\n${firings} firings to ${destinationCount} destinations over ${s(burstEnded - burstStarted)} (${symbolCount} symbols through their level, 200 alerts each); 10% answer 500 and 5% never answer until ${s(outageAfterBurstMs)} after the burst`,
  );
  console.log(
    `  deliveries recorded: ${recorded} (${states.map((row) => `${row.count} ${row.state}`).join(', ')}); lost: ${lost} (target 0); still pending when the bench stopped: ${unsettled}`,
  );
  console.log(
    `  receiver: ${attempts.length} attempts (${first.size} first attempts, ${retries} retries), ${delivered().size} events delivered, ${duplicates} delivered twice (target 0), ${unsigned} with a bad signature (target 0); all settled ${s(settledAfter)} after the burst began`,
  );
  console.log(
    `  first attempts per second: ${(first.size / (waveMs / 1000)).toFixed(0)} (all ${first.size} within ${s(waveMs)} of the burst's start)`,
  );
  console.log(
    `  firing -> first attempt, every delivery: p50 ${msf(percentile(allFirst, 50))}  p99 ${msf(percentile(allFirst, 99))}  max ${msf(allFirst.at(-1) ?? Number.NaN)}  (target p99 < 2 s)`,
  );
  console.log(
    `  firing -> first attempt, healthy receivers only: p50 ${msf(percentile(healthyFirst, 50))}  p99 ${msf(percentile(healthyFirst, 99))}`,
  );
  console.log(
    `  API GET /api/integrations/destinations p99: quiet ${msf(quietP99)} (${quiet.length} requests), during the burst ${msf(duringP99)} (${during.length} requests), ratio ${(duringP99 / quietP99).toFixed(2)}`,
  );
  console.log(
    `load average ${loadavg()[0]!.toFixed(1)} at the end (figures from a busy machine are slower)`,
  );
  if (lost > 0 || duplicates > 0 || unsigned > 0) process.exitCode = 1;
} finally {
  await server.stop().catch(() => {});
  server.cleanUp();
  for (const response of hanging) response.destroy();
  receiver.close();
}
process.exit(process.exitCode ?? 0);
