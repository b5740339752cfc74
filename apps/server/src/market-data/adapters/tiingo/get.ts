import type { z } from 'zod';
import { UpstreamError } from '../../upstream/upstream.ts';

/** Tiingo writes share classes with a hyphen (BRK-B) where we write a dot (BRK.B). */
export function tiingoTicker(symbol: string): string {
  return symbol.replace('.', '-').toLowerCase();
}

/**
 * One GET of Tiingo's REST API, its JSON read through `schema`: every failure (time-out,
 * network, 429 or an allowance used up, 5xx, a refused key, an unknown ticker, an unknown
 * shape) is an UpstreamError.
 */
export function tiingoGetter({ apiKey, baseUrl }: { apiKey: string; baseUrl: string }) {
  return async function get<T extends z.ZodType>(
    path: string,
    query: Record<string, string>,
    schema: T,
    signal: AbortSignal,
  ): Promise<z.infer<T>> {
    const url = new URL(`${baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    let response: Response;
    try {
      // The key travels in the Authorization header, never in a URL that logs keep.
      response = await fetch(url, {
        headers: { authorization: `Token ${apiKey}`, accept: 'application/json' },
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new UpstreamError('timeout', 'Tiingo timed out');
      throw new UpstreamError('network', `Tiingo unreachable: ${(error as Error).message}`);
    }
    const body = await response.text();
    if (response.status === 429) {
      throw new UpstreamError('rate_limited', 'Tiingo rate limit reached');
    }
    if (response.status === 404) throw new UpstreamError('not_found', `Tiingo has no ${path}`);
    if (response.status === 401 || response.status === 403) {
      throw new UpstreamError('rejected', `Tiingo refused the API key (${response.status})`);
    }
    if (response.status >= 500) {
      throw new UpstreamError('server_error', `Tiingo answered ${response.status}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      // Over an allowance (hourly, or the monthly symbol count), Tiingo answers plain text.
      if (/run over|limit|allocation/i.test(body)) {
        throw new UpstreamError('rate_limited', 'Tiingo allowance used up');
      }
      throw new UpstreamError('bad_response', `Tiingo answered ${response.status} without JSON`);
    }
    if (!response.ok) throw new UpstreamError('bad_response', `Tiingo answered ${response.status}`);
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new UpstreamError('bad_response', 'Tiingo answered an unknown shape');
    return parsed.data;
  };
}
