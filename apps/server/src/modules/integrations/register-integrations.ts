import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { jobs } from '../../db/schema/index.ts';
import type { Auth } from '../auth/auth.ts';
import type { Mail } from '../email/service.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { JobQueue, JobRunner } from '../jobs/service.ts';
import type { TargetPolicy } from './address-guard.ts';
import { Deliveries, deliverJob } from './deliveries.ts';
import { DestinationStore } from './destinations.ts';
import { integrationRoutes } from './routes.ts';
import { WebhookSender } from './sender.ts';
import { sealerFrom } from './signing.ts';

/** How often an idle instance looks for deliveries to send. */
const pollMs = 1_000;
/** How often an instance sweeps for pending deliveries whose job was lost. */
const sweepMs = 60_000;
/** The jobs-table claim that lets one instance sweep at a time. */
const sweepClaim = { name: 'integrations.requeue-lost', key: 'sweep' } as const;
/** Deliveries one instance sends at once (a slow receiver holds one of them for 10 s at most). */
export const deliveryWorkers = 64;

export interface Integrations {
  destinations: DestinationStore;
  deliveries: Deliveries;
  /** Sends every delivery that is due now, on this instance (tests; the runners do it too). */
  deliverDue(): Promise<number>;
  /**
   * One sweep for pending deliveries whose job was lost, queueing their jobs again (every
   * minute on instances that run background jobs, one instance at a time); how many it queued.
   */
  sweepLost(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Alert destinations and their deliveries (`modules/integrations`). */
    integrations: Integrations;
  }
}

export interface IntegrationsOptions {
  auth: Auth;
  db: Db;
  clock: Clock;
  mail: Mail;
  publicUrl: string;
  /** The server's secret, from which the key that seals addresses and secrets is derived. */
  secret: string;
  room: Pick<EntitlementService, 'requireEntitlement'>;
  policy: TargetPolicy;
  /** Whether this instance sends deliveries. */
  backgroundJobs: boolean;
}

/**
 * Alert destinations (docs/PRODUCT.md §3.19, Integrations): the routes of Settings >
 * Integrations and the delivery workers, several job runners on the jobs table, so a receiver
 * that hangs for its 10 seconds holds up one of them, not every delivery.
 */
export async function registerIntegrations(
  app: FastifyInstance,
  { auth, db, clock, mail, publicUrl, secret, room, policy, backgroundJobs }: IntegrationsOptions,
): Promise<Integrations> {
  const sealer = sealerFrom(secret);
  const destinations = new DestinationStore({ db, clock, sealer, policy, room });
  const deliveries = new Deliveries({
    db,
    clock,
    sealer,
    sender: new WebhookSender(policy),
    publicUrl,
    mailer: mail.mailer,
    outbox: mail.outbox,
    log: app.log,
    room,
  });
  const now = () => clock().getTime();
  const handlers = {
    [deliverJob]: (job: Parameters<Deliveries['deliver']>[0]) => deliveries.deliver(job),
  };
  const runners = Array.from(
    { length: deliveryWorkers },
    () => new JobRunner({ queue: new JobQueue(db, now), handlers, log: app.log, now }),
  );
  /** Every worker takes deliveries until none is due. */
  const runAll = async (): Promise<number> => {
    const ran = await Promise.all(runners.map((runner) => runner.runDue()));
    return ran.reduce((sum, count) => sum + count, 0);
  };
  /**
   * One look a second whether any delivery is due (an index scan), and only then do the
   * workers start taking them; finished jobs of deliveries are cleared after an hour (their
   * rows keep the log).
   */
  const look = async (): Promise<void> => {
    const at = new Date(now());
    const due = rowsOf(
      await db.execute(sql`
        select 1 from ${jobs}
        where name = ${deliverJob} and run_at <= ${at}
          and (state = 'queued' or (state = 'running' and locked_until < ${at}))
        limit 1`),
    );
    if (due.length > 0) await runAll();
    await db.execute(sql`
      delete from ${jobs} where name = ${deliverJob} and state = 'done'
        and finished_at < ${new Date(now() - 3600_000)}`);
  };
  const sweeper = new JobQueue(db, now);
  const sweepLost = async (): Promise<number> => {
    if (!(await sweeper.claim(sweepClaim.name, sweepClaim.key, sweepMs))) return 0;
    try {
      return await deliveries.requeueLost();
    } finally {
      await sweeper.release(sweepClaim.name, sweepClaim.key);
    }
  };
  if (backgroundJobs) {
    app.addHook('onReady', async () => {
      app.scheduler.every('lost alert deliveries', sweepMs, () =>
        sweepLost().then(
          (queued) => {
            if (queued > 0) app.log.warn({ queued }, 'queued again deliveries whose job was lost');
          },
          (error: unknown) =>
            app.log.warn({ err: error }, 'sweeping for lost alert deliveries failed'),
        ),
      );
      app.scheduler.every(
        'alert deliveries',
        pollMs,
        () =>
          look().catch((error: unknown) =>
            app.log.warn({ err: error }, 'looking for alert deliveries failed'),
          ),
        { runAtStart: true },
      );
    });
    app.addHook('preClose', async () => {
      await Promise.all(runners.map((runner) => runner.stop()));
    });
  }
  await app.register(integrationRoutes, { auth, destinations, deliveries });
  const integrations: Integrations = {
    destinations,
    deliveries,
    deliverDue: runAll,
    sweepLost,
  };
  app.decorate('integrations', integrations);
  return integrations;
}
