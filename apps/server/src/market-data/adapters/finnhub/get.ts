import type { z } from 'zod';
import { UpstreamError } from '../../upstream/upstream.ts';

async function failureOf(response: Response): Promise<UpstreamError> {
  await response.body?.cancel();
  const { status } = response;
  if (status === 429) return new UpstreamError('rate_limited', 'Finnhub rate limit reached');
  if (status >= 500) return new UpstreamError('server_error', `Finnhub answered ${status}`);
  if (status === 401 || status === 403) {
    return new UpstreamError('rejected', `Finnhub refused the call (${status})`);
  }
  return new UpstreamError('bad_response', `Finnhub answered ${status}`);
}

/**
 * One GET of Finnhub's REST API, its JSON read through `schema`: every failure (time-out,
 * network, 429, 5xx, a refused key, an unknown shape) is an UpstreamError.
 */
export function finnhubGetter({ apiKey, baseUrl }: { apiKey: string; baseUrl: string }) {
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
      // The key goes in Finnhub's header rather than the URL, which proxies and logs keep.
      response = await fetch(url, {
        headers: { 'x-finnhub-token': apiKey, accept: 'application/json' },
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new UpstreamError('timeout', `Finnhub ${path} timed out`);
      throw new UpstreamError(
        'network',
        `Finnhub ${path} unreachable: ${(error as Error).message}`,
      );
    }
    if (!response.ok) throw await failureOf(response);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new UpstreamError('bad_response', `Finnhub ${path} answered an unknown shape`);
    }
    return parsed.data;
  };
}
