import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/errors.ts';
import type { Auth } from './auth.ts';
import { SessionMemo, sessionKey, sessionTokenOf } from './session-memo.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser | null;
  }
}

const memos = new WeakMap<Auth, SessionMemo<SessionUser>>();

/** The per-app memo of verified sessions (see SessionMemo for what it trades). */
export function sessionMemoOf(auth: Auth): SessionMemo<SessionUser> {
  let memo = memos.get(auth);
  if (!memo) {
    memo = new SessionMemo();
    memos.set(auth, memo);
  }
  return memo;
}

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

/** The signed-in user of a request (from its session cookie), or null. Cached per request. */
export async function currentUser(
  auth: Auth,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  const token = sessionTokenOf(request.headers.cookie);
  if (!token) {
    request.sessionUser = null;
    return null;
  }
  const memo = sessionMemoOf(auth);
  const key = sessionKey(token);
  const remembered = memo.get(key);
  if (remembered) {
    request.sessionUser = remembered;
    return remembered;
  }
  const session = await auth.api.getSession({ headers: toHeaders(request) });
  if (!session) {
    request.sessionUser = null;
    return null;
  }
  const user: SessionUser = {
    id: session.user.id,
    name: session.user.name,
    email: session.user.email,
    role: (session.user as { role?: string }).role ?? 'user',
  };
  memo.set(key, user, new Date(session.session.expiresAt).getTime());
  request.sessionUser = user;
  return user;
}

/** The signed-in user, or a 401 for the client to send the visitor to /login. */
export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const user = await currentUser(auth, request);
  if (!user) throw unauthorized();
  return user;
}
