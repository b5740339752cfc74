import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/errors.ts';
import type { Auth } from './auth.ts';

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

function toHeaders(request: FastifyRequest): Headers {
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
  const session = await auth.api.getSession({ headers: toHeaders(request) });
  request.sessionUser = session
    ? {
        id: session.user.id,
        name: session.user.name,
        email: session.user.email,
        role: (session.user as { role?: string }).role ?? 'user',
      }
    : null;
  return request.sessionUser;
}

/** The signed-in user, or a 401 for the client to send the visitor to /login. */
export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  const user = await currentUser(auth, request);
  if (!user) throw unauthorized();
  return user;
}

export { toHeaders };
