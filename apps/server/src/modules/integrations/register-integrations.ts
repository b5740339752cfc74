import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import type { Auth } from '../auth/auth.ts';
import type { Mail } from '../email/service.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { JobQueue } from '../jobs/service.ts';
import type { TargetPolicy } from './address-guard.ts';
import { Deliveries, deliveriesChannel, deliverJob } from './deliveries.ts';
import { DestinationStore } from './destinations.ts';
import { DeliveryPump } from './pump.ts';
import { integrationRoutes } from './routes.ts';
import { WebhookSender } from './sender.ts';
import { sealerFrom } from './signing.ts';

/** How often an instance looks for deliveries whose retry came due. */
const pollMs = 1_000;
/** How often an instance sweeps for pending deliveries whose job was lost. */
const sweepMs = 60_000;
/** The jobs-table claim that lets one instance sweep at a time. */
const sweepClaim = { name: 'integrations.requeue-lost', key: 'sweep' } as const;

export interface Integrations {
  destinations: DestinationStore;
  deliveries: Deliveries;
  /** Sends every delivery that is due now, on this instance (tests; the pump does it too). */
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
  database: Database;
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
 * Integrations and, on instances that run background jobs, the delivery pump (`pump.ts`),
 * woken when deliveries are committed on any instance and once a second for retries.
 */
export async function registerIntegrations(
  app: FastifyInstance,
  {
    auth,
    database,
    clock,
    mail,
    publicUrl,
    secret,
    room,
    policy,
    backgroundJobs,
  }: IntegrationsOptions,
): Promise<Integrations> {
  const { db } = database;
  const sealer = sealerFrom(secret);
  const destinations = new DestinationStore({ db, clock, sealer, policy, room });
  const sender = new WebhookSender(policy);
  app.addHook('onClose', async () => sender.close());
  const deliveries = new Deliveries({
    db,
    clock,
    sealer,
    sender,
    publicUrl,
    mailer: mail.mailer,
    outbox: mail.outbox,
    log: app.log,
    room,
  });
  const now = () => clock().getTime();
  const pump = new DeliveryPump({ deliveries, queue: new JobQueue(db, now), log: app.log });
  const sweeper = new JobQueue(db, now);
  /** Also clears the finished jobs of deliveries after an hour (their rows keep the log). */
  const sweepLost = async (): Promise<number> => {
    if (!(await sweeper.claim(sweepClaim.name, sweepClaim.key, sweepMs))) return 0;
    try {
      await db.execute(sql`
        delete from ${jobs} where name = ${deliverJob} and state = 'done'
          and finished_at < ${new Date(now() - 3600_000)}`);
      return await deliveries.requeueLost();
    } finally {
      await sweeper.release(sweepClaim.name, sweepClaim.key);
    }
  };
  if (backgroundJobs) {
    const fill = () =>
      pump
        .fill()
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'looking for alert deliveries failed'),
        );
    let stopListening: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      // Deliveries made on any instance are announced when their transaction commits.
      stopListening = await database.listen(deliveriesChannel, () => void fill());
      app.scheduler.every('lost alert deliveries', sweepMs, () =>
        sweepLost().then(
          (queued) => {
            if (queued > 0) app.log.warn({ queued }, 'queued again deliveries whose job was lost');
          },
          (error: unknown) =>
            app.log.warn({ err: error }, 'sweeping for lost alert deliveries failed'),
        ),
      );
      // Retries come due without an announcement: one look a second finds them.
      app.scheduler.every('alert deliveries', pollMs, fill, { runAtStart: true });
    });
    app.addHook('preClose', async () => {
      await stopListening?.();
      await pump.stop();
    });
  }
  await app.register(integrationRoutes, { auth, destinations, deliveries });
  const integrations: Integrations = {
    destinations,
    deliveries,
    deliverDue: () => pump.drain(),
    sweepLost,
  };
  app.decorate('integrations', integrations);
  return integrations;
}
