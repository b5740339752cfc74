import type { FastifyRequest } from 'fastify';
import { type Clock, systemClock } from '../../clock.ts';
import { unauthorized } from '../../http/errors.ts';
import type { Auth } from './auth.ts';
import {
  readSessionCookie,
  type SessionCookie,
  strayCookieDeletions,
  tokenOfCookieValue,
} from './session-cookie.ts';
import { SessionMemo, sessionKey } from './session-memo.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: string;
}

/** A session better-auth verified, and who it belongs to. */
export interface VerifiedSession {
  user: SessionUser;
  /** `sessionKey` of the token better-auth verified: how its end is announced. */
  key: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

interface RememberedSession extends VerifiedSession {
  /** The exact cookie value better-auth verified (hashed): a memo hit needs the same one. */
  cookieDigest: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    verifiedSession?: VerifiedSession | null;
    /** `Set-Cookie` lines deleting stray session cookie variants the request carried. */
    strayCookieDeletions?: string[];
  }
}

interface Sessions {
  clock: Clock;
  memo: SessionMemo<RememberedSession>;
  /**
   * Lookups under way, by `cookieDigest`: requests with one cookie that arrive while its
   * lookup runs (a page's parallel calls, or every request when its memo entry lapses) wait
   * for that lookup instead of each asking the database.
   */
  lookups: Map<string, { epoch: number; session: Promise<VerifiedSession | null> }>;
  /** better-auth's own session cookie name (`__Secure-` prefixed over https). */
  cookieName: Promise<string>;
  /** The same name once known, for the checks that do not wait (`knownSession`). */
  knownCookieName?: string;
}

const sessionsByAuth = new WeakMap<Auth, Sessions>();

/**
 * After this instance ended sessions with its own SQL: forget what the memo keeps at once.
 * The database announces every ended session to every instance, this one too, but on
 * PostgreSQL the announcement may arrive after the answer, and the very next request must not
 * find an ended session in the memo.
 */
export function forgetEndedSessions(auth: Auth): void {
  sessionsOf(auth).memo.clear();
}

/**
 * The per-app memo of verified sessions (see SessionMemo for what it trades), on the app's
 * clock once `useSessionClock` gave it one.
 */
export function sessionsOf(auth: Auth): Sessions {
  let sessions = sessionsByAuth.get(auth);
  if (!sessions) {
    const holder: Sessions = {
      clock: systemClock,
      memo: new SessionMemo(10_000, 50_000, () => holder.clock().getTime()),
      lookups: new Map(),
      cookieName: auth.$context.then((context) => {
        holder.knownCookieName = context.authCookies.sessionToken.name;
        return holder.knownCookieName;
      }),
    };
    sessions = holder;
    sessionsByAuth.set(auth, sessions);
  }
  return sessions;
}

/** Puts the session checks of `auth` (memo, "last active", stream expiry) on the app's clock. */
export function useSessionClock(auth: Auth, clock: Clock): void {
  sessionsOf(auth).clock = clock;
}

/** What time it is for the sessions of `auth`. */
export function sessionClockOf(auth: Auth): Clock {
  return sessionsOf(auth).clock;
}

/** The request's session cookie, read exactly as better-auth reads it. */
export async function sessionCookieOf(auth: Auth, request: FastifyRequest): Promise<SessionCookie> {
  const name = await sessionsOf(auth).cookieName;
  const cookie = readSessionCookie(request.headers.cookie, name);
  if (cookie.kind === 'ambiguous') {
    request.strayCookieDeletions = strayCookieDeletions(name, cookie.strayNames);
  }
  return cookie;
}

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

/** How stale a session's "last active" time may get before a request refreshes it. */
const activityEveryMs = 5 * 60_000;

/**
 * Keeps the session's `updated_at` within a few minutes of its last request: Settings shows it
 * as "last active" (better-auth itself writes it only when it renews the session, once a day).
 * The time is a hint for the user; the request does not depend on writing it.
 */
async function noteActivity(auth: Auth, token: string, lastWritten: number): Promise<void> {
  const now = sessionClockOf(auth)();
  if (now.getTime() - lastWritten < activityEveryMs) return;
  const context = await auth.$context;
  await context.internalAdapter.updateSession(token, { updatedAt: now }).catch(() => {});
}

/**
 * The last memo hit of a keep-alive connection: the exact `Cookie` header it came with, and the
 * memo entry it matched. A browser sends the same header on every request of a page, so the
 * next one on that connection is known by comparing the header and finding that very entry
 * still in the memo, without reading the cookie or hashing it again. Anything else (another
 * header, the session forgotten or looked up again, the entry lapsed) takes the full check.
 * Kept with the connection and gone with it; a connection shared by several visitors (a proxy's)
 * just misses.
 */
interface ConnectionSession {
  sessions: Sessions;
  header: string;
  entry: RememberedSession;
  verified: VerifiedSession;
}

const connectionSessions = new WeakMap<object, ConnectionSession>();

/** The session the memo holds for exactly this cookie value, if any. */
function rememberedSession(
  sessions: Sessions,
  request: FastifyRequest,
  cookieValue: string,
): VerifiedSession | undefined {
  const key = sessionKey(tokenOfCookieValue(cookieValue));
  const remembered = sessions.memo.get(key);
  if (!remembered || remembered.cookieDigest !== sessionKey(cookieValue)) return undefined;
  const verified = { user: remembered.user, key, expiresAt: remembered.expiresAt };
  const header = request.headers.cookie;
  // A request always has its socket while it is handled; the check keeps a WeakMap from ever
  // being handed something that is not an object.
  const socket: object | null | undefined = request.raw.socket;
  if (header !== undefined && socket) {
    connectionSessions.set(socket, { sessions, header, entry: remembered, verified });
  }
  return verified;
}

/** The session of the connection's last memo hit, when this request repeats its header. */
function connectionSession(
  sessions: Sessions,
  request: FastifyRequest,
): VerifiedSession | undefined {
  const socket: object | null | undefined = request.raw.socket;
  const last = socket ? connectionSessions.get(socket) : undefined;
  if (!last || last.sessions !== sessions || last.header !== request.headers.cookie) {
    return undefined;
  }
  const remembered = sessions.memo.get(last.verified.key);
  return remembered === last.entry ? last.verified : undefined;
}

async function verify(auth: Auth, request: FastifyRequest): Promise<VerifiedSession | null> {
  const cookie = await sessionCookieOf(auth, request);
  if (cookie.kind !== 'one') return null;
  const sessions = sessionsOf(auth);
  const { memo, lookups } = sessions;
  const remembered = rememberedSession(sessions, request, cookie.value);
  if (remembered) return remembered;
  const token = tokenOfCookieValue(cookie.value);
  const key = sessionKey(token);
  const cookieDigest = sessionKey(cookie.value);
  // A lookup begun before a session ended (forgotten since) is not joined.
  const epoch = memo.epoch();
  const running = lookups.get(cookieDigest);
  if (running && running.epoch === epoch) return running.session;
  const lookup = {
    epoch,
    session: lookUp(auth, request, { token, key, cookieDigest, epoch }).finally(() => {
      if (lookups.get(cookieDigest) === lookup) lookups.delete(cookieDigest);
    }),
  };
  lookups.set(cookieDigest, lookup);
  return lookup.session;
}

/** Asks better-auth about the session cookie; remembers the session it verified. */
async function lookUp(
  auth: Auth,
  request: FastifyRequest,
  {
    token,
    key,
    cookieDigest,
    epoch,
  }: { token: string; key: string; cookieDigest: string; epoch: number },
): Promise<VerifiedSession | null> {
  const session = await auth.api.getSession({ headers: toHeaders(request) });
  // Remembered only under the token better-auth verified, and only when that is the cookie
  // read above: anything else means the two readings differ, and the request has no session.
  if (!session || session.session.token !== token) return null;
  const verified: VerifiedSession = {
    user: {
      id: session.user.id,
      name: session.user.name,
      email: session.user.email,
      role: (session.user as { role?: string }).role ?? 'user',
    },
    key,
    expiresAt: new Date(session.session.expiresAt).getTime(),
  };
  sessionsOf(auth).memo.set(key, { ...verified, cookieDigest }, verified.expiresAt, epoch);
  await noteActivity(auth, token, new Date(session.session.updatedAt).getTime());
  return verified;
}

/**
 * The request's signed-in session when it is known without waiting: verified earlier in this
 * request, or remembered by the memo under exactly this cookie. Undefined when it must be
 * looked up, and for a request without one session cookie (`currentSession` refuses those, and
 * notes the stray cookies to delete). The same checks as `currentSession`, without a promise:
 * under the async context tracking that better-auth and the background lane switch on, every
 * promise of a request costs, and a signed-in page's polling is nearly all memo hits.
 */
export function knownSession(auth: Auth, request: FastifyRequest): VerifiedSession | undefined {
  if (request.verifiedSession) return request.verifiedSession;
  if (request.verifiedSession === null) return undefined;
  const sessions = sessionsOf(auth);
  if (sessions.knownCookieName === undefined) return undefined;
  const known = connectionSession(sessions, request);
  if (known) {
    request.verifiedSession = known;
    return known;
  }
  const cookie = readSessionCookie(request.headers.cookie, sessions.knownCookieName);
  if (cookie.kind !== 'one') return undefined;
  const remembered = rememberedSession(sessions, request, cookie.value);
  if (remembered) request.verifiedSession = remembered;
  return remembered;
}

/** The signed-in user, at once when `knownSession` knows it, else once looked up (or a 401). */
export function requireUserSoon(
  auth: Auth,
  request: FastifyRequest,
): SessionUser | Promise<SessionUser> {
  return knownSession(auth, request)?.user ?? requireUser(auth, request);
}

/** The verified session of a request, or null. Cached per request. */
export async function currentSession(
  auth: Auth,
  request: FastifyRequest,
): Promise<VerifiedSession | null> {
  if (request.verifiedSession === undefined) {
    request.verifiedSession = await verify(auth, request);
  }
  return request.verifiedSession;
}

/** A 401 that also deletes the stray session cookies the request carried, if any. */
export function sessionRefused(request: FastifyRequest) {
  const deletions = request.strayCookieDeletions;
  return unauthorized(undefined, deletions ? { 'set-cookie': deletions } : undefined);
}

/** The signed-in session, or a 401 for the client to send the visitor to /login. */
export async function requireSession(
  auth: Auth,
  request: FastifyRequest,
): Promise<VerifiedSession> {
  const session = await currentSession(auth, request);
  if (!session) throw sessionRefused(request);
  return session;
}

/** The signed-in user, or a 401 for the client to send the visitor to /login. */
export async function requireUser(auth: Auth, request: FastifyRequest): Promise<SessionUser> {
  return (await requireSession(auth, request)).user;
}
