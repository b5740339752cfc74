import { UpstreamError } from '../../upstream/upstream.ts';
import { upstreamGetter } from '../../upstream/upstream-get.ts';

function finnhubFailure(status: number): UpstreamError {
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
  return upstreamGetter({
    baseUrl,
    headers: { 'x-finnhub-token': apiKey },
    label: (path) => `Finnhub ${path}`,
    failureOf: finnhubFailure,
  });
}
