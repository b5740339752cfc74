import type { FastifyReply } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { tooManyAttempts } from '../../limits/too-many-attempts.ts';

const messages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'An account with this email already exists. Sign in instead.',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters',
  INVALID_EMAIL: 'Please enter a valid email address',
};

function toSnakeCase(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

/**
 * better-auth puts the session token in the JSON of sign-up, sign-in, get-session and
 * list-sessions. The httpOnly cookie is the only place it belongs: anything that can read a
 * response body (a script injected into the page, a logging proxy) must not get it.
 */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, item]) => [key, withoutTokens(item)]),
  );
}

/**
 * Passes better-auth's answer on: its cookies as they are (with `extraCookies` of our own),
 * its errors in the app's shape.
 */
export async function sendAuthResponse(
  reply: FastifyReply,
  response: Response,
  extraCookies: string[] = [],
): Promise<FastifyReply> {
  const cookies = [...response.headers.getSetCookie(), ...extraCookies];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const location = response.headers.get('location');
  if (location) reply.header('location', location);
  reply.header('cache-control', 'no-store');
  const text = await response.text();

  if (response.status < 400) {
    reply.status(response.status);
    if (!text) return reply.send();
    const type = response.headers.get('content-type') ?? 'application/json';
    if (!type.includes('json')) return reply.type(type).send(text);
    return reply.type(type).send(JSON.stringify(withoutTokens(JSON.parse(text))));
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
