// What every caller of an outside data provider shares: its call limits, and the one error
// a provider's client throws when it gives no usable answer.

/** At most `calls` upstream calls in any `perMs` window. */
export interface CallLimit {
  calls: number;
  perMs: number;
}

export type UpstreamFailure =
  | 'timeout'
  | 'network'
  | 'rate_limited'
  | 'server_error'
  | 'rejected'
  | 'not_found'
  | 'bad_response';

/** The provider did not give a usable answer; the caller serves the last good value instead. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly failure: UpstreamFailure,
    message: string,
  ) {
    super(message);
  }
}
