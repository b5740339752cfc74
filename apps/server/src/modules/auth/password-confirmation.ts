import type { Clock } from '../../clock.ts';
import type { RateLimit } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { AttemptLimiter } from '../../limits/attempt-limiter.ts';
import { tooManyAttempts } from '../../limits/too-many-attempts.ts';
import type { Auth } from './auth.ts';

/**
 * Wrong passwords typed to confirm an action (a password change, deleting the account) are
 * counted per account: a session left open on a shared computer cannot be used to guess the
 * password. Counted before the check, given back when it was right.
 */
export class PasswordConfirmations {
  private readonly limiter: AttemptLimiter;

  constructor(
    db: Db,
    private readonly limit: RateLimit,
    clock: Clock,
  ) {
    this.limiter = new AttemptLimiter(db, clock);
  }

  private key(userId: string): string {
    return `password-confirmation:user:${userId}`;
  }

  /** Counts one attempt, or throws 429; `settle(true)` gives it back. */
  async attempt(userId: string): Promise<{ settle(right: boolean): Promise<void> }> {
    const key = this.key(userId);
    const verdict = await this.limiter.consume([{ key, limit: this.limit }]);
    if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
    return {
      settle: async (right) => {
        if (right) await this.limiter.refund([key]);
      },
    };
  }

  /**
   * Throws 400 `invalid_password` (naming the field) unless `password` is the user's, or 429
   * after too many wrong ones.
   */
  async confirm(auth: Auth, userId: string, password: string, field = 'password'): Promise<void> {
    const attempt = await this.attempt(userId);
    const context = await auth.$context;
    const account = await context.internalAdapter.findCredentialAccount(userId);
    const right = account?.password
      ? await context.password.verify({ hash: account.password, password })
      : false;
    await attempt.settle(right);
    if (!right) throw wrongPassword(field);
  }
}

export function wrongPassword(field: string): AppError {
  const message = 'This password is not correct.';
  return new AppError(400, 'invalid_password', message, { [field]: message });
}
