import {
  type Delivery,
  type DestinationKind,
  deliveryLogLimit,
  hasFeature,
  roleAtLeast,
  subscriptionTiers,
} from '@tickerwise/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  alertDeliveries,
  alertDestinations,
  jobs,
  profiles,
  teamMembers,
  teams,
  user,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Mailer, Outbox, QueuedEmail } from '../email/service.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import type { Job, JobQueue } from '../jobs/service.ts';
import { reachDestination } from './destination-access.ts';
import { destinationDisabledEmail } from './emails.tsx';
import { bodyFor, type StoredEvent, type StoredFiring, summaryOf } from './payloads.ts';
import type { AttemptResult, WebhookSender } from './sender.ts';
import { newEventId, type Sealer, signedHeaders } from './signing.ts';

/** The job that sends one delivery; its key is the delivery's id. */
export const deliverJob = 'integrations.deliver';
/** The NOTIFY channel that tells every instance deliveries were committed. */
export const deliveriesChannel = 'alert_deliveries';
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
/** Errors of ours (not the receiver's) before a delivery's job is left to the sweep. */
const maxErrors = 5;
const errorRetryMs = 5 * 60_000;

/** Waits 30 s, 1 min, 2 min... doubling up to 4 hours between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(longestRetryMs, firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

/** Plans whose firings go to destinations (a user who moved down keeps them, unused). */
const tiersWithIntegrations = subscriptionTiers.filter((tier) => hasFeature(tier, 'integrations'));

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missingDelivery = () => notFound('This delivery does not exist.');

/** A firing as recorded, with the destinations its alert posts to. */
export interface FiringToDeliver extends StoredFiring {
  userId: string;
  /** The team the alert belongs to, or null for a personal alert. */
  teamId: string | null;
  destinationIds: readonly string[];
}

/**
 * Writes the deliveries of fresh firings, inside the transaction that records them: one row
 * per firing and destination (enabled ones the alert may post to: its owner's own, or its
 * team's for a team alert or an Editor and up, on a plan with integrations: the team owner's
 * for the team's) and the job that sends it, and announces them to the instances' delivery pumps on commit.
 * Nothing is sent here, so firing never waits on a receiver. `now` is the app clock's time
 * (not the firing's market time): deliveries are made and first due then, and retried for 24
 * hours from then.
 */
export async function recordAlertDeliveries(
  tx: Db,
  firings: readonly FiringToDeliver[],
  now: Date,
): Promise<number> {
  const wanted = firings.filter((firing) => firing.destinationIds.length > 0);
  if (wanted.length === 0) return 0;
  const ids = [...new Set(wanted.flatMap((firing) => firing.destinationIds))];
  // A team's destination is used under the team's plan: its owner's.
  const open = await tx
    .select({
      id: alertDestinations.id,
      userId: alertDestinations.userId,
      teamId: alertDestinations.teamId,
    })
    .from(alertDestinations)
    .leftJoin(teams, eq(teams.id, alertDestinations.teamId))
    .innerJoin(
      profiles,
      eq(profiles.id, sql`coalesce(${teams.ownerId}, ${alertDestinations.userId})`),
    )
    .where(
      and(
        inArray(alertDestinations.id, ids),
        isNull(alertDestinations.disabledReason),
        inArray(profiles.subscriptionTier, tiersWithIntegrations),
      ),
    );
  const byId = new Map(open.map((row) => [row.id, row]));
  // A member's own alert posts to the team's destinations while they are Editor or above.
  const usesTeam = open.some((row) => row.teamId !== null);
  const memberships = usesTeam
    ? await tx
        .select({ userId: teamMembers.userId, teamId: teamMembers.teamId, role: teamMembers.role })
        .from(teamMembers)
        .where(
          inArray(
            teamMembers.userId,
            wanted.map((firing) => firing.userId),
          ),
        )
    : [];
  const editorIn = new Map(
    memberships
      .filter((row) => roleAtLeast(row.role, 'editor'))
      .map((row) => [row.userId, row.teamId]),
  );
  const mayPost = (firing: FiringToDeliver, id: string) => {
    const destination = byId.get(id);
    if (!destination) return false;
    if (destination.teamId === null) return !firing.teamId && destination.userId === firing.userId;
    return (
      firing.teamId === destination.teamId || editorIn.get(firing.userId) === destination.teamId
    );
  };
  const rows = wanted.flatMap((whole) => {
    const { userId, teamId: _teamId, destinationIds, ...firing } = whole;
    return destinationIds
      .filter((id) => mayPost(whole, id))
      .map((destinationId) => ({
        destinationId,
        userId,
        firingId: firing.firingId,
        eventId: newEventId(),
        type: 'alert.fired',
        data: firing,
        occurredAt: new Date(firing.firedAt),
        createdAt: now,
        nextAttemptAt: now,
      }));
  });
  if (rows.length === 0) return 0;
  const recorded = await tx
    .insert(alertDeliveries)
    .values(rows)
    .returning({ id: alertDeliveries.id });
  await tx
    .insert(jobs)
    .values(recorded.map((row) => ({ name: deliverJob, key: row.id, runAt: now })));
  await announceDeliveries(tx);
  return recorded.length;
}

/** Wakes every instance's delivery pump when the transaction commits (nothing if it does not). */
async function announceDeliveries(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${deliveriesChannel}, '')`);
}

type DeliveryRow = typeof alertDeliveries.$inferSelect;
type DestinationRow = typeof alertDestinations.$inferSelect;

/** A claimed job with its delivery and destination (neither, when the row is gone). */
export interface Claimed {
  job: Job;
  delivery?: DeliveryRow;
  destination?: DestinationRow;
}

/** What became of one claimed delivery, waiting to be recorded. */
export type Attempted =
  /** Nothing to send: the row is gone or no longer pending (delivered, failed, resent). */
  | { kind: 'gone'; job: Job }
  /** Not sent: its destination was turned off, so it is logged failed. */
  | { kind: 'turned-off'; job: Job; deliveryId: string }
  /**
   * An error of ours before an answer (a sealed value that no longer opens): the job is tried
   * again later, a few times, like any job (`JobRunner`), then left to the sweep.
   */
  | { kind: 'error'; job: Job; error: string }
  | {
      kind: 'tried';
      job: Job;
      delivery: DeliveryRow;
      destination: DestinationRow;
      result: AttemptResult;
      /** When the answer (or the failure) came, by the app's clock. */
      at: Date;
      attempts: number;
      /** When to try again; null when the delivery is settled (delivered or failed). */
      retryAt: number | null;
    };

/** Where a destination's run of attempts in one batch leaves its failing streak. */
interface Streak {
  id: string;
  destination: DestinationRow;
  /** The latest attempt's time. */
  at: Date;
  /** The streak's start, or null when the latest attempt succeeded. */
  since: Date | null;
  /** The streak began in this batch, after a success: it replaces the stored one. */
  fresh: boolean;
  lastError: string | null;
}

/** Each destination's streak after a batch of attempts (test events do not count). */
function failingStreaks(outcomes: readonly Attempted[]): Streak[] {
  const streaks = new Map<string, Streak>();
  const tried = outcomes
    .flatMap((outcome) =>
      outcome.kind === 'tried' && outcome.delivery.type !== 'test' ? [outcome] : [],
    )
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { destination, result, at } of tried) {
    const before = streaks.get(destination.id);
    if (result.ok) {
      streaks.set(destination.id, {
        id: destination.id,
        destination,
        at,
        since: null,
        fresh: false,
        lastError: null,
      });
      continue;
    }
    streaks.set(destination.id, {
      id: destination.id,
      destination,
      at,
      since: before?.since ?? at,
      fresh: before ? before.fresh || before.since === null : false,
      lastError: result.error,
    });
  }
  return [...streaks.values()];
}

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

  /** The deliveries of claimed jobs with their destinations, in one read. */
  async load(claimed: readonly Job[]): Promise<Claimed[]> {
    const ids = claimed.map((job) => job.key).filter((key) => uuidPattern.test(key));
    const rows =
      ids.length === 0
        ? []
        : await this.deps.db
            .select({ delivery: alertDeliveries, destination: alertDestinations })
            .from(alertDeliveries)
            .innerJoin(alertDestinations, eq(alertDestinations.id, alertDeliveries.destinationId))
            .where(inArray(alertDeliveries.id, ids));
    const byId = new Map(rows.map((row) => [row.delivery.id, row]));
    return claimed.map((job) => ({ job, ...byId.get(job.key) }));
  }

  /**
   * One attempt at one claimed delivery: sends it (signed, for a webhook) and says what to
   * record. Writes nothing: `record` writes the outcomes of many attempts together.
   */
  async attempt({ job, delivery, destination }: Claimed): Promise<Attempted> {
    const { clock, sealer, sender, publicUrl } = this.deps;
    if (!delivery || !destination || delivery.state !== 'pending') return { kind: 'gone', job };
    const isTest = delivery.type === 'test';
    if (destination.disabledReason && !isTest) {
      return { kind: 'turned-off', job, deliveryId: delivery.id };
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
    if (result.ok) {
      return { kind: 'tried', job, delivery, destination, result, at, attempts, retryAt: null };
    }
    // A test event is tried once: the user sees the answer and can send another.
    const giveUpAt = delivery.createdAt.getTime() + retryWindowMs;
    const final = isTest || at.getTime() >= giveUpAt;
    const retryAt = final ? null : Math.min(at.getTime() + retryDelayMs(attempts), giveUpAt);
    return { kind: 'tried', job, delivery, destination, result, at, attempts, retryAt };
  }

  /**
   * Records the outcomes of attempts in one transaction: each delivery's attempt (delivered,
   * pending until its retry, or failed), its destination's failing streak, and its job,
   * finished or put back for the retry, so a delivery's row and its job never disagree. A
   * destination that has failed for 3 days is then turned off.
   */
  async record(outcomes: readonly Attempted[], queue: JobQueue): Promise<void> {
    const { db, clock } = this.deps;
    const at = clock();
    const tried = outcomes.flatMap((outcome) => (outcome.kind === 'tried' ? [outcome] : []));
    const turnedOff = outcomes.flatMap((outcome) =>
      outcome.kind === 'turned-off' ? [outcome.deliveryId] : [],
    );
    const streaks = failingStreaks(tried);
    const failing = await db.transaction(async (tx) => {
      // Destinations first and in one order, as `disable` takes them: two instances recording
      // attempts to the same destinations wait for each other instead of deadlocking.
      if (streaks.length > 0) {
        await tx
          .select({ id: alertDestinations.id })
          .from(alertDestinations)
          .where(
            inArray(
              alertDestinations.id,
              streaks.map((streak) => streak.id),
            ),
          )
          .orderBy(alertDestinations.id)
          .for('update');
      }
      if (tried.length > 0) {
        const rows = tried.map(({ delivery, result, at: answeredAt, attempts, retryAt }) => ({
          id: delivery.id,
          state: result.ok ? 'delivered' : retryAt === null ? 'failed' : 'pending',
          attempts,
          response_status: result.status,
          latency_ms: result.latencyMs,
          last_error: result.error,
          last_attempt_at: answeredAt.toISOString(),
          delivered_at: result.ok ? answeredAt.toISOString() : null,
          next_attempt_at: retryAt === null ? null : new Date(retryAt).toISOString(),
        }));
        await tx.execute(sql`
          update ${alertDeliveries} as d set state = r.state, attempts = r.attempts,
            response_status = r.response_status, latency_ms = r.latency_ms,
            last_error = r.last_error, last_attempt_at = r.last_attempt_at,
            delivered_at = coalesce(r.delivered_at, d.delivered_at),
            next_attempt_at = r.next_attempt_at
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, state text,
            attempts integer, response_status integer, latency_ms integer, last_error text,
            last_attempt_at timestamptz, delivered_at timestamptz, next_attempt_at timestamptz)
          where d.id = r.id`);
      }
      if (turnedOff.length > 0) {
        await tx
          .update(alertDeliveries)
          .set({
            state: 'failed',
            lastError: 'The destination is turned off.',
            nextAttemptAt: null,
          })
          .where(inArray(alertDeliveries.id, turnedOff));
      }
      const delivered = streaks.filter((streak) => streak.since === null);
      if (delivered.length > 0) {
        await tx.execute(sql`
          update ${alertDestinations} as t set failing_since = null, last_delivered_at = r.at
          from jsonb_to_recordset(${JSON.stringify(
            delivered.map(({ id, at }) => ({ id, at: at.toISOString() })),
          )}::jsonb) as r(id uuid, at timestamptz)
          where t.id = r.id`);
      }
      const failed = streaks.filter((streak) => streak.since !== null);
      let stillFailing: { id: string; since: Date }[] = [];
      if (failed.length > 0) {
        // A streak that began in this batch after a success replaces the stored one.
        const result = await tx.execute(sql`
          update ${alertDestinations} as t set failing_since = case when r.fresh then r.since
            else coalesce(t.failing_since, r.since) end
          from jsonb_to_recordset(${JSON.stringify(
            failed.map(({ id, since, fresh }) => ({ id, since: since!.toISOString(), fresh })),
          )}::jsonb) as r(id uuid, since timestamptz, fresh boolean)
          where t.id = r.id
          returning t.id, t.failing_since as since`);
        stillFailing = rowsOf<{ id: string; since: Date | string }>(result).map((row) => ({
          id: row.id,
          since: new Date(row.since),
        }));
      }
      await queue.settleMany(
        {
          done: outcomes
            .filter(
              (outcome) =>
                outcome.kind === 'gone' ||
                outcome.kind === 'turned-off' ||
                (outcome.kind === 'tried' && outcome.retryAt === null),
            )
            .map((outcome) => outcome.job),
          retry: outcomes.flatMap((outcome) => {
            if (outcome.kind === 'tried' && outcome.retryAt !== null) {
              const reason = outcome.result.error ?? 'failed';
              return [{ job: outcome.job, retryAt: outcome.retryAt, reason }];
            }
            if (outcome.kind === 'error' && outcome.job.attempts < maxErrors) {
              const retryAt = at.getTime() + outcome.job.attempts * errorRetryMs;
              return [{ job: outcome.job, retryAt, reason: outcome.error }];
            }
            return [];
          }),
          failed: outcomes.flatMap((outcome) =>
            outcome.kind === 'error' && outcome.job.attempts >= maxErrors
              ? [{ job: outcome.job, reason: outcome.error }]
              : [],
          ),
        },
        tx,
      );
      return stillFailing;
    });
    for (const { id, since } of failing) {
      const streak = streaks.find((candidate) => candidate.id === id)!;
      if (streak.at.getTime() - since.getTime() < disableAfterMs) continue;
      await this.disable(streak.destination, since, streak.lastError);
    }
  }

  /**
   * Turns off a destination that failed for 3 days: its pending deliveries are marked failed
   * (they are logged, not dropped) and an email goes, recorded in the same commit by whichever
   * attempt turned it off, to whoever manages it: its owner, or for a team's destination the
   * team's Owner and Admins.
   */
  private async disable(
    destination: DestinationRow,
    failingSince: Date,
    lastError: string | null,
  ): Promise<void> {
    const { db, clock, mailer, outbox, publicUrl, log } = this.deps;
    const managers = await this.managersOf(destination);
    const notice = {
      name: destination.name,
      displayUrl: destination.displayUrl,
      failingSince,
      lastError,
      teamName: managers.teamName,
    };
    const emails: QueuedEmail[] = [];
    for (const manager of managers.people) {
      const email = await mailer.prepare(destinationDisabledEmail(manager, notice, publicUrl));
      const refused = await outbox.admits(email);
      if (refused) {
        log.warn({ reason: refused }, 'the notice of a turned-off destination was not sent');
      } else {
        emails.push(email);
      }
    }
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
      if (emails.length > 0) await outbox.recordMany(tx, emails);
    });
  }

  /** Who is told about a destination: its owner, or its team's Owner and Admins. */
  private async managersOf(
    destination: DestinationRow,
  ): Promise<{ teamName: string | null; people: { id: string; email: string }[] }> {
    const { db } = this.deps;
    if (!destination.teamId) {
      const people = await db
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(eq(user.id, destination.userId));
      return { teamName: null, people };
    }
    const rows = await db
      .select({ id: user.id, email: user.email, teamName: teams.name })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .innerJoin(user, eq(user.id, teamMembers.userId))
      .where(
        and(
          eq(teamMembers.teamId, destination.teamId),
          inArray(teamMembers.role, ['owner', 'admin']),
        ),
      )
      .orderBy(user.id);
    return {
      teamName: rows[0]?.teamName ?? null,
      people: rows.map(({ id, email }) => ({ id, email })),
    };
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

  /** The newest deliveries to one of the user's destinations, or their team's. */
  async log(userId: string, destinationId: string): Promise<Delivery[]> {
    await reachDestination(this.deps.db, userId, destinationId, 'read');
    const rows = await this.deps.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.destinationId, destinationId))
      .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
      .limit(deliveryLogLimit);
    return rows.map(toDelivery);
  }

  /** "Send a test event": queued like any delivery, tried once. */
  async sendTest(userId: string, destinationId: string): Promise<Delivery> {
    const { membership } = await reachDestination(this.deps.db, userId, destinationId, 'manage');
    await this.deps.room.requireEntitlement({ id: membership?.ownerId ?? userId }, 'integrations');
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
      .where(eq(alertDeliveries.id, deliveryId));
    if (!found) throw missingDelivery();
    // Who may resend is who may manage its destination; anyone else finds no delivery.
    const { membership } = await reachDestination(
      this.deps.db,
      userId,
      found.delivery.destinationId,
      'manage',
    ).catch((error: unknown) => {
      throw error instanceof AppError && error.statusCode === 404 ? missingDelivery() : error;
    });
    await this.deps.room.requireEntitlement({ id: membership?.ownerId ?? userId }, 'integrations');
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
      await announceDeliveries(tx);
      return toDelivery(row!);
    });
  }
}
