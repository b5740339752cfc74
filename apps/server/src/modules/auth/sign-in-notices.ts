import { signInCodeRequestSchema } from '@tickerwise/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { parseInput } from '../../http/errors.ts';
import { sendMessagePage } from '../../http/html-page.ts';
import { AttemptLimiter } from '../../limits/attempt-limiter.ts';
import { tooManyAttempts } from '../../limits/too-many-attempts.ts';
import type { KnownDevices } from './known-device.ts';
import type { Account, SignInProtection } from './sign-in-protection.ts';

/** What a new-device notice says about the sign-in. */
export interface NewDeviceDetails {
  browser: string | null;
  os: string | null;
  at: Date;
  /** The user's usual time zone (their last browser's), when known. */
  timeZone: string | null;
  /** Signs the account out everywhere; single use, 7 days. */
  notMeUrl: string;
}

/** The emails of sign-in security (`modules/email` renders them); given by the app. */
export interface SignInNotices {
  twoFactorChanged(account: Account, enabled: boolean, at: Date): void;
  newDevice(account: Account, details: NewDeviceDetails): void;
  signInCode(account: Account, code: string): void;
}

/** Code requests from one client address. */
const codeRequestsPerAddress = { max: 5, windowSeconds: 15 * 60 };

/** A time zone the browser sent, if it is one this server knows (an IANA name). */
export function timeZoneOf(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const notMeQuery = z.object({ token: z.string().min(1).max(100) });

/**
 * `POST /api/auth/sign-in/email-code`: a new browser past the ceiling asks for a code by email
 * (the same answer whether or not the address has an account). `GET|POST /api/auth/not-me`:
 * the link of a new-device notice; the GET only asks (mail scanners open links), the button's
 * POST signs the account out everywhere, forgets its browsers and revokes its API keys.
 */
export const signInProtectionRoutes: FastifyPluginAsync<{
  protection: SignInProtection;
  knownDevices: KnownDevices;
  publicUrl: string;
  clock: Clock;
  notices: SignInNotices;
  revokeApiKeys: (userId: string) => Promise<number>;
  /** The sessions just ended may still be remembered by this instance: forget them all. */
  forgetSessions: () => void;
}> = async (
  app,
  { protection, knownDevices, publicUrl, clock, notices, revokeApiKeys, forgetSessions },
) => {
  const limiter = new AttemptLimiter(protection.db, clock);

  app.post(
    '/api/auth/sign-in/email-code',
    { config: { access: 'public' } },
    async (request, reply) => {
      const { email } = parseInput(signInCodeRequestSchema, request.body);
      const verdict = await limiter.consume([
        { key: `sign-in-code:address:${request.ip}`, limit: codeRequestsPerAddress },
      ]);
      if (!verdict.allowed) throw tooManyAttempts(verdict.retryAfterSeconds);
      const account = await protection.accountOf(email);
      // Per address, the email's own limit holds, silently.
      if (account) notices.signInCode(account, await protection.newCode(account.id));
      return reply.status(202).header('cache-control', 'no-store').send({
        message:
          'If this address has a Tickerwise account, a code is on its way. It works for 10 minutes.',
      });
    },
  );

  const brokenLink = brokenLinkText(publicUrl);
  /** The product's page, with a way back to signing in. */
  const page = (reply: FastifyReply, status: number, title: string, body: string) =>
    sendMessagePage(reply, status, {
      title,
      body,
      publicUrl,
      onwards: `<p><a href="${publicUrl}/login">Sign in to Tickerwise</a></p>`,
    });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.get('/api/auth/not-me', { config: { access: 'public' } }, async (request, reply) => {
      const query = notMeQuery.safeParse(request.query);
      if (!query.success) return page(reply, 400, 'This link is not valid', brokenLink);
      return page(
        reply,
        200,
        'Was this not you?',
        `<p>If you did not just sign in to Tickerwise, someone else may know your password.</p>
        <p>The button signs your account out on every device, including this one, and revokes
        your API keys. Then choose a new password.</p>
        <form method="post"><input type="hidden" name="confirm" value="yes">
        <button type="submit">Sign out everywhere</button></form>`,
      );
    });
    scope.post('/api/auth/not-me', { config: { access: 'public' } }, async (request, reply) => {
      const query = notMeQuery.safeParse(request.query);
      if (!query.success) return page(reply, 400, 'This link is not valid', brokenLink);
      const outcome = await protection.notMe(query.data.token);
      if (outcome.kind === 'used') {
        return page(
          reply,
          410,
          'This link was used already',
          `<p>Your account was signed out everywhere when the link was first used. If you still
          think someone else can get in, <a href="${publicUrl}/forgot-password">choose a new
          password</a>.</p>`,
        );
      }
      if (outcome.kind === 'expired') {
        return page(reply, 410, 'This link has expired', brokenLink);
      }
      forgetSessions();
      await knownDevices.forgetAll(outcome.userId);
      await revokeApiKeys(outcome.userId);
      request.log.info({ userId: outcome.userId }, 'signed out everywhere from a sign-in notice');
      return page(
        reply,
        200,
        'You are signed out everywhere',
        `<p>Every device signed in to your account is signed out now, and your API keys are
        revoked. Whoever signed in needed your password: <a href="${publicUrl}/forgot-password">
        choose a new password</a> now, and turn on two-factor sign-in in Settings, Security.</p>`,
      );
    });
  });
};

function brokenLinkText(publicUrl: string): string {
  return `<p>Links in sign-in emails work once, for 7 days. If someone else may have signed in,
  <a href="${publicUrl}/forgot-password">choose a new password</a>: that signs you out
  everywhere too.</p>`;
}
