import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { alertEmailWindows, alertFirings, user } from '../../db/schema/index.ts';
import type { Mailer, Outbox } from '../email/service.ts';
import { alertEmail } from './emails.tsx';
import type { NotificationPreferenceStore } from './preferences.ts';

/** Some firings of the batch were set aside meanwhile: the message is not recorded. */
class TakenMeanwhile extends Error {}

/** At most one alert email per user in this long; firings in between wait for the next. */
export const alertEmailGapMs = 5 * 60_000;
/** Users one pass looks at, the longest waiting first (the next pass takes the rest). */
const usersPerPass = 500;
/**
 * Users a pass works on at once: while one user's message renders in a worker, the others'
 * reads and transactions go on, so the render workers are kept busy without a long queue.
 */
const usersAtOnce = 4;

export interface AlertEmailDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  outbox: Outbox;
  preferences: NotificationPreferenceStore;
  publicUrl: string;
}

/** What one pass did: emails queued, and firings set aside (no email for them). */
export interface AlertEmailPass {
  queued: number;
  skipped: number;
}

/**
 * Groups a user's pending alert firings into one email at most every 5 minutes. A pass finds
 * the users with pending firings whose window is open; for each it renders every pending
 * firing into one message and, in one transaction that holds the user's window row, records
 * the message in the outbox, marks those firings sent and stamps the window. Row locks and
 * the transaction make each firing go out once however many instances run a pass; a crash
 * before the commit leaves the firings pending for the next pass.
 */
export class AlertEmails {
  constructor(private readonly deps: AlertEmailDeps) {}

  /**
   * One pass: up to 500 users, a few at a time. A user whose message fails (a render worker
   * that stopped twice) keeps their firings pending for the next pass; the pass takes no more
   * users after a failure, ends the ones under way, and throws the first error.
   */
  async sendDue(): Promise<AlertEmailPass> {
    const pass: AlertEmailPass = { queued: 0, skipped: 0 };
    const users = await this.dueUsers();
    let next = 0;
    let failure: { error: unknown } | undefined;
    const lane = async () => {
      while (!failure && next < users.length) {
        const userId = users[next++]!;
        try {
          const outcome = await this.sendTo(userId);
          if (outcome === 'queued') pass.queued += 1;
          else if (typeof outcome === 'number') pass.skipped += outcome;
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(usersAtOnce, users.length) }, lane));
    if (failure) throw failure.error;
    return pass;
  }

  /** Users with pending firings whose last alert email is 5 minutes old or more. */
  private async dueUsers(): Promise<string[]> {
    const windowOpen = new Date(this.deps.clock().getTime() - alertEmailGapMs);
    const result = await this.deps.db.execute(sql`
      select f.user_id as "userId"
      from ${alertFirings} f
      left join ${alertEmailWindows} w on w.user_id = f.user_id
      where f.email_state = 'pending'
        and (w.last_sent_at is null or w.last_sent_at <= ${windowOpen.toISOString()}::timestamptz)
      group by f.user_id
      order by min(f.fired_at)
      limit ${usersPerPass}`);
    return rowsOf<{ userId: string }>(result).map((row) => row.userId);
  }

  /** `queued`, the number of firings set aside, or `later` (another pass got there first). */
  private async sendTo(userId: string): Promise<'queued' | 'later' | number> {
    const { db, clock, mailer, outbox, preferences, publicUrl } = this.deps;
    const [account] = await db
      .select({ email: user.email, verified: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId));
    const pending = await db
      .select()
      .from(alertFirings)
      .where(and(eq(alertFirings.userId, userId), eq(alertFirings.emailState, 'pending')))
      .orderBy(asc(alertFirings.firedAt));
    if (pending.length === 0) return 'later';
    const ids = pending.map((firing) => firing.id);
    // Only to a confirmed address, while the user wants alert emails (docs/PRODUCT.md §3.19).
    const wanted =
      account?.verified === true &&
      (await preferences.effective(userId, account.email)).alertEmails;
    if (!account || !wanted) return this.setAside(ids);
    const email = await mailer.prepare(
      alertEmail({ id: userId, email: account.email }, pending, publicUrl),
    );
    if (await outbox.admits(email)) return this.setAside(ids);
    const now = clock();
    const windowOpen = new Date(now.getTime() - alertEmailGapMs);
    return db
      .transaction(async (tx) => {
        await tx.insert(alertEmailWindows).values({ userId }).onConflictDoNothing();
        const [window] = await tx
          .select({ lastSentAt: alertEmailWindows.lastSentAt })
          .from(alertEmailWindows)
          .where(eq(alertEmailWindows.userId, userId))
          .for('update');
        if (window?.lastSentAt && window.lastSentAt > windowOpen) return 'later';
        const outboxId = await outbox.record(tx, email);
        const marked = await tx
          .update(alertFirings)
          .set({ emailState: 'sent', emailOutboxId: outboxId })
          .where(and(inArray(alertFirings.id, ids), eq(alertFirings.emailState, 'pending')))
          .returning({ id: alertFirings.id });
        // Another pass took some of them between the read and the lock: leave it to that one.
        if (marked.length !== ids.length) throw new TakenMeanwhile();
        await tx
          .update(alertEmailWindows)
          .set({ lastSentAt: now })
          .where(eq(alertEmailWindows.userId, userId));
        return 'queued' as const;
      })
      .catch((error: unknown) => {
        if (error instanceof TakenMeanwhile) return 'later' as const;
        throw error;
      });
  }

  private async setAside(ids: string[]): Promise<number> {
    const skipped = await this.deps.db
      .update(alertFirings)
      .set({ emailState: 'skipped' })
      .where(and(inArray(alertFirings.id, ids), eq(alertFirings.emailState, 'pending')))
      .returning({ id: alertFirings.id });
    return skipped.length;
  }
}
