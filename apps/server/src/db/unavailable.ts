import { DatabaseUnavailableError } from './client.ts';

/**
 * SQLSTATE classes and codes that mean "the database cannot be reached or is going away",
 * as opposed to a query the database refused: 08 connection exceptions, 57P01-57P03
 * administrator/crash shutdown and "cannot connect now" (starting or stopping), 53300 too
 * many connections, and 3D000 when the configured database itself is gone.
 */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);

/** Socket-level failures between the server and PostgreSQL. */
const unavailableSystemCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * What node-postgres and PGlite say when a connection is lost, cannot be made in time, or the
 * embedded database was closed. They throw plain Errors for these, without a code.
 */
const unavailableMessages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection timeout/i,
  /client has encountered a connection error and is not queryable/i,
  /client was closed and is not queryable/i,
  /cannot use a pool after calling end on the pool/i,
  /^PGlite is clos(ed|ing)$/,
];

function isUnavailableItself(error: object): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (unavailableSystemCodes.has(code) || unavailableSqlStates.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return (
    typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))
  );
}

/**
 * True when an error, or any error it wraps (`cause`, the errors of an AggregateError), says
 * the database is unreachable: the request did not fail on its own merits and may be retried
 * once the database is back. Drizzle, better-auth and pg-pool each wrap the original error.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false;
  // An HTTP call to another service (market data, payments) that could not connect carries
  // the same socket codes: that is not the database.
  if ((error as { message?: unknown }).message === 'fetch failed') return false;
  if (isUnavailableItself(error)) return true;
  if (isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1)) return true;
  const inner = (error as { errors?: unknown }).errors;
  return Array.isArray(inner) && inner.some((item) => isDatabaseUnavailable(item, depth + 1));
}
