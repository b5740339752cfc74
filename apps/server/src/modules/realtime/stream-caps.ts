import type { Limits } from '../../config.ts';
import { AppError } from '../../http/errors.ts';

export type StreamLimitSettings = Pick<Limits, 'eventStreamsPerUser' | 'eventStreamsPerAddress'>;

const tooManyStreams = () =>
  new AppError(
    429,
    'too_many_streams',
    'Too many live connections are open. Close a few tabs and try again.',
    undefined,
    { 'retry-after': '30' },
  );

/** Counts this instance's open streams per user and per client address, within their caps. */
export class StreamCaps {
  private readonly byUser = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly limits: StreamLimitSettings) {}

  /** Takes a place for a new stream, or throws a 429; returns the function that gives it back. */
  take(userId: string, address: string): () => void {
    if ((this.byUser.get(userId) ?? 0) >= this.limits.eventStreamsPerUser) throw tooManyStreams();
    if ((this.byAddress.get(address) ?? 0) >= this.limits.eventStreamsPerAddress) {
      throw tooManyStreams();
    }
    add(this.byUser, userId, 1);
    add(this.byAddress, address, 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      add(this.byUser, userId, -1);
      add(this.byAddress, address, -1);
    };
  }
}

function add(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
