// Alert deliveries to webhooks under load. Run: node --import tsx bench/webhooks/main.ts
// In process, on an in-memory PGlite: 500 webhook destinations on 127.0.0.1 (10% answer 500,
// 5% never answer), 10,000 alert firings spread over `FIRINGS_SECONDS` (100 by default), each
// written to the outbox the way `fireAlerts` does it (`recordAlertDeliveries` in the
// transaction that records the firing) and sent by the module's own job runners and sender.
// Targets: no delivery lost (every one delivered, or its failed attempt logged with the next
// one scheduled), no event received twice by a receiver that answered 2xx, p99 first-attempt
// latency from firing < 2 s. Reduced: it watches the first attempts and the first retries only
// (the 24 hours of retries run on the jobs table's schedule and are covered by the server's
// tests with a set clock), and runs in one process instead of the production server.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../apps/server/src/clock.ts';
import { defaultLimits } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import {
  alertDestinations,
  alertFirings,
  profiles,
  user,
} from '../../apps/server/src/db/schema/index.ts';
import { Mailer } from '../../apps/server/src/modules/email/mailer.ts';
import { Outbox } from '../../apps/server/src/modules/email/outbox.ts';
import { folderTransport } from '../../apps/server/src/modules/email/transport.ts';
import {
  Deliveries,
  deliverJob,
  recordAlertDeliveries,
} from '../../apps/server/src/modules/integrations/deliveries.ts';
import { deliveryWorkers } from '../../apps/server/src/modules/integrations/register-integrations.ts';
import { WebhookSender } from '../../apps/server/src/modules/integrations/sender.ts';
import { sealerFrom } from '../../apps/server/src/modules/integrations/signing.ts';
import { JobQueue, JobRunner } from '../../apps/server/src/modules/jobs/service.ts';
import { percentile, sleep } from '../support/production-server.mjs';

const destinationCount = 500;
const accounts = 50;
const firingCount = Number(process.env.FIRINGS ?? 10_000);
const firingSeconds = Number(process.env.FIRINGS_SECONDS ?? 100);
/** The sender's timeout: the product's 10 s unless set (a shorter run). */
const timeoutMs = Number(process.env.TIMEOUT_MS ?? 10_000);

const watchdog = setTimeout(() => {
  process.stderr.write('webhooks bench: gave up after 15 minutes\n');
  process.exit(1);
}, 15 * 60_000);
watchdog.unref();

/** Destination n answers 500 when n % 20 is 0 or 1 (10%), never answers when it is 2 (5%). */
const behaviourOf = (n: number) => (n % 20 < 2 ? 'error' : n % 20 === 2 ? 'hang' : 'ok');

interface Arrival {
  destination: number;
  eventId: string;
  at: number;
}
const arrivals: Arrival[] = [];
const receiver = createServer((request, response) => {
  const destination = Number(/^\/d\/(\d+)/.exec(request.url ?? '')?.[1]);
  const eventId = String(request.headers['webhook-id']);
  request.resume();
  request.on('end', () => {
    arrivals.push({ destination, eventId, at: Date.now() });
    const behaviour = behaviourOf(destination);
    if (behaviour === 'hang') return;
    response.writeHead(behaviour === 'error' ? 500 : 204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const database = await openDatabase({});
const { db } = database;
const clock: Clock = () => new Date();
const secret = 'bench-secret-that-is-long-enough-for-the-key';
const sealer = sealerFrom(secret);
const mailDir = mkdtempSync(join(tmpdir(), 'tickerwise-webhooks-bench-'));

try {
  // 50 Enterprise accounts with 10 destinations each.
  const userIds = Array.from({ length: accounts }, (_, index) => `bench-user-${index}`);
  await db.insert(user).values(
    userIds.map((id) => ({
      id,
      name: id,
      email: `${id}@example.com`,
      emailVerified: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    })),
  );
  await db
    .insert(profiles)
    .values(userIds.map((id) => ({ id, name: id, subscriptionTier: 'enterprise' as const })));
  const destinations = await db
    .insert(alertDestinations)
    .values(
      Array.from({ length: destinationCount }, (_, n) => ({
        userId: userIds[n % accounts]!,
        kind: 'webhook',
        name: `Desk ${n}`,
        urlSealed: sealer.seal(`${base}/d/${n}`),
        displayUrl: `${base}/d/${n}`,
        secretSealed: sealer.seal('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
        createdAt: new Date(),
      })),
    )
    .returning({ id: alertDestinations.id, userId: alertDestinations.userId });
  const numberOf = new Map(destinations.map((row, n) => [row.id, n]));

  const log = {
    warn: () => {},
    info: () => {},
    error: (details: object, message: string) => {
      process.stderr.write(`${message} ${JSON.stringify(details)}\n`);
    },
  };
  const outbox = new Outbox(db, clock, {
    from: 'Tickerwise <bench@127.0.0.1>',
    host: '127.0.0.1',
    perRecipient: defaultLimits.emailsPerRecipient,
    transport: folderTransport(mailDir, () => {}),
    log,
  });
  const deliveries = new Deliveries({
    db,
    clock,
    sealer,
    sender: new WebhookSender({ allowLoopback: true }, timeoutMs),
    publicUrl: 'http://127.0.0.1:3000',
    mailer: new Mailer(outbox, 'http://127.0.0.1:3000', secret, log),
    outbox,
    log,
    room: { requireEntitlement: async () => 'enterprise' as const },
  });
  const now = () => Date.now();
  const runners = Array.from(
    { length: deliveryWorkers },
    () =>
      new JobRunner({
        queue: new JobQueue(db, now),
        handlers: { [deliverJob]: (job) => deliveries.deliver(job) },
        log,
        now,
      }),
  );
  let stopping = false;
  // The module's loop: a look a second (here every 100 ms) whether any delivery is due.
  const workers = (async () => {
    while (!stopping) {
      await Promise.all(runners.map((runner) => runner.runDue()));
      await sleep(100);
    }
  })();

  // The firings: batches every 100 ms, each firing to the next destination.
  const firedAt = new Map<string, number>();
  const started = Date.now();
  const batches = firingSeconds * 10;
  const perBatch = Math.ceil(firingCount / batches);
  const firingMs: number[] = [];
  let fired = 0;
  for (let batch = 0; batch < batches && fired < firingCount; batch++) {
    const due = started + batch * 100;
    if (Date.now() < due) await sleep(due - Date.now());
    const size = Math.min(perBatch, firingCount - fired);
    const t0 = performance.now();
    await db.transaction(async (tx) => {
      const chosen = Array.from(
        { length: size },
        (_, i) => destinations[(fired + i) % destinationCount]!,
      );
      const at = new Date();
      const rows = await tx
        .insert(alertFirings)
        .values(
          chosen.map((destination, i) => ({
            userId: destination.userId,
            symbol: 'AAPL',
            repeat: 'once',
            tradingDay: '2026-03-10',
            title: `AAPL rose above $${200 + fired + i}.00`,
            message: 'A bench firing.',
            firedAt: at,
          })),
        )
        .returning({ id: alertFirings.id });
      await recordAlertDeliveries(
        tx,
        chosen.map((destination, i) => ({
          userId: destination.userId,
          destinationIds: [destination.id],
          alertId: null,
          firingId: rows[i]!.id,
          symbol: 'AAPL',
          title: `AAPL rose above $${200 + fired + i}.00`,
          message: 'A bench firing.',
          value: 200,
          tradingDay: '2026-03-10',
          firedAt: at.toISOString(),
        })),
        at,
      );
    });
    firingMs.push(performance.now() - t0);
    fired += size;
  }
  const firingEnded = Date.now();

  // Until every delivery had its first attempt (the hanging ones take their timeout).
  const deadline = Date.now() + 10 * 60_000;
  let waiting = Number.POSITIVE_INFINITY;
  while (waiting > 0 && Date.now() < deadline) {
    await sleep(500);
    [{ waiting }] = rowsOf<{ waiting: number }>(
      await db.execute(
        sql`select count(*)::int as waiting from alert_deliveries where attempts = 0`,
      ),
    ) as [{ waiting: number }];
  }
  const firstAttemptsDone = Date.now();
  stopping = true;
  await workers;

  const rows = rowsOf<{
    id: string;
    destinationId: string;
    eventId: string;
    state: string;
    attempts: number;
    createdAt: string | Date;
    nextAttemptAt: string | Date | null;
    responseStatus: number | null;
  }>(
    await db.execute(sql`
      select id, destination_id as "destinationId", event_id as "eventId", state, attempts,
        created_at as "createdAt", next_attempt_at as "nextAttemptAt",
        response_status as "responseStatus"
      from alert_deliveries`),
  );
  for (const row of rows) firedAt.set(row.eventId, new Date(row.createdAt).getTime());
  const lost = rows.filter(
    (row) =>
      !(
        row.state === 'delivered' ||
        row.state === 'failed' ||
        (row.state === 'pending' && row.attempts > 0 && row.nextAttemptAt)
      ),
  ).length;
  const byEvent = new Map<string, Arrival[]>();
  for (const arrival of arrivals) {
    const list = byEvent.get(arrival.eventId) ?? [];
    list.push(arrival);
    byEvent.set(arrival.eventId, list);
  }
  const duplicatesOfOk = [...byEvent.values()].filter(
    (list) => behaviourOf(list[0]!.destination) === 'ok' && list.length > 1,
  ).length;
  const firstLatency = (kind: 'ok' | 'error' | 'hang' | 'all') =>
    [...byEvent.entries()]
      .filter(([, list]) => kind === 'all' || behaviourOf(list[0]!.destination) === kind)
      .map(
        ([eventId, list]) => Math.min(...list.map((arrival) => arrival.at)) - firedAt.get(eventId)!,
      )
      .sort((a, b) => a - b);
  const all = firstLatency('all');
  const ok = firstLatency('ok');
  const states = rows.reduce<Record<string, number>>((counts, row) => {
    counts[row.state] = (counts[row.state] ?? 0) + 1;
    return counts;
  }, {});
  const retried = rows.filter((row) => row.attempts > 1).length;
  const sortedFiring = firingMs.sort((a, b) => a - b);
  const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
  const lines = [
    `webhooks bench: ${firingCount.toLocaleString('en-US')} firings over ${((firingEnded - started) / 1000).toFixed(1)} s to ${destinationCount} destinations (10% answer 500, 5% never answer; timeout ${timeoutMs / 1000} s), ${deliveryWorkers} workers, PGlite in memory`,
    `  deliveries written: ${rows.length.toLocaleString('en-US')} (${numberOf.size} destinations); states ${JSON.stringify(states)}; retried at least once: ${retried}`,
    `  lost (no outcome and nothing scheduled): ${lost}`,
    `  events a 2xx receiver got more than once: ${duplicatesOfOk}`,
    `  first attempt from firing, every destination: p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}, max ${ms(all.at(-1) ?? Number.NaN)} (${all.length} events)`,
    `  first attempt from firing, answering destinations: p50 ${ms(percentile(ok, 50))}, p99 ${ms(percentile(ok, 99))}`,
    `  firing transaction (a batch of ${perBatch} firings with their deliveries): p50 ${ms(percentile(sortedFiring, 50))}, p99 ${ms(percentile(sortedFiring, 99))}`,
    `  every first attempt made ${((firstAttemptsDone - firingEnded) / 1000).toFixed(1)} s after the last firing`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const pass =
    lost === 0 &&
    duplicatesOfOk === 0 &&
    percentile(all, 99) < 2_000 &&
    rows.length === firingCount;
  process.stdout.write(
    `  targets (0 lost, 0 duplicates, p99 < 2 s): ${pass ? 'met' : 'NOT met'}\n`,
  );
  process.exitCode = pass ? 0 : 1;
} finally {
  receiver.closeAllConnections();
  receiver.close();
  await database.close();
  rmSync(mailDir, { recursive: true, force: true });
}
