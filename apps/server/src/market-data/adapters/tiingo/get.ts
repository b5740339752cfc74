import { UpstreamError } from '../../upstream/upstream.ts';
import { upstreamGetter } from '../../upstream/upstream-get.ts';

/** Tiingo writes share classes with a hyphen (BRK-B) where we write a dot (BRK.B). */
export function tiingoTicker(symbol: string): string {
  return symbol.replace('.', '-').toLowerCase();
}

function tiingoFailure(status: number, path: string): UpstreamError | undefined {
  if (status === 429) return new UpstreamError('rate_limited', 'Tiingo rate limit reached');
  if (status === 404) return new UpstreamError('not_found', `Tiingo has no ${path}`);
  if (status === 401 || status === 403) {
    return new UpstreamError('rejected', `Tiingo refused the API key (${status})`);
  }
  if (status >= 500) return new UpstreamError('server_error', `Tiingo answered ${status}`);
  return undefined;
}

function tiingoNotJson(body: string, status: number): UpstreamError {
  // Over an allowance (hourly, or the monthly symbol count), Tiingo answers plain text, with
  // any status (a 200 among them).
  if (/run over|limit|allocation/i.test(body)) {
    return new UpstreamError('rate_limited', 'Tiingo allowance used up');
  }
  return new UpstreamError('bad_response', `Tiingo answered ${status} without JSON`);
}

/**
 * One GET of Tiingo's REST API, its JSON read through `schema`: every failure (time-out,
 * network, 429 or an allowance used up, 5xx, a refused key, an unknown ticker, an unknown
 * shape) is an UpstreamError.
 */
export function tiingoGetter({ apiKey, baseUrl }: { apiKey: string; baseUrl: string }) {
  return upstreamGetter({
    baseUrl,
    headers: { authorization: `Token ${apiKey}` },
    label: () => 'Tiingo',
    failureOf: tiingoFailure,
    notJson: tiingoNotJson,
  });
}
