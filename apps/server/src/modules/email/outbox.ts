import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
import type { MailTransport, SendOutcome } from './transport.ts';

/** The job that sends one outbox message; its key is the message's id. */
export const sendEmailJob = 'email.send';
/**
 * Messages an instance takes and sends together: read, checked and marked sent in one
 * statement each, sent over the SMTP pool's connections at once.
 */
export const sendBatchSize = 20;

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
   * The checks of `admits` for many messages at once, each of one kind, to addresses that
   * differ: a statement per check for all of them (the limits counted in one), an answer per
   * message in the order given. Messages to the same address go one after the other.
   */
  async admitsMany(
    emails: readonly Pick<QueuedEmail, 'kind' | 'to'>[],
  ): Promise<(QueueResult | undefined)[]> {
    const recipients = emails.map((email) => checkedAddress(email.to));
    const kind = emails[0]?.kind;
    if (
      !kind ||
      emails.some((email) => email.kind.name !== kind.name) ||
      new Set(recipients).size !== recipients.length
    ) {
      const answers: (QueueResult | undefined)[] = [];
      for (const email of emails) answers.push(await this.admits(email));
      return answers;
    }
    const failing = await this.failingAmong(recipients);
    const unsubscribed = kind.essential
      ? new Set<string>()
      : new Set(
          (
            await this.db
              .select({ address: emailUnsubscribes.address })
              .from(emailUnsubscribes)
              .where(
                and(
                  inArray(emailUnsubscribes.address, recipients),
                  eq(emailUnsubscribes.kind, kind.name),
                ),
              )
          ).map((row) => row.address),
        );
    const answers = recipients.map((recipient): QueueResult | undefined => {
      if (failing.has(recipient)) return { queued: false, reason: 'address_failing' };
      if (unsubscribed.has(recipient)) return { queued: false, reason: 'unsubscribed' };
      return undefined;
    });
    const counted = recipients.filter((_recipient, index) => answers[index] === undefined);
    const allowed = await this.limiter.consumeEach(
      counted.map((recipient) => [`email-kind:${kind.name}:${recipient}`, `email:${recipient}`]),
      [kind.perRecipient, this.options.perRecipient],
    );
    let next = 0;
    return answers.map((answer): QueueResult | undefined => {
      if (answer) return answer;
      return allowed[next++] ? undefined : { queued: false, reason: 'rate_limited' };
    });
  }

  /**
   * Records an admitted message and the job that sends it inside the caller's transaction, so
   * that what the message reports (alert firings) is marked sent in the same commit.
   */
  async record(tx: Db, email: QueuedEmail): Promise<number> {
    const [id] = await this.recordMany(tx, [email]);
    if (id === undefined) throw new Error('the outbox row was not recorded');
    return id;
  }

  /**
   * Records admitted messages and their jobs inside the caller's transaction, in two
   * statements however many there are: their outbox ids, in the order given.
   */
  async recordMany(tx: Db, emails: readonly QueuedEmail[]): Promise<number[]> {
    if (emails.length === 0) return [];
    const now = this.clock();
    const values = emails.map((email) => {
      const message = checkedMessage(email.message);
      return {
        kind: email.kind.name,
        recipient: checkedAddress(email.to),
        userId: email.userId ?? null,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: email.headers ?? {},
        createdAt: now,
      };
    });
    const rows = await tx.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
    if (rows.length !== emails.length) throw new Error('the outbox rows were not recorded');
    // The ids come from the sequence row after row, so in order they are the rows' order.
    const ids = rows.map((row) => row.id).sort((a, b) => a - b);
    await tx
      .insert(jobs)
      .values(ids.map((id) => ({ name: sendEmailJob, key: String(id), runAt: now })));
    return ids;
  }

  /**
   * Sends the outbox messages of these jobs (the job handler, `sendBatchSize` at a time): one
   * read for all, the messages over the transport at once, the sent ones marked in one
   * statement. A message already sent or given up (a job run again after a crash) is done.
   */
  async deliverMany(taken: readonly Job[]): Promise<JobOutcome[]> {
    const ids = taken.map((job) => Number(job.key));
    const rows = await this.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    const waiting = rows.filter((row) => row.state === 'waiting');
    const failing = await this.failingAmong(waiting.map((row) => row.recipient));
    const outcomes = new Map<number, JobOutcome>();
    const refused = waiting.filter((row) => failing.has(row.recipient)).map((row) => row.id);
    const sent: number[] = [];
    await Promise.all(
      waiting
        .filter((row) => !failing.has(row.recipient))
        .map(async (row) => {
          const outcome = await this.options.transport.send({
            id: row.id,
            from: this.options.from,
            to: row.recipient,
            subject: row.subject,
            html: row.html,
            text: row.text,
            headers: row.headers,
            messageId: `<${row.id}.${digest(`${row.id}:${row.createdAt.toISOString()}`)}@${this.options.host}>`,
            createdAt: row.createdAt,
          });
          if (outcome.kind === 'sent') sent.push(row.id);
          else outcomes.set(row.id, await this.notSent(row, outcome));
        }),
    );
    await this.finish(sent, 'sent', null);
    await this.finish(refused, 'failed', 'the address is failing');
    return ids.map((id) => outcomes.get(id) ?? { done: true });
  }

  /** A message the server did not take: tried again later, or given up. */
  private async notSent(
    row: { id: number; kind: string; recipient: string; attempts: number },
    outcome: Exclude<SendOutcome, { kind: 'sent' }>,
  ): Promise<JobOutcome> {
    const attempts = row.attempts + 1;
    if (outcome.kind === 'permanent' || attempts >= maxTemporaryAttempts) {
      await this.finish([row.id], 'failed', outcome.reason);
      if (outcome.kind === 'permanent' && outcome.addressFailing) {
        await this.markFailing(row.recipient, outcome.reason);
      }
      this.options.log.warn(
        { email: row.id, kind: row.kind, reason: outcome.reason },
        'an email was given up',
      );
      return { done: true };
    }
    await this.db
      .update(emailOutbox)
      .set({ attempts, lastError: outcome.reason })
      .where(eq(emailOutbox.id, row.id));
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
    return (await this.failingAmong([address.toLowerCase()])).size > 0;
  }

  /** The addresses of these (lower-cased) that a server refused for good. */
  private async failingAmong(addresses: readonly string[]): Promise<Set<string>> {
    if (addresses.length === 0) return new Set();
    const rows = await this.db
      .select({ address: emailFailingAddresses.address })
      .from(emailFailingAddresses)
      .where(inArray(emailFailingAddresses.address, [...new Set(addresses)]));
    return new Set(rows.map((row) => row.address));
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
  private async finish(ids: readonly number[], state: 'sent' | 'failed', error: string | null) {
    if (ids.length === 0) return;
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
      .where(inArray(emailOutbox.id, [...ids]));
  }
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 16);
}
