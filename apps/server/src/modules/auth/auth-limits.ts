import type { Limits } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AttemptLimiter } from '../../limits/attempt-limiter.ts';
import { tooManyAttempts } from '../../limits/too-many-attempts.ts';

export type AuthLimitSettings = Pick<
  Limits,
  | 'signInFailures'
  | 'signInFailuresPerEmail'
  | 'signInFailuresPerAddress'
  | 'signUpsPerAddress'
  | 'signUpsPerEmail'
>;

/** What a sign-in attempt counted, to settle once its outcome is known. */
export interface SignInAttempt {
  settle(status: number): Promise<void>;
}

/**
 * Our limits on sign-in and sign-up (better-auth's own per-IP limiter is off on those two
 * paths: it counts every attempt, successful ones included, per address only).
 */
export class AuthLimits {
  private readonly limiter: AttemptLimiter;

  constructor(
    db: Db,
    private readonly limits: AuthLimitSettings,
  ) {
    this.limiter = new AttemptLimiter(db);
  }

  /** Counts a sign-up attempt per address and per email, or throws a 429. */
  async signUp(email: string, address: string): Promise<void> {
    const verdict = await this.limiter.consume([
      { key: `sign-up:address:${address}`, limit: this.limits.signUpsPerAddress },
      { key: `sign-up:email:${email.toLowerCase()}`, limit: this.limits.signUpsPerEmail },
    ]);
    if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
  }

  /**
   * Counts a sign-in attempt before the password is checked (so that attempts made at once
   * are counted at once), or throws a 429. Settling with the outcome gives back what was not a
   * failed guess: a success clears the email's count from that address, anything but a wrong
   * password (401) is not counted at all.
   */
  async signIn(email: string, address: string): Promise<SignInAttempt> {
    const normalised = email.toLowerCase();
    const pair = `sign-in:pair:${normalised}|${address}`;
    const shared = [`sign-in:address:${address}`, `sign-in:email:${normalised}`];
    const verdict = await this.limiter.consume([
      { key: pair, limit: this.limits.signInFailures },
      { key: shared[0] as string, limit: this.limits.signInFailuresPerAddress },
      { key: shared[1] as string, limit: this.limits.signInFailuresPerEmail },
    ]);
    if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
    return {
      settle: async (status) => {
        if (status === 401) return;
        if (status >= 200 && status < 300) {
          await this.limiter.reset(pair);
          await this.limiter.refund(shared);
          return;
        }
        await this.limiter.refund([pair, ...shared]);
      },
    };
  }
}
