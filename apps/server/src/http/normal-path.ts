import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** Characters that are never percent-encoded in a normal path: unreserved ones (RFC 3986). */
const unreserved = /^[A-Za-z0-9\-._~]$/;

/**
 * The paths nearly every request has: non-empty segments of unreserved characters and
 * sub-delimiters, none `.` or `..`, nothing percent-encoded. Normal without decoding anything.
 */
const plainPath = /^(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9\-._~!$&'()*+,;=:@]+)+$/;

/**
 * True when `path` (raw, without its query) is in normal form: no empty, `.` or `..` segment
 * however it is spelled (`%2e%2e`), no backslash, no encoded `/` or `\`, no needlessly encoded
 * character, no control character, and valid percent-encoding. A URL parser (better-auth's,
 * a proxy's) would read any other spelling as a different path than our router did.
 */
export function isNormalPath(path: string): boolean {
  if (plainPath.test(path)) return true;
  if (!path.startsWith('/') || path.includes('\\')) return false;
  for (const segment of path.slice(1).split('/')) {
    if (segment === '') return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (decoded === '.' || decoded === '..') return false;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
    if (/[\u0000-\u001f\u007f]/.test(decoded)) return false;
    for (const [, hex] of segment.matchAll(/%([0-9A-Fa-f]{2})/g)) {
      const character = String.fromCharCode(Number.parseInt(hex as string, 16));
      if (unreserved.test(character) || character === '/' || character === '\\') return false;
    }
  }
  return true;
}

export const badPath = () => new AppError(400, 'bad_path', 'This address is not valid.');

/** Refuses every `/api` request whose path is not in normal form, before any handler runs. */
export function registerNormalPathCheck(app: FastifyInstance): void {
  // A callback hook: an async one costs every request a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    done(
      (path === '/api' || path.startsWith('/api/')) && !isNormalPath(path) ? badPath() : undefined,
    );
  });
}
