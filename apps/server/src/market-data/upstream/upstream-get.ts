import type { z } from 'zod';
import { UpstreamError } from './upstream.ts';

/** What one provider's REST API says on the wire beyond HTTP and JSON. */
interface ProviderWire {
  baseUrl: string;
  /** Sent with every call, the key among them: never in a URL, which proxies and logs keep. */
  headers: Record<string, string>;
  /** How errors name a call to `path`. */
  label: (path: string) => string;
  /**
   * The error a non-2xx status means to this provider, or undefined when its body should be
   * read first (it may say more, as Tiingo's plain-text allowance notes do).
   */
  failureOf: (status: number, path: string) => UpstreamError | undefined;
  /** The error a body that is not JSON means; without it, an unknown shape. */
  notJson?: (body: string, status: number) => UpstreamError;
}

/**
 * `get(path, query, schema, signal)` on one provider's REST API: its JSON read through
 * `schema`, every failure (time-out, network, a status the provider gives a meaning, a body
 * that is not JSON, another non-2xx status, an unknown shape) an UpstreamError.
 */
export function upstreamGetter(wire: ProviderWire) {
  return async function get<T extends z.ZodType>(
    path: string,
    query: Record<string, string>,
    schema: T,
    signal: AbortSignal,
  ): Promise<z.infer<T>> {
    const label = wire.label(path);
    const url = new URL(`${wire.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json', ...wire.headers },
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new UpstreamError('timeout', `${label} timed out`);
      throw new UpstreamError('network', `${label} unreachable: ${(error as Error).message}`);
    }
    const failure = response.ok ? undefined : wire.failureOf(response.status, path);
    if (failure) {
      await response.body?.cancel();
      throw failure;
    }
    const body = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw (
        wire.notJson?.(body, response.status) ??
        new UpstreamError('bad_response', `${label} answered an unknown shape`)
      );
    }
    if (!response.ok) {
      throw new UpstreamError('bad_response', `${label} answered ${response.status}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new UpstreamError('bad_response', `${label} answered an unknown shape`);
    }
    return parsed.data;
  };
}
