import {
  authenticatorCodeSchema,
  changePasswordSchema,
  confirmTwoFactorSchema,
  enableTwoFactorSchema,
  recoveryCodeSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  type TwoFactorStatus,
  updateUserSchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError, databaseUnavailable, notFound, parseInput } from '../../http/errors.ts';
import { describeDevice } from './account-sessions.ts';
import type { Auth } from './auth.ts';
import { type AuthLimitSettings, AuthLimits, type SignInAttempt } from './auth-limits.ts';
import { sendAuthResponse } from './auth-response.ts';
import {
  currentSession,
  requireSession,
  sessionCookieOf,
  sessionRefused,
  sessionsOf,
  toHeaders,
} from './guard.ts';
import { KnownDevices, type Recognition } from './known-device.ts';
import { knownDeviceRoutes } from './known-device-routes.ts';
import { type PasswordConfirmations, wrongPassword } from './password-confirmation.ts';
import { tokenOfCookieValue } from './session-cookie.ts';
import { listenForSessionEnds } from './session-ends.ts';
import { sessionKey } from './session-memo.ts';
import { type SignInNotices, signInProtectionRoutes, timeZoneOf } from './sign-in-notices.ts';
import { SignInProtection } from './sign-in-protection.ts';
import { TwoFactorChecks, wrongCode } from './two-factor.ts';

/** The auth paths that make a new session whatever cookies the request carries. */
const sessionCreating = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email']);

/**
 * Mounts better-auth at `/api/auth/*`. Around it: the shared zod schemas validate sign-up and
 * sign-in, our limits count sign-ins and sign-ups, the client address is the one Fastify
 * decided (never a client-sent header), and errors take the app's one shape.
 */
export const authRoutes: FastifyPluginAsync<{
  auth: Auth;
  database: Database;
  publicUrl: string;
  /** The server's secret, which signs the device cookie (`known-device.ts`). */
  secret: string;
  clock: Clock;
  limits: AuthLimitSettings;
  /**
   * Keeps what shows the user's name beside the account (the profile) in step after a rename.
   * Given by the app, so that auth depends on no other module.
   */
  onUserRenamed: (userId: string, name: string) => Promise<void>;
  /**
   * Claims the invitation code a sign-up to Alpha carries (docs/PRODUCT.md §4.1), or throws a
   * 400; the claim is given back if no account is made. Given by the app.
   */
  claimInvitation: (
    code: string | undefined,
    email: string,
  ) => Promise<{ release(): Promise<void> }>;
  /** Whether the database cannot be reached now (the health check's answer). */
  databaseIsDown: () => Promise<boolean>;
  /** Counts wrong current passwords per account (shared with deleting the account). */
  passwordConfirmations: PasswordConfirmations;
  /**
   * A new password was set: what else the old one let in ends too (the user's API keys,
   * docs/PRODUCT.md §3.19). Given by the app, as `onUserRenamed`.
   */
  onPasswordChanged: (userId: string) => Promise<void>;
  /** The emails of two-factor changes, new browsers and sign-in codes. Given by the app. */
  notices: SignInNotices;
  /** "This was not me": the user's API keys are revoked too. Given by the app. */
  revokeApiKeys: (userId: string) => Promise<number>;
}> = async (
  app,
  {
    auth,
    database,
    publicUrl,
    secret,
    clock,
    limits,
    onUserRenamed,
    claimInvitation,
    databaseIsDown,
    passwordConfirmations,
    onPasswordChanged,
    notices,
    revokeApiKeys,
  },
) => {
  const authLimits = new AuthLimits(database.db, limits, clock);
  const secure = new URL(publicUrl).protocol === 'https:';
  const knownDevices = new KnownDevices(database.db, secret, clock, secure);
  const twoFactor = new TwoFactorChecks(database.db, auth, clock, secure);
  const protection = new SignInProtection(database.db, secret, clock);
  await app.register(signInProtectionRoutes, {
    protection,
    knownDevices,
    publicUrl,
    clock,
    notices,
    revokeApiKeys,
    forgetSessions: () => memo.clear(),
  });
  await app.register(knownDeviceRoutes, { auth, knownDevices });

  /**
   * A sign-in completed (the password, and the code if the account asks for one): this
   * browser is listed for the account, and if the account had other browsers but not this one,
   * its owner gets a notice. Answers the device cookie.
   */
  const signedIn = async (
    request: FastifyRequest,
    email: string,
    recognition: Recognition,
    timeZone: string | null,
  ): Promise<string | undefined> => {
    const { userId } = recognition;
    if (!userId) return undefined;
    const deviceId = recognition.deviceId ?? knownDevices.newDeviceId();
    const firstBrowser = !(await knownDevices.hasAny(userId));
    const userAgent = request.headers['user-agent']?.slice(0, 512) ?? null;
    await knownDevices.remember(userId, deviceId, { userAgent, timeZone });
    if (!recognition.known && !firstBrowser) {
      const account = await protection.accountById(userId);
      if (account) {
        const { browser, os } = describeDevice(userAgent);
        notices.newDevice(account, {
          browser,
          os,
          at: clock(),
          timeZone: await knownDevices.usualTimeZone(userId, deviceId),
          notMeUrl: `${publicUrl}/api/auth/not-me?token=${await protection.notMeToken(userId)}`,
        });
      }
    }
    return knownDevices.cookieFor(request.headers.cookie, email, deviceId);
  };

  /** The emails of turning two-factor sign-in on or off (new recovery codes send none). */
  const twoFactorChanged = async (change: {
    userId: string;
    kind: 'enabled' | 'disabled' | 'renewed';
  }) => {
    if (change.kind === 'enabled') await twoFactor.markEnabled(change.userId, clock());
    if (change.kind === 'renewed') return;
    const account = await protection.accountById(change.userId);
    if (account) notices.twoFactorChanged(account, change.kind === 'enabled', clock());
  };
  const { memo } = sessionsOf(auth);
  // The database announces every session that ends, whoever ended it: every instance forgets
  // it at once.
  const stopListening = await listenForSessionEnds(database, {
    ended: (key) => memo.forget(key),
    missed: () => memo.clear(),
  });
  app.addHook('onClose', () => stopListening());

  /** The caller's own session may have changed (signed out, renamed): verify it afresh. */
  const forgetOwnSession = async (request: FastifyRequest) => {
    const cookie = await sessionCookieOf(auth, request);
    if (cookie.kind === 'one') memo.forget(sessionKey(tokenOfCookieValue(cookie.value)));
  };

  // Settings, Security: whether two-factor sign-in is on (docs/PRODUCT.md §3.19).
  app.get(
    '/api/me/two-factor',
    { config: { access: 'user' } },
    async (request, reply): Promise<TwoFactorStatus> => {
      const { user } = await requireSession(auth, request);
      reply.header('cache-control', 'no-store');
      return twoFactor.status(user.id);
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // better-auth checks the session of each of its routes itself.
    config: { access: 'public' },
    handler: async (request, reply) => {
      // The path as better-auth will route it (the normal-path check already refused any
      // other spelling; this keeps the two readings one even if that check changes).
      const path = new URL(request.url, publicUrl).pathname;
      // better-auth reads its own cookie name only; a request that also carries another
      // variant is refused, as on every other route (only a new sign-in or sign-up may pass,
      // so that a user with a stray cookie can get a session again).
      if (
        !sessionCreating.has(path) &&
        (await sessionCookieOf(auth, request)).kind === 'ambiguous'
      ) {
        throw sessionRefused(request);
      }
      let body = request.body;
      let signIn: SignInAttempt | undefined;
      let invitation: { release(): Promise<void> } | undefined;
      let passwordChange:
        | { userId: string; attempt: Awaited<ReturnType<PasswordConfirmations['attempt']>> }
        | undefined;
      let newName: { userId: string; name: string } | undefined;
      /** Whose account this browser stays known for if the request succeeds (and its id). */
      let deviceFor: { email: string; deviceId?: string } | undefined;
      /** A sign-in that completes if the request succeeds (unless a code is still asked). */
      let completes:
        | { email: string; recognition: Recognition; timeZone: string | null }
        | undefined;
      /** Two-factor sign-in is turned on, off, or its codes renewed, if the request succeeds. */
      let twoFactorChange: { userId: string; kind: 'enabled' | 'disabled' | 'renewed' } | undefined;
      let claimedCode: { release(): Promise<void> } | undefined;
      let emailCode: { spend(): Promise<void> } | undefined;
      if (request.method === 'POST' && path === '/api/auth/update-user') {
        const input = parseInput(updateUserSchema, body);
        body = input;
        const session = await currentSession(auth, request);
        if (session && input.name !== undefined) {
          newName = { userId: session.user.id, name: input.name };
        }
      } else if (request.method === 'POST' && path === '/api/auth/change-password') {
        // docs/PRODUCT.md §3.19: a new password signs every other device out and revokes the
        // user's API keys.
        body = { ...parseInput(changePasswordSchema, body), revokeOtherSessions: true };
        const session = await currentSession(auth, request);
        if (session) {
          const attempt = await passwordConfirmations.attempt(session.user.id);
          passwordChange = { userId: session.user.id, attempt };
          const { email } = session.user;
          const known = await knownDevices.recognise(request.headers.cookie, email);
          deviceFor = { email, deviceId: known.deviceId };
        }
      } else if (request.method === 'POST' && path === '/api/auth/request-password-reset') {
        body = parseInput(requestPasswordResetSchema, body);
      } else if (request.method === 'POST' && path === '/api/auth/reset-password') {
        body = parseInput(resetPasswordSchema, body);
      } else if (request.method === 'POST' && path === '/api/auth/sign-up/email') {
        const { invitationCode, ...input } = parseInput(signUpSchema, body);
        body = input;
        await authLimits.signUp(input.email, request.ip);
        if (input.plan === 'alpha') invitation = await claimInvitation(invitationCode, input.email);
        deviceFor = { email: input.email };
      } else if (request.method === 'POST' && path === '/api/auth/sign-in/email') {
        const input = parseInput(signInSchema, body);
        const { timeZone: _zone, emailCode: _code, ...rest } = body as Record<string, unknown>;
        body = { ...rest, email: input.email };
        const recognition = await knownDevices.recognise(request.headers.cookie, input.email);
        // docs/PRODUCT.md §5: past the ceiling, a new browser may sign in with a code emailed
        // to the address instead of waiting.
        let passed = recognition.known;
        if (input.emailCode !== undefined) {
          const check = await protection.checkCode(recognition.userId, input.emailCode);
          if (!check.right) throw wrongEmailCode();
          emailCode = check;
          passed = true;
        }
        signIn = await authLimits.signIn(input.email, request.ip, { knownDevice: passed });
        completes = { email: input.email, recognition, timeZone: timeZoneOf(input.timeZone) };
      } else if (request.method === 'POST' && path === '/api/auth/two-factor/enable') {
        const session = await requireSession(auth, request);
        const input = parseInput(enableTwoFactorSchema, body);
        body = { password: input.password, method: 'totp' };
        const attempt = await passwordConfirmations.attempt(session.user.id);
        passwordChange = { userId: session.user.id, attempt };
      } else if (
        request.method === 'POST' &&
        (path === '/api/auth/two-factor/verify-totp' ||
          path === '/api/auth/two-factor/verify-backup-code')
      ) {
        const recovery = path.endsWith('backup-code');
        const { code, timeZone } = parseInput(
          recovery ? recoveryCodeSchema : authenticatorCodeSchema,
          body,
        );
        body = { code };
        const session = await currentSession(auth, request);
        const userId = session?.user.id ?? (await twoFactor.pendingUser(request.headers.cookie));
        if (!recovery && userId) claimedCode = await twoFactor.claimCode(userId, code);
        if (session) {
          if (recovery) throw new AppError(400, 'already_signed_in', 'You are signed in already.');
          if (await twoFactor.setupPending(session.user.id)) {
            twoFactorChange = { userId: session.user.id, kind: 'enabled' };
          }
        } else if (userId) {
          // The second step of a sign-in: it completes here.
          const account = await protection.accountById(userId);
          if (account) {
            completes = {
              email: account.email,
              recognition: await knownDevices.recognise(request.headers.cookie, account.email),
              timeZone: timeZoneOf(timeZone),
            };
          }
        }
      } else if (
        request.method === 'POST' &&
        (path === '/api/auth/two-factor/disable' ||
          path === '/api/auth/two-factor/generate-backup-codes')
      ) {
        // Settings, Security: the password and a code (docs/PRODUCT.md §3.19).
        const session = await requireSession(auth, request);
        const input = parseInput(confirmTwoFactorSchema, body);
        await passwordConfirmations.confirm(auth, session.user.id, input.password);
        await twoFactor.confirm(request, session.user.id, input.code);
        body = { password: input.password };
        twoFactorChange = {
          userId: session.user.id,
          kind: path.endsWith('disable') ? 'disabled' : 'renewed',
        };
      } else if (path.startsWith('/api/auth/two-factor/')) {
        // The plugin's other paths (codes by email or SMS, the secret again) are not used.
        throw notFound();
      }

      let response: Response;
      try {
        response = await auth.handler(toAuthRequest(request, publicUrl, body));
      } catch (error) {
        await signIn?.settle(500);
        await invitation?.release();
        throw error;
      }
      if (!response.ok) await invitation?.release();
      // better-auth turns some database failures into its own 500, or a 422 "failed to
      // create user", without the cause: ask the database, so an outage is a 503 the client
      // may retry and not an internal error or a refusal.
      const suspect = response.status >= 500 || response.status === 422;
      if (suspect && (await databaseIsDown())) throw databaseUnavailable();
      await signIn?.settle(response.status);
      if (!response.ok) await claimedCode?.release();
      if (response.ok) await emailCode?.spend();
      if (newName && response.ok) await onUserRenamed(newName.userId, newName.name);
      if (request.method === 'POST') await forgetOwnSession(request);
      if (response.ok && twoFactorChange) await twoFactorChanged(twoFactorChange);
      // docs/PRODUCT.md §5: a browser that signed in is known to this account for a year. A
      // password alone does not sign in an account that asks for a code.
      let deviceCookie: string | undefined;
      if (response.ok && completes && !(await asksForCode(response))) {
        deviceCookie = await signedIn(
          request,
          completes.email,
          completes.recognition,
          completes.timeZone,
        );
      } else if (response.ok && deviceFor) {
        deviceCookie = await knownDevices.cookieFor(
          request.headers.cookie,
          deviceFor.email,
          deviceFor.deviceId,
        );
      }
      const extraCookies = deviceCookie ? [deviceCookie] : [];
      if (passwordChange) {
        await passwordChange.attempt.settle(response.ok);
        if (response.ok && path === '/api/auth/change-password') {
          await onPasswordChanged(passwordChange.userId);
        }
      }
      try {
        return await sendAuthResponse(reply, response, extraCookies);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // better-auth's INVALID_PASSWORD: the password, shown under its field.
        if (passwordChange && error.code === 'invalid_password') {
          throw wrongPassword(
            path === '/api/auth/change-password' ? 'currentPassword' : 'password',
          );
        }
        throw twoFactorRefusal(error) ?? error;
      }
    },
  });
};

/**
 * The plugin's refusals of a code, in words for the sign-in page and Settings: a wrong code is
 * a 400 under its field (a 401 would read as a session that ended), a lapsed second step asks
 * for the password again.
 */
function twoFactorRefusal(error: AppError): AppError | undefined {
  switch (error.code) {
    case 'invalid_code':
      return wrongCode();
    case 'invalid_backup_code':
      return new AppError(400, 'invalid_code', 'That recovery code is not right, or was used.', {
        code: 'That recovery code is not right, or was used.',
      });
    case 'invalid_two_factor_cookie':
      return new AppError(
        401,
        'sign_in_expired',
        'This sign-in has expired. Enter your email and password again.',
      );
    case 'too_many_attempts_request_new_code':
      return new AppError(
        429,
        'too_many_codes',
        'Too many wrong codes. Enter your email and password again.',
      );
    case 'account_temporarily_locked':
      return new AppError(
        429,
        'too_many_codes',
        'Too many wrong codes for this account. Try again in 15 minutes.',
      );
    case 'totp_already_enabled':
      return new AppError(409, 'already_enabled', 'Two-factor sign-in is already on.');
    case 'two_factor_not_enabled':
    case 'totp_not_enabled':
    case 'backup_codes_not_enabled':
      return new AppError(409, 'not_enabled', 'Two-factor sign-in is not on for this account.');
    default:
      return undefined;
  }
}

/** Whether better-auth answered a right password with "now the code" (no session yet). */
async function asksForCode(response: Response): Promise<boolean> {
  if (!response.headers.get('content-type')?.includes('json')) return false;
  const body = (await response.clone().json()) as { twoFactorRedirect?: unknown } | null;
  return body?.twoFactorRedirect === true;
}

function wrongEmailCode(): AppError {
  const message = 'That code is not right, or it has expired. Ask for a new one.';
  return new AppError(400, 'invalid_code', message, { emailCode: message });
}

function toAuthRequest(request: FastifyRequest, publicUrl: string, body: unknown): Request {
  const headers = toHeaders(request);
  headers.set('x-forwarded-for', request.ip);
  headers.delete('content-length');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  return new Request(new URL(request.url, publicUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}
