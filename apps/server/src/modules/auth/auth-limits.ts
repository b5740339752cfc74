import type { Clock } from '../../clock.ts';
import type { Limits } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { AttemptLimiter } from '../../limits/attempt-limiter.ts';
import { tooManyAttempts, waitFor } from '../../limits/too-many-attempts.ts';

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
    clock: Clock,
  ) {
    this.limiter = new AttemptLimiter(db, clock);
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
   * failed guess: a success clears the email's count from that address and lifts the email's
   * ceiling, anything but a wrong password (401) is not counted at all.
   *
   * The ceiling per email (distributed guessing) does not hold a browser that has signed in
   * to this account before (`knownDevice`, docs/PRODUCT.md §5): anyone can fill it for a
   * stranger's email, and its owner must still get in. That browser is still held by the
   * limits per address and per email and address.
   */
  async signIn(
    email: string,
    address: string,
    { knownDevice }: { knownDevice: boolean },
  ): Promise<SignInAttempt> {
    const normalised = email.toLowerCase();
    const pair = `sign-in:pair:${normalised}|${address}`;
    const ownAddress = `sign-in:address:${address}`;
    const ceiling = `sign-in:email:${normalised}`;
    const verdict = await this.limiter.consume([
      { key: pair, limit: this.limits.signInFailures },
      { key: ownAddress, limit: this.limits.signInFailuresPerAddress },
      ...(knownDevice ? [] : [{ key: ceiling, limit: this.limits.signInFailuresPerEmail }]),
    ]);
    if (!verdict.allowed) {
      const seconds = verdict.retryAfterSeconds;
      if (verdict.refusedBy === ceiling) {
        const paused = tooManyAttempts(seconds, newDevicePaused(seconds));
        // The sign-in page offers a code by email on this code (docs/PRODUCT.md §5).
        throw new AppError(429, 'new_browser_paused', paused.message, undefined, paused.headers);
      }
      throw tooManyAttempts(seconds);
    }
    const counted = knownDevice ? [pair, ownAddress] : [pair, ownAddress, ceiling];
    return {
      settle: async (status) => {
        if (status === 401) return;
        if (status >= 200 && status < 300) {
          await this.limiter.reset(pair);
          await this.limiter.reset(ceiling);
          await this.limiter.refund([ownAddress]);
          return;
        }
        await this.limiter.refund(counted);
      },
    };
  }
}

/**
 * The ceiling per email refused a browser that has not signed in to the account before: the
 * account is under distributed guessing. Its owner gets in at once from a browser they have
 * used (which also lifts the ceiling), with a one-time code emailed to the address, or after
 * the wait.
 */
function newDevicePaused(seconds: number): string {
  return (
    'This account has had too many failed sign-ins, so sign-ins from new browsers are paused. ' +
    'Sign in from a browser you have used before, sign in with a code we email you, or wait ' +
    `${waitFor(seconds)} and try again.`
  );
}
