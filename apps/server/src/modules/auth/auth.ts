import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import type { Limits } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';

export type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface AuthOptions {
  db: Db;
  /** better-auth's own messages go to the app's structured log. */
  log: (level: AuthLogLevel, message: string) => void;
  publicUrl: string;
  trustedOrigins: string[];
  secret: string;
  limits: Pick<
    Limits,
    'authRequestsPerAddress' | 'passwordChangesPerAddress' | 'passwordResetsPerAddress'
  >;
  /**
   * Makes what a new account needs beside its user row (the profile), before sign-up answers.
   * `chosenPlan` is the plan the sign-up form sent. Given by the app, so that auth depends on
   * no other module.
   */
  onUserCreated: (
    user: { id: string; name: string; email: string },
    chosenPlan: unknown,
  ) => Promise<void>;
  /**
   * Emails the "Forgot password?" link (`url`, on the web app's reset page). Not awaited by the
   * answer, which is the same whether or not the address has an account. Given by the app.
   */
  sendPasswordReset: (user: { id: string; email: string; name: string }, url: string) => void;
  /** Emails the link that confirms the user's address (`url`). Given by the app. */
  sendEmailVerification: (user: { id: string; email: string; name: string }, url: string) => void;
  /** A password was reset from an emailed link: what the old one let in ends (API keys). */
  onPasswordReset: (userId: string) => Promise<void>;
}

/** How long a reset link works (docs/PRODUCT.md §5). */
export const passwordResetSeconds = 30 * 60;

export function createAuth({
  db,
  log,
  publicUrl,
  trustedOrigins,
  secret,
  limits,
  onUserCreated,
  sendPasswordReset,
  sendEmailVerification,
  onPasswordReset,
}: AuthOptions) {
  return betterAuth({
    appName: 'Tickerwise',
    logger: { level: 'warn', log: (level, message) => log(level, message) },
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        twoFactor: schema.twoFactor,
      },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // The link goes straight to the web app's page, which posts the token with the new
      // password; better-auth spends the token in the same transaction as the new password.
      sendResetPassword: async ({ user, token }) => {
        sendPasswordReset(user, `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`);
      },
      resetPasswordTokenExpiresIn: passwordResetSeconds,
      // A new password signs out every session (docs/PRODUCT.md §3.19).
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => onPasswordReset(user.id),
    },
    // Sent at sign-up; an unconfirmed address still signs in (docs/PRODUCT.md §5). The link
    // goes through better-auth's check and lands on the dashboard (with `?error=` if it failed).
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        const callback = encodeURIComponent('/dashboard');
        sendEmailVerification(
          user,
          `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${callback}`,
        );
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', input: false, defaultValue: 'user', required: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    // better-auth's per-address limiter stays on where it adds something: a flood limit on
    // every auth path, and a tighter one on /change-password (a stolen session guessing the
    // current password). Sign-in and sign-up are counted by ours (`auth-limits.ts`): per
    // email and address, in one atomic statement, failures only.
    rateLimit: {
      // Off by default outside production; the limits must hold everywhere.
      enabled: true,
      storage: 'database',
      window: limits.authRequestsPerAddress.windowSeconds,
      max: limits.authRequestsPerAddress.max,
      customRules: {
        '/sign-in/email': false,
        '/sign-up/email': false,
        '/change-password': {
          window: limits.passwordChangesPerAddress.windowSeconds,
          max: limits.passwordChangesPerAddress.max,
        },
        // Per client address; per email, the reset email's own limit (3 an hour) holds,
        // silently, so the answer never tells whether the address has an account.
        '/request-password-reset': {
          window: limits.passwordResetsPerAddress.windowSeconds,
          max: limits.passwordResetsPerAddress.max,
        },
        '/reset-password': {
          window: limits.passwordResetsPerAddress.windowSeconds,
          max: limits.passwordResetsPerAddress.max,
        },
        // The second step of a sign-in, and the setup: per client address, beside the
        // plugin's own limits per challenge (5 codes) and per account (10 wrong codes in a
        // row lock it for 15 minutes). The plugin's 3 in 10 s would trip over a typo.
        '/two-factor/*': { window: 60, max: 10 },
      },
    },
    // Authenticator apps (TOTP, RFC 6238: 6 digits, 30 s) and 10 single-use recovery codes,
    // both kept encrypted with the server's secret; no "trust this browser": once it is on,
    // every sign-in asks for a code (docs/PRODUCT.md §3.19, ADR 0033).
    plugins: [
      twoFactor({
        issuer: 'Tickerwise',
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
        // The challenge cookie between the password and the code lives 10 minutes.
        twoFactorCookieMaxAge: 10 * 60,
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
    // better-auth would print every refused request (a wrong password, another site's origin)
    // on the console, outside the app's log. Thrown instead, a refusal still becomes its
    // answer, and an unexpected failure (a lost database connection above all) reaches the
    // app's error handler with its cause rather than an anonymous 500.
    onAPIError: { throw: true },
    advanced: {
      cookiePrefix: 'tickerwise',
      // better-auth turns these off when it detects a test run; they must hold in tests too.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // Fastify decides the client address and hands it over in this header.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    databaseHooks: {
      user: {
        create: {
          // The profile exists the moment sign-up returns (docs/PRODUCT.md §13.4).
          after: async (user, context) => {
            await onUserCreated(user, (context?.body as { plan?: unknown } | undefined)?.plan);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export { resealTwoFactor } from './reseal-two-factor.ts';
