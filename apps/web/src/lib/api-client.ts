import { type ApiErrorFields, readApiError } from '@tickerwise/shared';

/** A failed API call, carrying the server's `{ error: { code, message } }`. */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** Seconds to wait, from `Retry-After` on a 429 or a 503. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called whenever an API call answers 401: the session has ended (expired or revoked). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

type DatabaseUnavailableListener = () => void;
const databaseUnavailableListeners = new Set<DatabaseUnavailableListener>();

/**
 * Called whenever an API call answers 503 `database_unavailable`: the server is up but cannot
 * reach its database (down or restarting), so whatever screen is open cannot load or save.
 */
export function onDatabaseUnavailable(listener: DatabaseUnavailableListener): () => void {
  databaseUnavailableListeners.add(listener);
  return () => databaseUnavailableListeners.delete(listener);
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 here is an expected answer (e.g. a wrong password), not an ended session. */
  expectUnauthorized?: boolean;
  /** The sign-out itself: the one request sent while the session ends. */
  endsSession?: boolean;
}

let sessionEnding = false;

/**
 * docs/PRODUCT.md §5: from the moment the user signs out until the tab has forgotten them,
 * nothing more is asked in the ending session's name (a badge's refetch would only meet a
 * 401): such a request fails at once, without reaching the server or the 401 listeners.
 */
export async function whileSessionEnds<T>(work: () => Promise<T>): Promise<T> {
  sessionEnding = true;
  try {
    return await work();
  } finally {
    sessionEnding = false;
  }
}

/** The one way the web app calls `/api`: JSON in and out, errors as `ApiRequestError`. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
  if (sessionEnding && !options.endsSession) {
    throw new ApiRequestError(401, 'signed_out', 'You signed out.');
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(
      0,
      'network_error',
      'Cannot reach Tickerwise. Check your connection and try again.',
    );
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (response.ok) return data as T;

  if (response.status === 401 && !options.expectUnauthorized) {
    for (const listener of unauthorizedListeners) listener();
  }
  const error: ApiErrorFields = readApiError(data) ?? {
    code: `http_${response.status}`,
    message: 'Something went wrong. Please try again.',
  };
  if (response.status === 503 && error.code === 'database_unavailable') {
    for (const listener of databaseUnavailableListeners) listener();
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new ApiRequestError(
    response.status,
    error.code,
    error.message,
    error.fields,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
