import { setImmediate as giveWay } from 'node:timers/promises';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { alertEmailWindows, alertFirings, user } from '../../db/schema/index.ts';
import type { Mailer, Outbox, QueuedEmail } from '../email/service.ts';
import { alertEmail } from './emails.tsx';
import type { NotificationPreferenceStore } from './preferences.ts';

/** At most one alert email per user in this long; firings in between wait for the next. */
export const alertEmailGapMs = 5 * 60_000;
/** Users one pass looks at, the longest waiting first (the next pass takes the rest). */
const usersPerPass = 500;
/**
 * Users whose emails are read, checked and recorded together: a statement for all of them at
 * each step (a few milliseconds of the event loop each), instead of a dozen per user.
 */
export const usersPerChunk = 20;
/**
 * Chunks a pass works on at once: while one chunk's messages render in a worker, another's
 * reads and transaction go on, so the render workers are kept busy without a long queue.
 */
const chunksAtOnce = 2;

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

/** What an email lists of a pending firing (`EmailedFiring`), with its id and user. */
const pendingFiring = {
  id: alertFirings.id,
  userId: alertFirings.userId,
  symbol: alertFirings.symbol,
  title: alertFirings.title,
  message: alertFirings.message,
  firedAt: alertFirings.firedAt,
};
type Firing = Pick<typeof alertFirings.$inferSelect, keyof typeof pendingFiring>;

/** A user's email, rendered and admitted, with the firings it lists. */
interface Ready {
  userId: string;
  firingIds: string[];
  email: QueuedEmail;
}

/**
 * Groups a user's pending alert firings into one email at most every 5 minutes. A pass finds
 * the users with pending firings whose window is open and takes them 20 at a time: for each
 * it renders every pending firing into one message and then, in one transaction that holds
 * the users' window rows and their firings, records the messages in the outbox, marks those
 * firings sent and stamps the windows. Row locks and the transaction make each firing go out
 * once however many instances run a pass; a crash before the commit leaves the firings
 * pending for the next pass.
 */
export class AlertEmails {
  constructor(private readonly deps: AlertEmailDeps) {}

  /**
   * One pass: up to 500 users, in chunks of 20, two chunks at once, giving way to the I/O
   * waiting (requests) after each chunk. A user whose message fails to render (a render worker that stopped
   * twice) keeps their firings pending for the next pass; the others of the chunk are
   * recorded, the pass takes no more chunks after a failure, ends the ones under way, and
   * throws the first error.
   */
  async sendDue(): Promise<AlertEmailPass> {
    const pass: AlertEmailPass = { queued: 0, skipped: 0 };
    const users = await this.dueUsers();
    const chunks: string[][] = [];
    for (let start = 0; start < users.length; start += usersPerChunk) {
      chunks.push(users.slice(start, start + usersPerChunk));
    }
    let next = 0;
    let failure: { error: unknown } | undefined;
    const lane = async () => {
      while (!failure && next < chunks.length) {
        const chunk = chunks[next++]!;
        try {
          const done = await this.sendTo(chunk);
          pass.queued += done.queued;
          pass.skipped += done.skipped;
          if (done.failure) failure ??= done.failure;
        } catch (error) {
          failure ??= { error };
        }
        await giveWay();
      }
    };
    await Promise.all(Array.from({ length: Math.min(chunksAtOnce, chunks.length) }, lane));
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

  /**
   * The emails of a chunk of users: read, rendered, checked, then recorded in one transaction.
   * A failed render is handed back (the others go on).
   */
  private async sendTo(
    userIds: readonly string[],
  ): Promise<AlertEmailPass & { failure?: { error: unknown } }> {
    const { db, mailer, outbox, preferences, publicUrl } = this.deps;
    const accounts = await db
      .select({ id: user.id, email: user.email, verified: user.emailVerified })
      .from(user)
      .where(inArray(user.id, [...userIds]));
    const pending = await db
      .select(pendingFiring)
      .from(alertFirings)
      .where(
        and(inArray(alertFirings.userId, [...userIds]), eq(alertFirings.emailState, 'pending')),
      )
      .orderBy(asc(alertFirings.firedAt));
    const firingsOf = new Map<string, Firing[]>();
    for (const firing of pending) {
      const list = firingsOf.get(firing.userId);
      if (list) list.push(firing);
      else firingsOf.set(firing.userId, [firing]);
    }
    const confirmed = accounts.filter(
      (account) => account.verified === true && firingsOf.has(account.id),
    );
    const wants = await preferences.effectiveMany(
      confirmed.map((account) => ({ userId: account.id, email: account.email })),
    );
    // Only to a confirmed address, while the user wants alert emails (docs/PRODUCT.md §3.19).
    const writing = confirmed.filter((account) => wants.get(account.id)?.alertEmails === true);
    const asideIds = pending
      .filter((firing) => !writing.some((account) => account.id === firing.userId))
      .map((firing) => firing.id);
    let failure: { error: unknown } | undefined;
    const rendered = await Promise.all(
      writing.map(async (account) => {
        const firings = firingsOf.get(account.id)!;
        try {
          const email = await mailer.prepare(
            alertEmail({ id: account.id, email: account.email }, firings, publicUrl),
          );
          return { userId: account.id, firingIds: firings.map((firing) => firing.id), email };
        } catch (error) {
          failure ??= { error };
          return undefined;
        }
      }),
    );
    const prepared = rendered.filter((ready): ready is Ready => ready !== undefined);
    const verdicts = await outbox.admitsMany(prepared.map((ready) => ready.email));
    const admitted = prepared.filter((_ready, index) => verdicts[index] === undefined);
    for (const [index, ready] of prepared.entries()) {
      if (verdicts[index] !== undefined) asideIds.push(...ready.firingIds);
    }
    const skipped = await this.setAside(asideIds);
    // A chain of statements lets no request in until it ends (PGlite answers without a turn
    // of the event loop): the requests waiting go before the transaction.
    await giveWay();
    const queued = await this.record(admitted);
    return { queued, skipped, ...(failure ? { failure } : {}) };
  }

  /**
   * Records the emails whose users' windows are still open and whose firings are all still
   * pending once locked (another pass may have taken some meanwhile: those are left to it):
   * the number recorded.
   */
  private async record(ready: readonly Ready[]): Promise<number> {
    if (ready.length === 0) return 0;
    const { db, clock, outbox } = this.deps;
    const now = clock();
    const windowOpen = new Date(now.getTime() - alertEmailGapMs);
    // In one order on every instance, so that two passes lock rows without a deadlock.
    const userIds = ready.map((one) => one.userId).sort();
    return db.transaction(async (tx) => {
      await tx
        .insert(alertEmailWindows)
        .values(userIds.map((userId) => ({ userId })))
        .onConflictDoNothing();
      const windows = await tx
        .select({ userId: alertEmailWindows.userId, lastSentAt: alertEmailWindows.lastSentAt })
        .from(alertEmailWindows)
        .where(inArray(alertEmailWindows.userId, userIds))
        .orderBy(asc(alertEmailWindows.userId))
        .for('update');
      const open = new Set(
        windows
          .filter((window) => !window.lastSentAt || window.lastSentAt <= windowOpen)
          .map((window) => window.userId),
      );
      const candidates = ready.filter((one) => open.has(one.userId));
      if (candidates.length === 0) return 0;
      const stillPending = await tx
        .select({ id: alertFirings.id })
        .from(alertFirings)
        .where(
          and(
            inArray(
              alertFirings.id,
              candidates.flatMap((one) => one.firingIds),
            ),
            eq(alertFirings.emailState, 'pending'),
          ),
        )
        .orderBy(asc(alertFirings.id))
        .for('update');
      const pendingIds = new Set(stillPending.map((row) => row.id));
      const going = candidates.filter((one) => one.firingIds.every((id) => pendingIds.has(id)));
      if (going.length === 0) return 0;
      const outboxIds = await outbox.recordMany(
        tx,
        going.map((one) => one.email),
      );
      const firingIds = going.flatMap((one) => one.firingIds);
      const listedIn = going.flatMap((one, index) => one.firingIds.map(() => outboxIds[index]!));
      await tx.execute(sql`
        update ${alertFirings} f set email_state = 'sent', email_outbox_id = listed.outbox_id
        from unnest(${sql.param(firingIds)}::uuid[], ${sql.param(listedIn)}::bigint[])
          as listed(id, outbox_id)
        where f.id = listed.id`);
      await tx
        .update(alertEmailWindows)
        .set({ lastSentAt: now })
        .where(
          inArray(
            alertEmailWindows.userId,
            going.map((one) => one.userId),
          ),
        );
      return going.length;
    });
  }

  private async setAside(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const skipped = await this.deps.db
      .update(alertFirings)
      .set({ emailState: 'skipped' })
      .where(and(inArray(alertFirings.id, ids), eq(alertFirings.emailState, 'pending')))
      .returning({ id: alertFirings.id });
    return skipped.length;
  }
}
