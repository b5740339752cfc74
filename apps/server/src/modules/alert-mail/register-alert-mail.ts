import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import type { HistoryService } from '../../market-data/index.ts';
import { isTradingDay, newYorkTime } from '../../market-data/index.ts';
import type { IndicatorSource } from '../alerts/service.ts';
import type { Auth } from '../auth/auth.ts';
import type { Mail } from '../email/service.ts';
import { JobQueue, JobRunner } from '../jobs/service.ts';
import { AlertEmails } from './alert-emails.ts';
import { WatchlistDigest } from './digest.ts';
import { NotificationPreferenceStore } from './preferences.ts';
import { notificationPreferenceRoutes } from './routes.ts';

/** The job of one pass over pending alert firings; its key is the 5-second slot it runs in. */
export const alertEmailPassJob = 'alert-mail.pass';
/** The job of one trading day's watchlist digest; its key is the day. */
export const watchlistDigestJob = 'alert-mail.digest';
/** How often a pass over pending firings runs, across all instances. */
export const alertEmailPassMs = 5_000;
/** The digest goes this long after the day's bars are due from the daily refresh. */
const digestAfterRefreshMs = 30 * 60_000;
/** How often an idle instance looks for a pass or a digest to run. */
const pollMs = 2_000;

export interface AlertMail {
  preferences: NotificationPreferenceStore;
  alertEmails: AlertEmails;
  digest: WatchlistDigest;
  /** Runs what is due now on this instance: passes and digests (tests; the runner does it too). */
  runDue(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Alert emails, the watchlist digest and the notification settings (`modules/alert-mail`). */
    alertMail: AlertMail;
  }
}

export interface AlertMailOptions {
  auth: Auth;
  db: Db;
  clock: Clock;
  mail: Mail;
  publicUrl: string;
  history: Pick<HistoryService, 'recentBars' | 'refreshTimeOf'>;
  indicators?: IndicatorSource;
  /** Whether this instance runs background jobs (it sends what is due when it does). */
  backgroundJobs: boolean;
}

/**
 * Alert emails and the daily watchlist digest, both through the jobs table: every instance
 * puts the current 5-second pass and today's digest in the queue (idempotent per key), and
 * whichever takes a job runs it; the work itself is recorded once (see each class).
 */
export async function registerAlertMail(
  app: FastifyInstance,
  { auth, db, clock, mail, publicUrl, history, indicators, backgroundJobs }: AlertMailOptions,
): Promise<AlertMail> {
  const preferences = new NotificationPreferenceStore(db, clock);
  const shared = { db, clock, mailer: mail.mailer, outbox: mail.outbox, preferences, publicUrl };
  const alertEmails = new AlertEmails(shared);
  const digest = new WatchlistDigest({ ...shared, history, indicators });
  const now = () => clock().getTime();
  const queue = new JobQueue(db, now);

  async function schedule(): Promise<void> {
    const at = now();
    await queue.enqueue(alertEmailPassJob, String(Math.floor(at / alertEmailPassMs)), {}, at);
    // Today's digest, on a day the market trades (early closes move it earlier).
    const { date } = newYorkTime(at);
    if (isTradingDay(date)) {
      await queue.enqueue(
        watchlistDigestJob,
        date,
        { day: date },
        history.refreshTimeOf(date) + digestAfterRefreshMs,
      );
    }
  }

  const runner = new JobRunner({
    queue,
    handlers: {
      [alertEmailPassJob]: async () => {
        await alertEmails.sendDue();
        // The finished passes of past slots are of no more use.
        await db.execute(sql`
          delete from ${jobs} where name = ${alertEmailPassJob} and state = 'done'
            and finished_at < ${new Date(now() - 10 * 60_000)}`);
        return { done: true };
      },
      [watchlistDigestJob]: async (job) => {
        const day = String(job.payload.day);
        const sent = await digest.send(day);
        app.log.info({ day, ...sent }, 'watchlist digests queued');
        return { done: true };
      },
    },
    log: app.log,
    now,
    pollMs,
    schedule,
  });
  if (backgroundJobs) {
    app.addHook('onReady', async () => runner.start(app.scheduler));
    app.addHook('preClose', async () => runner.stop());
  }
  await app.register(notificationPreferenceRoutes, { auth, preferences });
  const alertMail: AlertMail = { preferences, alertEmails, digest, runDue: () => runner.runDue() };
  app.decorate('alertMail', alertMail);
  return alertMail;
}
