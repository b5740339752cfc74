import { signInSchema, signUpSchema } from '@tickerwise/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { AttemptLimiter } from './attempt-limiter.ts';
import type { Auth } from './auth.ts';
import { sessionCookieOf, sessionRefused, sessionsOf, toHeaders } from './guard.ts';
import { tokenOfCookieValue } from './session-cookie.ts';
import { sessionKey } from './session-memo.ts';

const sessionRevokedChannel = 'auth_session_revoked';

/** The auth paths that make a new session whatever cookies the request carries. */
const sessionCreating = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email']);

/** Per email: failed sign-ins, and sign-up attempts, in 15 minutes. */
export const perEmailLimit = { window: 15 * 60, max: 10 } as const;

const messages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'An account with this email already exists. Sign in instead.',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters',
  INVALID_EMAIL: 'Please enter a valid email address',
};

export function waitMessage(seconds: number): string {
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many attempts. Please wait ${wait} and try again.`;
}

function tooManyAttempts(seconds: number): AppError {
  return new AppError(429, 'rate_limited', waitMessage(seconds), undefined, {
    'retry-after': String(seconds),
  });
}

function toSnakeCase(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

/**
 * Mounts better-auth at `/api/auth/*`. Around it: the shared zod schemas validate sign-up and
 * sign-in, per-email limits add to better-auth's per-IP ones, the client address is the one
 * Fastify decided (never a client-sent header), and errors take the app's one shape.
 */
export const authRoutes: FastifyPluginAsync<{
  auth: Auth;
  database: Database;
  publicUrl: string;
}> = async (app, { auth, database, publicUrl }) => {
  const limiter = new AttemptLimiter(database.db, perEmailLimit);
  const { memo } = sessionsOf(auth);
  // A sign-out on any instance ends the session on every instance at once.
  const unlisten = await database.listen(sessionRevokedChannel, (key) => memo.forget(key));
  app.addHook('onClose', () => unlisten());

  const forgetSession = async (request: FastifyRequest, path: string) => {
    const cookie = await sessionCookieOf(auth, request);
    if (cookie.kind !== 'one') return;
    const key = sessionKey(tokenOfCookieValue(cookie.value));
    memo.forget(key);
    if (/\/(sign-out|revoke-)/.test(path)) {
      await database.notify(sessionRevokedChannel, key).catch(() => {});
    }
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
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
      let signInKey: string | undefined;
      if (request.method === 'POST' && path === '/api/auth/sign-up/email') {
        const input = parseInput(signUpSchema, body);
        body = input;
        const key = `sign-up:${input.email.toLowerCase()}`;
        const wait = await limiter.retryAfter(key);
        if (wait > 0) throw tooManyAttempts(wait);
        await limiter.record(key);
      } else if (request.method === 'POST' && path === '/api/auth/sign-in/email') {
        const input = parseInput(signInSchema, body);
        body = { ...(body as object), email: input.email };
        signInKey = `sign-in:${input.email.toLowerCase()}`;
        const wait = await limiter.retryAfter(signInKey);
        if (wait > 0) throw tooManyAttempts(wait);
      }

      const response = await auth.handler(toAuthRequest(request, publicUrl, body));
      if (request.method === 'POST') await forgetSession(request, path);

      if (signInKey) {
        if (response.status === 401) await limiter.record(signInKey);
        else if (response.ok) await limiter.reset(signInKey);
      }
      return sendAuthResponse(reply, response);
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

async function sendAuthResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const location = response.headers.get('location');
  if (location) reply.header('location', location);
  reply.header('cache-control', 'no-store');
  const text = await response.text();

  if (response.status < 400) {
    reply.status(response.status);
    if (!text) return reply.send();
    return reply.type(response.headers.get('content-type') ?? 'application/json').send(text);
  }

  let parsed: { code?: string; message?: string } = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    // not JSON: fall back to the status
  }
  if (response.status === 429) {
    const seconds = Number(response.headers.get('x-retry-after') ?? 60);
    throw tooManyAttempts(Number.isFinite(seconds) && seconds > 0 ? seconds : 60);
  }
  const code = parsed.code ?? '';
  const message =
    messages[code] ??
    parsed.message ??
    (response.status === 401 ? 'Invalid email or password' : '');
  throw new AppError(
    response.status >= 500 ? 500 : response.status,
    code ? toSnakeCase(code) : 'auth_failed',
    message || 'Something went wrong. Please try again.',
  );
}
