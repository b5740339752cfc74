import { isRecoveryCode, type TwoFactorStatus } from '@tickerwise/shared';
import { isAPIError } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { twoFactor, user, verification } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { AttemptLimiter } from '../../limits/attempt-limiter.ts';
import { tooManyAttempts } from '../../limits/too-many-attempts.ts';
import type { Auth } from './auth.ts';
import { toHeaders } from './guard.ts';

/** A code from the app is refused a second time for this long (it is valid for 30 s, ±1 step). */
const usedCodeSeconds = 90;
/** Wrong codes typed in Settings (turning it off, new recovery codes) per account. */
const settingsCodeLimit = { max: 10, windowSeconds: 15 * 60 };

export const wrongCode = (field = 'code') => {
  const message = 'That code is not right. Check your app and try again.';
  return new AppError(400, 'invalid_code', message, { [field]: message });
};

const usedCode = () =>
  new AppError(
    400,
    'code_already_used',
    'That code was just used. Wait for the next one in your app.',
    { code: 'That code was just used. Wait for the next one in your app.' },
  );

/**
 * Two-factor sign-in around better-auth's plugin (ADR 0033): the plugin keeps the secret and the
 * recovery codes and checks every code; this adds what the product asks beside it: a code from
 * the app works once, Settings needs a code as well as the password, and the status Settings
 * shows.
 */
export class TwoFactorChecks {
  private readonly limiter: AttemptLimiter;
  private readonly challengeCookie: string;

  constructor(
    private readonly db: Db,
    private readonly auth: Auth,
    clock: Clock,
    secure: boolean,
  ) {
    this.limiter = new AttemptLimiter(db, clock);
    this.challengeCookie = `${secure ? '__Secure-' : ''}tickerwise.two_factor`;
  }

  /**
   * The account a sign-in's second step is for: the challenge cookie better-auth set after the
   * password names a verification row whose value is the user's id. Read only to know whom a
   * code belongs to; better-auth checks the cookie's signature itself.
   */
  async pendingUser(cookieHeader: string | undefined): Promise<string | undefined> {
    const value = cookieValue(cookieHeader, this.challengeCookie);
    if (!value) return undefined;
    const identifier = value.slice(0, value.lastIndexOf('.'));
    if (!identifier.startsWith('2fa-')) return undefined;
    const [row] = await this.db
      .select({ value: verification.value })
      .from(verification)
      .where(eq(verification.identifier, identifier))
      .limit(1);
    return row?.value;
  }

  /**
   * Takes the code from the app for this account, or throws: the same code is refused for
   * 90 s after it was first offered, so one seen over a shoulder is worth nothing. `release`
   * gives it back when it was refused (a wrong code stays wrong anyway).
   */
  async claimCode(userId: string, code: string): Promise<{ release(): Promise<void> }> {
    const key = `two-factor-used:${userId}:${code}`;
    const verdict = await this.limiter.consume([
      { key, limit: { max: 1, windowSeconds: usedCodeSeconds } },
    ]);
    if (!verdict.allowed) throw usedCode();
    return { release: () => this.limiter.refund([key]) };
  }

  /**
   * Checks a code typed in Settings (the app's, or a recovery code, which is spent), for the
   * signed-in user of `request`; throws 400 `invalid_code`, or 429 after too many.
   */
  async confirm(request: FastifyRequest, userId: string, code: string): Promise<void> {
    const key = `two-factor-confirm:user:${userId}`;
    const verdict = await this.limiter.consume([{ key, limit: settingsCodeLimit }]);
    if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
    const headers = toHeaders(request);
    try {
      if (isRecoveryCode(code)) {
        await this.auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers });
      } else {
        const claim = await this.claimCode(userId, code);
        try {
          await this.auth.api.verifyTOTP({ body: { code }, headers });
        } catch (error) {
          await claim.release();
          throw error;
        }
      }
    } catch (error) {
      if (isAPIError(error) && error.statusCode < 500) throw wrongCode();
      throw error;
    }
    await this.limiter.refund([key]);
  }

  /** Whether the account's setup has begun but no code has confirmed it yet. */
  async setupPending(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ verified: twoFactor.verified })
      .from(twoFactor)
      .where(eq(twoFactor.userId, userId))
      .limit(1);
    return row !== undefined && row.verified === false;
  }

  /** Notes when it was turned on (Settings shows it). */
  async markEnabled(userId: string, at: Date): Promise<void> {
    await this.db
      .update(twoFactor)
      .set({ enabledAt: at })
      .where(and(eq(twoFactor.userId, userId), eq(twoFactor.verified, true)));
  }

  /** Settings, Security: on or off, since when, and how many recovery codes are left. */
  async status(userId: string): Promise<TwoFactorStatus> {
    const [row] = await this.db
      .select({ enabled: user.twoFactorEnabled, enabledAt: twoFactor.enabledAt })
      .from(user)
      .leftJoin(twoFactor, eq(twoFactor.userId, user.id))
      .where(eq(user.id, userId))
      .limit(1);
    if (!row?.enabled) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
    const codes = await this.auth.api.viewBackupCodes({ body: { userId } });
    return {
      enabled: true,
      enabledAt: row.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: codes.backupCodes.length,
    };
  }
}

function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1 || pair.slice(0, equals).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(equals + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
