/** What a request's `Cookie` header says about its session. */
export type SessionCookie =
  | { kind: 'none' }
  /** Exactly one session cookie, under the name better-auth reads; `value` is URL-decoded. */
  | { kind: 'one'; value: string }
  /**
   * More than one variant of the session cookie (`x`, `__Secure-x`, `__Host-x`, or one name
   * twice): another site or a network attacker can plant a cookie beside ours, and which one a
   * reader takes depends on its order. Such a request has no session.
   */
  | { kind: 'ambiguous'; strayNames: string[] };

const prefix = /^__(secure|host)-/i;

/** The name without its `__Secure-` / `__Host-` prefix. */
export function baseCookieName(name: string): string {
  return name.replace(prefix, '');
}

function decode(value: string): string {
  const unquoted = value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return unquoted;
  }
}

/**
 * Reads the session cookie named `name` (better-auth's own name, from its context) the way
 * better-auth does, and notices every other variant of it in the header.
 */
export function readSessionCookie(header: string | undefined, name: string): SessionCookie {
  if (!header) return { kind: 'none' };
  const base = baseCookieName(name);
  const found: { name: string; value: string }[] = [];
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1) continue;
    const cookieName = pair.slice(0, equals).trim();
    if (baseCookieName(cookieName) !== base) continue;
    found.push({ name: cookieName, value: pair.slice(equals + 1).trim() });
  }
  if (found.length > 1) {
    return {
      kind: 'ambiguous',
      strayNames: [...new Set(found.map((cookie) => cookie.name))].filter((n) => n !== name),
    };
  }
  const [cookie] = found;
  if (!cookie || cookie.name !== name || !cookie.value) return { kind: 'none' };
  return { kind: 'one', value: decode(cookie.value) };
}

/**
 * The session token inside a signed cookie value (`<token>.<signature>`). Only a token that
 * better-auth has verified may be trusted; this is for finding it again.
 */
export function tokenOfCookieValue(value: string): string {
  const dot = value.lastIndexOf('.');
  return dot > 0 ? value.slice(0, dot) : value;
}

/**
 * `Set-Cookie` lines that delete the stray variants a refused request carried. Ours is always
 * `Path=/` and host-only, so deleting its name at any other path never touches it; a planted
 * cookie usually sits at a deeper path so that browsers send it first.
 */
export function strayCookieDeletions(name: string, strayNames: string[]): string[] {
  const expire = (cookieName: string, path: string) => {
    const secure = /^__(secure|host)-/i.test(cookieName) ? '; Secure' : '';
    return `${cookieName}=; Max-Age=0; Path=${path}; HttpOnly; SameSite=Lax${secure}`;
  };
  const deeperPaths = ['/api', '/api/auth'];
  return [
    ...strayNames.flatMap((stray) => ['/', ...deeperPaths].map((path) => expire(stray, path))),
    ...deeperPaths.map((path) => expire(name, path)),
  ];
}
