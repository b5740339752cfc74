import {
  type Delivery,
  type DestinationKind,
  deliveryLogLimit,
  hasFeature,
  subscriptionTiers,
} from '@tickerwise/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { alertDeliveries, alertDestinations, jobs, profiles, user } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Mailer, Outbox } from '../email/service.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import type { Job, JobOutcome } from '../jobs/service.ts';
import { destinationDisabledEmail } from './emails.tsx';
import { bodyFor, type StoredEvent, type StoredFiring, summaryOf } from './payloads.ts';
import type { WebhookSender } from './sender.ts';
import { newEventId, type Sealer, signedHeaders } from './signing.ts';

/** The job that sends one delivery; its key is the delivery's id. */
export const deliverJob = 'integrations.deliver';
/** How long a delivery is tried before it is marked failed. */
export const retryWindowMs = 24 * 3600_000;
/** A destination whose deliveries have all failed for this long is turned off. */
export const disableAfterMs = 3 * 24 * 3600_000;
const firstRetryMs = 30_000;
/**
 * How long past its attempt time a pending delivery must be, with no job queued or running
 * for it, before the sweep queues its job again.
 */
export const lostAfterMs = 60_000;
/** Deliveries one sweep queues again at most (the next sweep takes the rest). */
const sweepBatch = 500;
const longestRetryMs = 4 * 3600_000;

/** Waits 30 s, 1 min, 2 min... doubling up to 4 hours between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(longestRetryMs, firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

/** Plans whose firings go to destinations (a user who moved down keeps them, unused). */
const tiersWithIntegrations = subscriptionTiers.filter((tier) => hasFeature(tier, 'integrations'));

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const missingDestination = () => notFound('This destination does not exist.');
const missingDelivery = () => notFound('This delivery does not exist.');

/** A firing as recorded, with the destinations its alert posts to. */
export interface FiringToDeliver extends StoredFiring {
  userId: string;
  destinationIds: readonly string[];
}

/**
 * Writes the deliveries of fresh firings, inside the transaction that records them: one row
 * per firing and destination (enabled ones of the alert's owner, on a plan with integrations)
 * and the job that sends it. Nothing is sent here, so firing never waits on a receiver.
 */
export async function recordAlertDeliveries(
  tx: Db,
  firings: readonly FiringToDeliver[],
  at: Date,
): Promise<number> {
  const wanted = firings.filter((firing) => firing.destinationIds.length > 0);
  if (wanted.length === 0) return 0;
  const ids = [...new Set(wanted.flatMap((firing) => firing.destinationIds))];
  const open = await tx
    .select({ id: alertDestinations.id, userId: alertDestinations.userId })
    .from(alertDestinations)
    .innerJoin(profiles, eq(profiles.id, alertDestinations.userId))
    .where(
      and(
        inArray(alertDestinations.id, ids),
        isNull(alertDestinations.disabledReason),
        inArray(profiles.subscriptionTier, tiersWithIntegrations),
      ),
    );
  const ownerOf = new Map(open.map((row) => [row.id, row.userId]));
  const rows = wanted.flatMap(({ userId, destinationIds, ...firing }) =>
    destinationIds
      .filter((id) => ownerOf.get(id) === userId)
      .map((destinationId) => ({
        destinationId,
        userId,
        firingId: firing.firingId,
        eventId: newEventId(),
        type: 'alert.fired',
        data: firing,
        occurredAt: new Date(firing.firedAt),
        createdAt: at,
        nextAttemptAt: at,
      })),
  );
  if (rows.length === 0) return 0;
  const recorded = await tx
    .insert(alertDeliveries)
    .values(rows)
    .returning({ id: alertDeliveries.id });
  await tx
    .insert(jobs)
    .values(recorded.map((row) => ({ name: deliverJob, key: row.id, runAt: at })));
  return recorded.length;
}

type DeliveryRow = typeof alertDeliveries.$inferSelect;
type DestinationRow = typeof alertDestinations.$inferSelect;

function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type as Delivery['type'],
    summary: summaryOf(storedEvent(row)),
    state: row.state as Delivery['state'],
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    latencyMs: row.latencyMs,
    error: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.state === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  };
}

function storedEvent(row: DeliveryRow): StoredEvent {
  return {
    type: row.type as StoredEvent['type'],
    data: row.data as Record<string, unknown>,
    occurredAt: row.occurredAt,
  };
}

export interface DeliveriesDeps {
  db: Db;
  clock: Clock;
  sealer: Sealer;
  sender: Pick<WebhookSender, 'post'>;
  publicUrl: string;
  mailer: Mailer;
  outbox: Outbox;
  log: { warn(details: object, message: string): void };
  /** 402 when the user's plan has no integrations (checked after the destination is theirs). */
  room: Pick<EntitlementService, 'requireEntitlement'>;
}

/**
 * The outbox of alert destinations: sends each delivery through its job, records every
 * attempt on its row, retries with exponential backoff for 24 hours, and turns off a
 * destination that failed for 3 days, telling its owner by email.
 */
export class Deliveries {
  constructor(private readonly deps: DeliveriesDeps) {}

  /** The job handler: one attempt at one delivery. */
  async deliver(job: Job): Promise<JobOutcome> {
    const { db, clock, sealer, sender, publicUrl } = this.deps;
    if (!uuidPattern.test(job.key)) return { done: true };
    const [found] = await db
      .select({ delivery: alertDeliveries, destination: alertDestinations })
      .from(alertDeliveries)
      .innerJoin(alertDestinations, eq(alertDestinations.id, alertDeliveries.destinationId))
      .where(eq(alertDeliveries.id, job.key));
    if (found?.delivery.state !== 'pending') return { done: true };
    const { delivery, destination } = found;
    const isTest = delivery.type === 'test';
    if (destination.disabledReason && !isTest) {
      await this.finish(delivery.id, 'The destination is turned off.');
      return { done: true };
    }
    const kind = destination.kind as DestinationKind;
    const body = bodyFor(kind, storedEvent(delivery), publicUrl);
    const timestamp = Math.floor(clock().getTime() / 1000);
    const headers =
      kind === 'webhook' && destination.secretSealed
        ? signedHeaders(sealer.open(destination.secretSealed), delivery.eventId, timestamp, body)
        : {};
    const result = await sender.post({ url: sealer.open(destination.urlSealed), body, headers });
    const at = clock();
    const attempts = delivery.attempts + 1;
    const attempt = {
      attempts,
      responseStatus: result.status,
      latencyMs: result.latencyMs,
      lastError: result.error,
      lastAttemptAt: at,
    };
    if (result.ok) {
      await db.transaction(async (tx) => {
        await tx
          .update(alertDeliveries)
          .set({ ...attempt, state: 'delivered', deliveredAt: at, nextAttemptAt: null })
          .where(eq(alertDeliveries.id, delivery.id));
        if (!isTest) {
          await tx
            .update(alertDestinations)
            .set({ failingSince: null, lastDeliveredAt: at })
            .where(eq(alertDestinations.id, destination.id));
        }
      });
      return { done: true };
    }
    // A test event is tried once: the user sees the answer and can send another.
    const giveUpAt = delivery.createdAt.getTime() + retryWindowMs;
    const final = isTest || at.getTime() >= giveUpAt;
    const retryAt = Math.min(at.getTime() + retryDelayMs(attempts), giveUpAt);
    await db
      .update(alertDeliveries)
      .set({
        ...attempt,
        state: final ? 'failed' : 'pending',
        nextAttemptAt: final ? null : new Date(retryAt),
      })
      .where(eq(alertDeliveries.id, delivery.id));
    if (isTest) return { done: true };
    const [failing] = await db
      .update(alertDestinations)
      .set({
        failingSince: sql`coalesce(${alertDestinations.failingSince}, ${at.toISOString()}::timestamptz)`,
      })
      .where(eq(alertDestinations.id, destination.id))
      .returning({ since: alertDestinations.failingSince });
    const since = failing?.since?.getTime() ?? at.getTime();
    if (at.getTime() - since >= disableAfterMs) {
      await this.disable(destination, new Date(since), result.error);
      return { done: true };
    }
    if (final) return { done: true };
    return { done: false, retryAt, reason: result.error ?? 'failed' };
  }

  /**
   * Turns off a destination that failed for 3 days: its pending deliveries are marked failed
   * (they are logged, not dropped) and its owner gets an email, recorded in the same commit by
   * whichever attempt turned it off.
   */
  private async disable(
    destination: DestinationRow,
    failingSince: Date,
    lastError: string | null,
  ): Promise<void> {
    const { db, clock, mailer, outbox, publicUrl, log } = this.deps;
    const [owner] = await db
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(eq(user.id, destination.userId));
    const email = owner
      ? await mailer.prepare(
          destinationDisabledEmail(
            owner,
            { name: destination.name, displayUrl: destination.displayUrl, failingSince, lastError },
            publicUrl,
          ),
        )
      : undefined;
    const refused = email ? await outbox.admits(email) : undefined;
    if (refused)
      log.warn({ reason: refused }, 'the notice of a turned-off destination was not sent');
    const at = clock();
    await db.transaction(async (tx) => {
      const [turnedOff] = await tx
        .update(alertDestinations)
        .set({ disabledReason: 'failing', disabledAt: at })
        .where(
          and(eq(alertDestinations.id, destination.id), isNull(alertDestinations.disabledReason)),
        )
        .returning({ id: alertDestinations.id });
      if (!turnedOff) return;
      await tx
        .update(alertDeliveries)
        .set({
          state: 'failed',
          nextAttemptAt: null,
          lastError: sql`coalesce(${alertDeliveries.lastError} || ' ', '') || 'The destination was turned off after 3 days of failures.'`,
        })
        .where(
          and(
            eq(alertDeliveries.destinationId, destination.id),
            eq(alertDeliveries.state, 'pending'),
            eq(alertDeliveries.type, 'alert.fired'),
          ),
        );
      if (email && !refused) await outbox.record(tx, email);
    });
  }

  /**
   * Queues again the job of every pending delivery whose job was lost: deleted, failed for
   * good after repeated errors, or finished while its row still waited (an instance stopped
   * between the two writes). A job that is queued or running, even on a lease that ran out
   * (the queue gives that one to another worker), is left alone. The insert or revival of the
   * job row is one statement conditioned on the row's state, so however many instances sweep
   * at once, each lost delivery is queued once; a delivery that is not pending by the time its
   * job runs is not sent (`deliver`). Returns how many were queued.
   */
  async requeueLost(): Promise<number> {
    const { db, clock } = this.deps;
    const at = clock();
    const overdue = new Date(at.getTime() - lostAfterMs);
    const result = await db.execute(sql`
      insert into ${jobs} (name, key, run_at)
      select ${deliverJob}, d.id::text, ${at}
      from ${alertDeliveries} d
      left join ${jobs} j on j.name = ${deliverJob} and j.key = d.id::text
      where d.state = 'pending' and d.next_attempt_at <= ${overdue}
        and (j.id is null or j.state in ('done', 'failed'))
      order by d.next_attempt_at
      limit ${sweepBatch}
      on conflict (name, key) do update set state = 'queued', run_at = excluded.run_at,
        attempts = 0, locked_by = null, locked_until = null, finished_at = null,
        last_error = null
      where ${jobs.state} in ('done', 'failed')
      returning key`);
    return rowsOf(result).length;
  }

  private async finish(id: string, error: string): Promise<void> {
    await this.deps.db
      .update(alertDeliveries)
      .set({ state: 'failed', lastError: error, nextAttemptAt: null })
      .where(eq(alertDeliveries.id, id));
  }

  /** The newest deliveries to one of the user's destinations. */
  async log(userId: string, destinationId: string): Promise<Delivery[]> {
    await this.owned(userId, destinationId);
    const rows = await this.deps.db
      .select()
      .from(alertDeliveries)
      .where(
        and(eq(alertDeliveries.destinationId, destinationId), eq(alertDeliveries.userId, userId)),
      )
      .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
      .limit(deliveryLogLimit);
    return rows.map(toDelivery);
  }

  /** "Send a test event": queued like any delivery, tried once. */
  async sendTest(userId: string, destinationId: string): Promise<Delivery> {
    await this.owned(userId, destinationId);
    await this.deps.room.requireEntitlement({ id: userId }, 'integrations');
    const at = this.deps.clock();
    return this.queue({
      destinationId,
      userId,
      firingId: null,
      eventId: newEventId(),
      type: 'test',
      data: {},
      occurredAt: at,
      createdAt: at,
      nextAttemptAt: at,
    });
  }

  /** "Resend": the same event (same `webhook-id`) as a new delivery, retried as the first was. */
  async resend(userId: string, deliveryId: string): Promise<Delivery> {
    if (!uuidPattern.test(deliveryId)) throw missingDelivery();
    const [found] = await this.deps.db
      .select({ delivery: alertDeliveries, disabled: alertDestinations.disabledReason })
      .from(alertDeliveries)
      .innerJoin(alertDestinations, eq(alertDestinations.id, alertDeliveries.destinationId))
      .where(and(eq(alertDeliveries.id, deliveryId), eq(alertDeliveries.userId, userId)));
    if (!found) throw missingDelivery();
    await this.deps.room.requireEntitlement({ id: userId }, 'integrations');
    const { delivery } = found;
    if (found.disabled && delivery.type !== 'test') {
      throw new AppError(
        409,
        'destination_disabled',
        'This destination is turned off. Turn it on to resend to it.',
      );
    }
    const at = this.deps.clock();
    return this.queue({
      destinationId: delivery.destinationId,
      userId,
      firingId: delivery.firingId,
      eventId: delivery.eventId,
      type: delivery.type,
      data: delivery.data,
      occurredAt: delivery.occurredAt,
      createdAt: at,
      nextAttemptAt: at,
    });
  }

  private async queue(values: typeof alertDeliveries.$inferInsert): Promise<Delivery> {
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(alertDeliveries).values(values).returning();
      await tx.insert(jobs).values({ name: deliverJob, key: row!.id, runAt: values.createdAt });
      return toDelivery(row!);
    });
  }

  private async owned(userId: string, destinationId: string): Promise<void> {
    if (!uuidPattern.test(destinationId)) throw missingDestination();
    const [row] = await this.deps.db
      .select({ id: alertDestinations.id })
      .from(alertDestinations)
      .where(and(eq(alertDestinations.id, destinationId), eq(alertDestinations.userId, userId)));
    if (!row) throw missingDestination();
  }
}
