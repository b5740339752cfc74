import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { RateLimit } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  emailFailingAddresses,
  emailOutbox,
  emailUnsubscribes,
  jobs,
} from '../../db/schema/index.ts';
import { AttemptLimiter } from '../../limits/attempt-limiter.ts';
import type { Job, JobOutcome } from '../jobs/service.ts';
import { checkedAddress, checkedMessage, type RenderedMessage } from './message.ts';
import type { MailTransport } from './transport.ts';

/** The job that sends one outbox message; its key is the message's id. */
export const sendEmailJob = 'email.send';

/** A kind of message: whether the user may turn it off, and how many one address may get. */
export interface MailKind {
  name: string;
  /** Essential mail (a reset link, a receipt) has no unsubscribe and ignores one. */
  essential: boolean;
  perRecipient: RateLimit;
}

export interface QueuedEmail {
  kind: MailKind;
  to: string;
  userId?: string | null;
  message: RenderedMessage;
  headers?: Record<string, string>;
}

/** Why a message was not queued; `queued` carries its outbox id. */
export type QueueResult =
  | { queued: true; id: number }
  | { queued: false; reason: 'rate_limited' | 'unsubscribed' | 'address_failing' };

export interface OutboxHealth {
  /** Messages waiting to be sent. */
  backlog: number;
  /** How long the oldest of them has waited, in seconds (null: none waiting). */
  oldestWaitingSeconds: number | null;
}

/** Attempts after a temporary SMTP answer (4xx) before the message is given up. */
const maxTemporaryAttempts = 12;
const firstRetryMs = 30_000;
const longestRetryMs = 30 * 60_000;

/** Waits 30 s, 1 min, 2 min... up to 30 min between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(longestRetryMs, firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Every email is recorded here first, with the job that sends it, in one transaction: a request
 * never waits on SMTP, a crash loses nothing, and the jobs table makes sure that however many
 * instances run, one of them sends each message.
 */
export class Outbox {
  private readonly limiter: AttemptLimiter;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: {
      from: string;
      /** The host of the product's address, for Message-IDs. */
      host: string;
      perRecipient: RateLimit;
      transport: MailTransport;
      log: { warn(details: object, message: string): void };
    },
  ) {
    this.limiter = new AttemptLimiter(db, clock);
  }

  /**
   * Checks and records one message. A malformed address, a line break in the subject or an
   * oversized body throws `MessageRefused` (a 400); an address over its limits, one that has
   * unsubscribed from this kind, or one a server refused for good is skipped quietly.
   */
  async queue(email: QueuedEmail): Promise<QueueResult> {
    const refused = await this.admits(email);
    if (refused) return refused;
    const id = await this.db.transaction((tx) => this.record(tx, email));
    return { queued: true, id };
  }

  /**
   * The checks of `queue` without recording: undefined when the message may go, else why not
   * (it counts against the limits when it may). A malformed address throws `MessageRefused`.
   */
  async admits(email: Pick<QueuedEmail, 'kind' | 'to'>): Promise<QueueResult | undefined> {
    const recipient = checkedAddress(email.to);
    if (await this.isFailing(recipient)) return { queued: false, reason: 'address_failing' };
    if (!email.kind.essential && (await this.unsubscribed(recipient, email.kind.name))) {
      return { queued: false, reason: 'unsubscribed' };
    }
    const verdict = await this.limiter.consume([
      { key: `email-kind:${email.kind.name}:${recipient}`, limit: email.kind.perRecipient },
      { key: `email:${recipient}`, limit: this.options.perRecipient },
    ]);
    if (!verdict.allowed) return { queued: false, reason: 'rate_limited' };
    return undefined;
  }

  /**
   * Records an admitted message and the job that sends it inside the caller's transaction, so
   * that what the message reports (alert firings) is marked sent in the same commit.
   */
  async record(tx: Db, email: QueuedEmail): Promise<number> {
    const recipient = checkedAddress(email.to);
    const message = checkedMessage(email.message);
    const now = this.clock();
    const [row] = await tx
      .insert(emailOutbox)
      .values({
        kind: email.kind.name,
        recipient,
        userId: email.userId ?? null,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: email.headers ?? {},
        createdAt: now,
      })
      .returning({ id: emailOutbox.id });
    if (!row) throw new Error('the outbox row was not recorded');
    await tx.insert(jobs).values({ name: sendEmailJob, key: String(row.id), runAt: now });
    return row.id;
  }

  /** Sends the outbox message of one job: the job handler. */
  async deliver(job: Job): Promise<JobOutcome> {
    const id = Number(job.key);
    const [row] = await this.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (row?.state !== 'waiting') return { done: true };
    if (await this.isFailing(row.recipient)) {
      await this.finish(id, 'failed', 'the address is failing');
      return { done: true };
    }
    const outcome = await this.options.transport.send({
      id,
      from: this.options.from,
      to: row.recipient,
      subject: row.subject,
      html: row.html,
      text: row.text,
      headers: row.headers,
      messageId: `<${id}.${digest(`${id}:${row.createdAt.toISOString()}`)}@${this.options.host}>`,
      createdAt: row.createdAt,
    });
    const attempts = row.attempts + 1;
    if (outcome.kind === 'sent') {
      await this.finish(id, 'sent', null);
      return { done: true };
    }
    if (outcome.kind === 'permanent' || attempts >= maxTemporaryAttempts) {
      await this.finish(id, 'failed', outcome.reason);
      if (outcome.kind === 'permanent' && outcome.addressFailing) {
        await this.markFailing(row.recipient, outcome.reason);
      }
      this.options.log.warn(
        { email: id, kind: row.kind, reason: outcome.reason },
        'an email was given up',
      );
      return { done: true };
    }
    await this.db
      .update(emailOutbox)
      .set({ attempts, lastError: outcome.reason })
      .where(eq(emailOutbox.id, id));
    return {
      done: false,
      retryAt: this.clock().getTime() + retryDelayMs(attempts),
      reason: outcome.reason,
    };
  }

  async health(): Promise<OutboxHealth> {
    const result = await this.db.execute(sql`
      select count(*)::int as backlog, min(created_at) as oldest
      from ${emailOutbox} where state = 'waiting'`);
    const [row] = rowsOf<{ backlog: number; oldest: Date | string | null }>(result);
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
    return {
      backlog: Number(row?.backlog ?? 0),
      oldestWaitingSeconds:
        oldest === null ? null : Math.max(0, (this.clock().getTime() - oldest) / 1000),
    };
  }

  /** Records that `address` wants no more mail of this non-essential kind. */
  async unsubscribe(address: string, kind: string): Promise<void> {
    await this.db
      .insert(emailUnsubscribes)
      .values({ address: address.toLowerCase(), kind, at: this.clock() })
      .onConflictDoNothing();
  }

  async unsubscribed(address: string, kind: string): Promise<boolean> {
    const rows = await this.db
      .select({ kind: emailUnsubscribes.kind })
      .from(emailUnsubscribes)
      .where(
        and(eq(emailUnsubscribes.address, address.toLowerCase()), eq(emailUnsubscribes.kind, kind)),
      );
    return rows.length > 0;
  }

  async isFailing(address: string): Promise<boolean> {
    const rows = await this.db
      .select({ address: emailFailingAddresses.address })
      .from(emailFailingAddresses)
      .where(eq(emailFailingAddresses.address, address.toLowerCase()));
    return rows.length > 0;
  }

  /** The address works again (its owner confirmed it): mail may go to it. */
  async clearFailing(address: string): Promise<void> {
    await this.db
      .delete(emailFailingAddresses)
      .where(eq(emailFailingAddresses.address, address.toLowerCase()));
  }

  private async markFailing(address: string, reason: string): Promise<void> {
    await this.db
      .insert(emailFailingAddresses)
      .values({ address, reason, since: this.clock() })
      .onConflictDoNothing();
  }

  /** A sent or given-up message keeps no body: reset links and codes do not linger. */
  private async finish(id: number, state: 'sent' | 'failed', error: string | null) {
    await this.db
      .update(emailOutbox)
      .set({
        state,
        html: '',
        text: '',
        lastError: error,
        attempts: sql`${emailOutbox.attempts} + 1`,
        ...(state === 'sent' ? { sentAt: this.clock() } : {}),
      })
      .where(eq(emailOutbox.id, id));
  }
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 16);
}
