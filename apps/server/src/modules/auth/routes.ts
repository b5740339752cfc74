import {
  changePasswordSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  updateUserSchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError, databaseUnavailable, parseInput } from '../../http/errors.ts';
import type { Auth } from './auth.ts';
import { type AuthLimitSettings, AuthLimits, type SignInAttempt } from './auth-limits.ts';
import { sendAuthResponse } from './auth-response.ts';
import { currentSession, sessionCookieOf, sessionRefused, sessionsOf, toHeaders } from './guard.ts';
import { KnownDevices } from './known-device.ts';
import { type PasswordConfirmations, wrongPassword } from './password-confirmation.ts';
import { tokenOfCookieValue } from './session-cookie.ts';
import { listenForSessionEnds } from './session-ends.ts';
import { sessionKey } from './session-memo.ts';

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
  },
) => {
  const authLimits = new AuthLimits(database.db, limits, clock);
  const secure = new URL(publicUrl).protocol === 'https:';
  const knownDevices = new KnownDevices(database.db, secret, clock, secure);
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
      /** Whose account this browser becomes known for if the request succeeds. */
      let deviceFor: string | undefined;
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
        }
        deviceFor = session?.user.email;
      } else if (request.method === 'POST' && path === '/api/auth/request-password-reset') {
        body = parseInput(requestPasswordResetSchema, body);
      } else if (request.method === 'POST' && path === '/api/auth/reset-password') {
        body = parseInput(resetPasswordSchema, body);
      } else if (request.method === 'POST' && path === '/api/auth/sign-up/email') {
        const { invitationCode, ...input } = parseInput(signUpSchema, body);
        body = input;
        await authLimits.signUp(input.email, request.ip);
        if (input.plan === 'alpha') invitation = await claimInvitation(invitationCode, input.email);
        deviceFor = input.email;
      } else if (request.method === 'POST' && path === '/api/auth/sign-in/email') {
        const input = parseInput(signInSchema, body);
        body = { ...(body as object), email: input.email };
        const knownDevice = await knownDevices.recognises(request.headers.cookie, input.email);
        signIn = await authLimits.signIn(input.email, request.ip, { knownDevice });
        deviceFor = input.email;
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
      if (newName && response.ok) await onUserRenamed(newName.userId, newName.name);
      if (request.method === 'POST') await forgetOwnSession(request);
      // docs/PRODUCT.md §5: a browser that signed in is known to this account for a year.
      const deviceCookie =
        response.ok && deviceFor
          ? await knownDevices.cookieFor(request.headers.cookie, deviceFor)
          : undefined;
      const extraCookies = deviceCookie ? [deviceCookie] : [];
      if (!passwordChange) return sendAuthResponse(reply, response, extraCookies);
      await passwordChange.attempt.settle(response.ok);
      if (response.ok) await onPasswordChanged(passwordChange.userId);
      try {
        return await sendAuthResponse(reply, response, extraCookies);
      } catch (error) {
        // better-auth's INVALID_PASSWORD: the current password, shown under its field.
        if (error instanceof AppError && error.code === 'invalid_password') {
          throw wrongPassword('currentPassword');
        }
        throw error;
      }
    },
  });
};

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
