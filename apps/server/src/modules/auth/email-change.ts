import { createHash, randomBytes } from 'node:crypto';
import {
  changeEmailSchema,
  type EmailChangeResult,
  type EmailChangeStatus,
  emailChangeConfirmHours,
  emailChangeTokenSchema,
  emailChangeUndoDays,
} from '@tickerwise/shared';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { emailChanges, session, user } from '../../db/schema/index.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { AttemptLimiter } from '../../limits/attempt-limiter.ts';
import { tooManyAttempts } from '../../limits/too-many-attempts.ts';

/** The messages a change of address sends; given by the app, so auth depends on no module. */
export interface EmailChangeMessages {
  /** To the new address: the link that confirms it (`url`). */
  confirm(holder: { id: string; name: string }, newEmail: string, url: string): void;
  /** To the new address when another account uses it already: nothing changed. */
  taken(newEmail: string): void;
  /** To the old address once confirmed: the change, and the link that undoes it. */
  changed(
    holder: { id: string; name: string },
    change: { oldEmail: string; newEmail: string; undoUrl: string; undoBy: Date },
  ): void;
}

export interface EmailChangeOptions {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** Throws 400 `invalid_password` or 429 unless `password` is the user's. */
  confirmPassword: (userId: string, password: string) => Promise<void>;
  messages: EmailChangeMessages;
}

const hourMs = 3600_000;
/** Requests one account may make in an hour (each sends an email to an address it names). */
const requestsPerHour = 5;

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

const deadLink = (code: string, message: string) => new AppError(410, code, message);
const addressTaken = (message: string) => new AppError(409, 'email_taken', message);

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * Changing the address one signs in with (Settings, Profile; docs/PRODUCT.md §3.19, ADR 0035):
 * asked with the current password, confirmed from a single-use link to the new address, and
 * undone within 7 days from a link to the old one, which also signs the account out everywhere.
 * An address another account uses is refused in an email to that address only: the answer to
 * the request is the same either way.
 */
export class EmailChanges {
  private readonly limiter: AttemptLimiter;

  constructor(private readonly options: EmailChangeOptions) {
    this.limiter = new AttemptLimiter(options.db, options.clock);
  }

  /** The user's address and the change waiting for its link, if any. */
  async status(userId: string): Promise<EmailChangeStatus> {
    const { db, clock } = this.options;
    const [holder] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (!holder) throw new AppError(404, 'not_found', 'This account no longer exists.');
    const [pending] = await db
      .select({ email: emailChanges.newEmail, expiresAt: emailChanges.confirmBy })
      .from(emailChanges)
      .where(
        and(
          eq(emailChanges.userId, userId),
          isNull(emailChanges.confirmedAt),
          gt(emailChanges.confirmBy, clock()),
        ),
      )
      .orderBy(desc(emailChanges.requestedAt))
      .limit(1);
    return {
      email: holder.email,
      pending: pending
        ? { email: pending.email, expiresAt: pending.expiresAt.toISOString() }
        : null,
    };
  }

  /** `POST /api/me/email-change`: checks the password and sends the link to the new address. */
  async request(holder: { id: string; name: string }, body: unknown): Promise<EmailChangeStatus> {
    const { db, clock, publicUrl, confirmPassword, messages } = this.options;
    const input = parseInput(changeEmailSchema, body);
    const newEmail = input.newEmail.toLowerCase();
    await confirmPassword(holder.id, input.password);
    const [current] = await db
      .select({ email: user.email, verified: user.emailVerified })
      .from(user)
      .where(eq(user.id, holder.id));
    if (!current) throw new AppError(404, 'not_found', 'This account no longer exists.');
    if (current.email.toLowerCase() === newEmail) {
      const message = 'This is already your address.';
      throw new AppError(400, 'same_email', message, { newEmail: message });
    }
    const verdict = await this.limiter.consume([
      {
        key: `email-change:${holder.id}`,
        limit: { max: requestsPerHour, windowSeconds: hourMs / 1000 },
      },
    ]);
    if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);

    const [other] = await db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, newEmail), ne(user.id, holder.id)));
    const token = newToken();
    const now = clock();
    await db.transaction(async (tx) => {
      // A newer request replaces one still waiting: its link stops working.
      await tx
        .delete(emailChanges)
        .where(and(eq(emailChanges.userId, holder.id), isNull(emailChanges.confirmedAt)));
      // Recorded even for an address that is taken (its link is never sent), so that the
      // answer and what Settings shows afterwards are the same either way.
      await tx.insert(emailChanges).values({
        userId: holder.id,
        oldEmail: current.email,
        oldVerified: current.verified,
        newEmail,
        confirmDigest: digest(token),
        requestedAt: now,
        confirmBy: new Date(now.getTime() + emailChangeConfirmHours * hourMs),
      });
    });
    if (other) messages.taken(newEmail);
    else {
      const url = `${publicUrl}/email-change/confirm?token=${encodeURIComponent(token)}`;
      messages.confirm(holder, newEmail, url);
    }
    return this.status(holder.id);
  }

  /** `DELETE /api/me/email-change`: drops the change waiting for its link. */
  async cancel(userId: string): Promise<void> {
    await this.options.db
      .delete(emailChanges)
      .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt)));
  }

  /** `POST /api/email-change/confirm`: the link from the new address makes it the account's. */
  async confirm(body: unknown): Promise<EmailChangeResult> {
    const { db, clock, publicUrl, messages } = this.options;
    const { token } = parseInput(emailChangeTokenSchema, body);
    const now = clock();
    const undoToken = newToken();
    const undoBy = new Date(now.getTime() + emailChangeUndoDays * 24 * hourMs);
    const done = await db
      .transaction(async (tx) => {
        const [change] = await tx
          .select()
          .from(emailChanges)
          .where(eq(emailChanges.confirmDigest, digest(token)))
          .for('update');
        if (!change) {
          throw deadLink(
            'link_invalid',
            'This link does not work: a newer request replaced it, or it is incomplete.',
          );
        }
        if (change.confirmedAt) {
          throw deadLink('link_used', 'This link was used already: the change is confirmed.');
        }
        if (change.confirmBy <= now) {
          throw deadLink(
            'link_expired',
            `This link expired after ${emailChangeConfirmHours} hours.`,
          );
        }
        const [holder] = await tx
          .select({ id: user.id, name: user.name, email: user.email })
          .from(user)
          .where(eq(user.id, change.userId))
          .for('update');
        if (holder?.email !== change.oldEmail) {
          throw deadLink('link_invalid', 'The account’s address changed since this link was sent.');
        }
        const [other] = await tx
          .select({ id: user.id })
          .from(user)
          .where(and(eq(user.email, change.newEmail), ne(user.id, holder.id)));
        if (other) throw addressTaken('Another account signs in with this address now.');
        await tx
          .update(user)
          .set({ email: change.newEmail, emailVerified: true, updatedAt: now })
          .where(eq(user.id, holder.id));
        await tx
          .update(emailChanges)
          .set({ confirmedAt: now, undoDigest: digest(undoToken), undoBy })
          .where(eq(emailChanges.id, change.id));
        return { holder, change };
      })
      .catch((error: unknown) => {
        // Another account took the address in the same instant.
        if (isUniqueViolation(error)) {
          throw addressTaken('Another account signs in with this address now.');
        }
        throw error;
      });
    messages.changed(done.holder, {
      oldEmail: done.change.oldEmail,
      newEmail: done.change.newEmail,
      undoUrl: `${publicUrl}/email-change/undo?token=${encodeURIComponent(undoToken)}`,
      undoBy,
    });
    return { email: done.change.newEmail };
  }

  /**
   * `POST /api/email-change/undo`: the link to the old address gives it back and signs the
   * account out on every device. It voids every other undo link of the account, so a second
   * change made by whoever made the first cannot be "undone" back to theirs.
   */
  async undo(body: unknown): Promise<EmailChangeResult> {
    const { db, clock } = this.options;
    const { token } = parseInput(emailChangeTokenSchema, body);
    const now = clock();
    return db
      .transaction(async (tx) => {
        const [change] = await tx
          .select()
          .from(emailChanges)
          .where(eq(emailChanges.undoDigest, digest(token)))
          .for('update');
        if (!change) throw deadLink('link_invalid', 'This link does not work: it is incomplete.');
        if (change.undoneAt) {
          throw deadLink('link_used', 'This link was used already: the change is undone.');
        }
        if (!change.undoBy || change.undoBy <= now) {
          throw deadLink(
            'link_expired',
            `This link expired: a change can be undone for ${emailChangeUndoDays} days.`,
          );
        }
        const [other] = await tx
          .select({ id: user.id })
          .from(user)
          .where(and(eq(user.email, change.oldEmail), ne(user.id, change.userId)));
        if (other) {
          throw addressTaken(
            'Another account signs in with your old address now. Write to support to get your account back.',
          );
        }
        await tx
          .update(user)
          .set({ email: change.oldEmail, emailVerified: change.oldVerified, updatedAt: now })
          .where(eq(user.id, change.userId));
        await tx.update(emailChanges).set({ undoneAt: now }).where(eq(emailChanges.id, change.id));
        await tx
          .update(emailChanges)
          .set({ undoBy: now })
          .where(
            and(
              eq(emailChanges.userId, change.userId),
              ne(emailChanges.id, change.id),
              isNull(emailChanges.undoneAt),
              sql`${emailChanges.undoBy} > ${now}`,
            ),
          );
        await tx
          .delete(emailChanges)
          .where(and(eq(emailChanges.userId, change.userId), isNull(emailChanges.confirmedAt)));
        // Every session ends (each end is announced to every instance's session memo).
        await tx.delete(session).where(eq(session.userId, change.userId));
        return { email: change.oldEmail };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) {
          throw addressTaken(
            'Another account signs in with your old address now. Write to support to get your account back.',
          );
        }
        throw error;
      });
  }
}
