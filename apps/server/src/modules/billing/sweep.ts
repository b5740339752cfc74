import { planFor } from '@tickerwise/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { setTiersFrom } from '../profiles/service.ts';
import { monthlyCents } from './payments.ts';

export interface SweepResult {
  /** Users moved to their scheduled plan because their paid period ended. */
  ended: number;
  /** Test-provider subscriptions renewed for another month. */
  renewed: number;
}

/** A server that was down for a long time catches up at most this many months per sweep. */
const maxRenewalsPerSweep = 24;

/**
 * Applies what is due at `now` (the app's clock, as plan periods are). Each step is one statement that changes a subscription and
 * what follows from it together, and whose WHERE no longer matches once done: running it
 * twice, or on several instances at once, applies every change exactly once (PostgreSQL
 * re-checks the WHERE of a row another instance just updated).
 */
export async function applyDueChanges(db: Db, now: Date): Promise<SweepResult> {
  const ended = await setTiersFrom(
    db,
    sql`update subscriptions
        set status = 'canceled', ended_at = ${now}, updated_at = now()
        where status in ('active', 'past_due')
          and scheduled_tier is not null
          and current_period_end <= ${now}
        returning user_id, scheduled_tier as tier`,
  );

  // Stripe renews its own subscriptions; the offline provider's are renewed here.
  let renewed = 0;
  for (let round = 0; round < maxRenewalsPerSweep; round += 1) {
    const result = await db.execute(sql`
      with renewed as (
        update subscriptions
        set current_period_start = current_period_end,
            current_period_end = current_period_end + interval '1 month',
            updated_at = now()
        where provider = 'test'
          and status = 'active'
          and scheduled_tier is null
          and current_period_end <= ${now}
        returning id, user_id, tier, current_period_start
      )
      insert into payments
        (user_id, subscription_id, provider, provider_payment_id, kind, tier, amount_cents, status)
      select user_id, id, 'test',
             'test_renewal_' || id || '_' || floor(extract(epoch from current_period_start)),
             'renewal', tier,
             case tier when 'enterprise' then ${monthlyCents(planFor('enterprise').price)}::int
                       else ${monthlyCents(planFor('pro').price)}::int end,
             'succeeded'
      from renewed
      returning id`);
    const count = rowCount(result);
    renewed += count;
    if (count === 0) break;
  }
  return { ended, renewed };
}

function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows ?? (Array.isArray(result) ? result : []);
  return rows.length;
}
