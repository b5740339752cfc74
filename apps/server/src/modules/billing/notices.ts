import { isPaidTier, type PaidTier, type Receipt, type SubscriptionTier } from '@tickerwise/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { payments, subscriptions, user } from '../../db/schema/index.ts';
import { type Job, JobQueue, JobRunner } from '../jobs/service.ts';
import { tierOf } from '../profiles/service.ts';
import { receiptById } from './receipts.ts';

/** The job that sends one billing message; its key names the event (`receipt:<payment>`...). */
export const billingNoticeJob = 'billing.notice';

/** Events older than this when first seen get no message (a server that was down for long). */
const lookBackDays = 3;
/** How often an idle instance looks for new events. */
const pollMs = 10_000;

interface Holder {
  id: string;
  name: string;
  email: string;
}

/** One message about billing, with what it says; the app renders and queues it. */
export type BillingNotice =
  | { kind: 'receipt'; holder: Holder; receipt: Receipt }
  | {
      kind: 'plan-change-scheduled';
      holder: Holder;
      change: { from: PaidTier; to: SubscriptionTier; on: Date };
    }
  | {
      kind: 'renewal-failed';
      holder: Holder;
      payment: { tier: PaidTier; amountCents: number; currency: string };
    }
  | {
      kind: 'subscription-ended';
      holder: Holder;
      ended: { tier: PaidTier; now: SubscriptionTier; on: Date };
    };

type EventKind = 'receipt' | 'renewal-failed' | 'plan-change' | 'ended';

/**
 * Each event, keyed as its job is: events are read from the billing rows themselves (payments
 * and subscriptions), whichever path wrote them (checkout, the sweep, a webhook), and only
 * those that have no job yet.
 */
function newEvents(db: Db) {
  return db.execute(sql`
    with events(key, kind, id) as (
      select 'receipt:' || p.id, 'receipt', p.id::text from payments p
      where p.status = 'succeeded' and p.amount_cents > 0 and p.user_id is not null
        and p.created_at > now() - make_interval(days => ${lookBackDays})
      union all
      select 'renewal-failed:' || p.id, 'renewal-failed', p.id::text from payments p
      where p.status = 'failed' and p.kind = 'renewal' and p.user_id is not null
        and p.created_at > now() - make_interval(days => ${lookBackDays})
      union all
      select 'plan-change:' || s.id || ':' || s.scheduled_tier || ':'
               || floor(extract(epoch from s.current_period_end))::bigint,
             'plan-change', s.id::text from subscriptions s
      where s.status in ('active', 'past_due') and s.scheduled_tier is not null
        and s.updated_at > now() - make_interval(days => ${lookBackDays})
      union all
      select 'ended:' || s.id, 'ended', s.id::text from subscriptions s
      where s.status = 'canceled'
        and coalesce(s.ended_at, s.updated_at) > now() - make_interval(days => ${lookBackDays})
        and exists (select 1 from payments p where p.subscription_id = s.id
                    and p.status = 'succeeded')
    )
    select key, kind, id from events e
    where not exists (select 1 from jobs j where j.name = ${billingNoticeJob} and j.key = e.key)`);
}

async function holderOf(db: Db, userId: string | null): Promise<Holder | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

/** What the event's job says now, or null when there is nothing to say any more. */
async function noticeOf(db: Db, kind: EventKind, id: string): Promise<BillingNotice | null> {
  if (kind === 'receipt') {
    const receipt = await receiptById(db, id);
    const holder = await holderOf(db, receipt?.userId ?? null);
    if (!receipt || !holder) return null;
    const { userId: _owner, ...shown } = receipt;
    return { kind: 'receipt', holder, receipt: shown };
  }
  if (kind === 'renewal-failed') {
    const [payment] = await db.select().from(payments).where(eq(payments.id, id));
    const holder = await holderOf(db, payment?.userId ?? null);
    if (!payment || !holder || !isPaidTier(payment.tier)) return null;
    return { kind: 'renewal-failed', holder, payment: { ...payment, tier: payment.tier } };
  }
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const holder = await holderOf(db, subscription?.userId ?? null);
  if (!subscription || !holder || !isPaidTier(subscription.tier)) return null;
  if (kind === 'plan-change') {
    // Kept meanwhile (or ended already): the change it was about is not coming.
    const to = subscription.scheduledTier;
    if (!to || subscription.status === 'canceled') return null;
    return {
      kind: 'plan-change-scheduled',
      holder,
      change: { from: subscription.tier, to, on: subscription.currentPeriodEnd },
    };
  }
  return {
    kind: 'subscription-ended',
    holder,
    ended: {
      tier: subscription.tier,
      now: await tierOf(db, holder.id),
      on: subscription.endedAt ?? subscription.updatedAt,
    },
  };
}

export interface BillingNotices {
  /** Finds new events and sends their messages, on this instance (tests; the runner does it). */
  runDue(): Promise<number>;
}

/**
 * Receipts and messages about subscriptions (docs/PRODUCT.md §3.19, ADR 0035). Each instance
 * looks for billing events every 10 seconds; each event becomes one job of the jobs table,
 * keyed by the event, so however many instances look, and however often, one job exists per
 * event and one instance runs it. The job renders the message into the outbox (`send`).
 */
export function registerBillingNotices(
  app: FastifyInstance,
  options: {
    db: Db;
    clock: Clock;
    backgroundJobs: boolean;
    send: (notice: BillingNotice) => Promise<void>;
  },
): BillingNotices {
  const { db, clock, send } = options;
  const now = () => clock().getTime();
  const queue = new JobQueue(db, now);
  const runner = new JobRunner({
    queue,
    handlers: {
      [billingNoticeJob]: async (job: Job) => {
        const { kind, id } = job.payload as { kind: EventKind; id: string };
        const notice = await noticeOf(db, kind, id);
        if (notice) await send(notice);
        return { done: true };
      },
    },
    log: app.log,
    now,
    pollMs,
    schedule: async () => {
      const events = rowsOf<{ key: string; kind: EventKind; id: string }>(await newEvents(db));
      for (const event of events) {
        await queue.enqueue(billingNoticeJob, event.key, { kind: event.kind, id: event.id });
      }
    },
  });
  if (options.backgroundJobs) {
    app.addHook('onReady', async () => runner.start(app.scheduler));
    app.addHook('preClose', async () => runner.stop());
  }
  return { runDue: () => runner.runDue() };
}
