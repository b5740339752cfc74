import { AppError } from '../../http/errors.ts';

/** A call to the language model under way; `end` frees its place (more than once is fine). */
export interface ModelCall {
  end(): void;
}

export interface ModelCallLimits {
  /** Calls running at once on this server, for everyone together. */
  concurrentCalls: number;
  /** Calls one user's requests may have running at once on this server. */
  concurrentCallsPerUser: number;
}

export interface ModelCallGateOptions extends ModelCallLimits {
  /**
   * Counts one model call of the user's day (the `modelCalls` quota), never given back;
   * throws 429 `model_calls_exceeded` when the day's are used up.
   */
  countCall(member: { id: string }): Promise<unknown>;
}

/** Seconds a refused caller is asked to wait: a call takes seconds, rarely more. */
const retryAfterSeconds = 5;

/**
 * The one door to the language model (docs/PRODUCT.md §7.4): every call a user's request
 * starts (a written analysis, an answer) is counted against the user's model calls of the
 * day when it starts, whether it then succeeds, fails or times out, and a failure that gives
 * the AI credit back does not give the call back. At most `concurrentCallsPerUser` of a user's
 * calls and `concurrentCalls` in all run at once on this server; past either, 429.
 */
export class ModelCallGate {
  private readonly running = new Map<string, number>();
  private total = 0;

  constructor(private readonly options: ModelCallGateOptions) {}

  /** Calls running now on this server, of one user or of everyone. */
  inFlight(userId?: string): number {
    return userId === undefined ? this.total : (this.running.get(userId) ?? 0);
  }

  /**
   * Takes a place for one call of `member`'s and counts it. The place is taken before the
   * first await, so requests arriving together cannot all pass the check. Throws 429
   * `too_many_model_calls` (the user's), `model_busy` (the server's) or `model_calls_exceeded`
   * (the day's).
   */
  async begin(member: { id: string }): Promise<ModelCall> {
    const { concurrentCalls, concurrentCallsPerUser } = this.options;
    const own = this.running.get(member.id) ?? 0;
    if (own >= concurrentCallsPerUser) throw tooManyOfYours(concurrentCallsPerUser);
    if (this.total >= concurrentCalls) throw serverBusy(concurrentCalls);
    this.running.set(member.id, own + 1);
    this.total += 1;
    let ended = false;
    const call: ModelCall = {
      end: () => {
        if (ended) return;
        ended = true;
        this.total -= 1;
        const left = (this.running.get(member.id) ?? 1) - 1;
        if (left > 0) this.running.set(member.id, left);
        else this.running.delete(member.id);
      },
    };
    try {
      await this.options.countCall(member);
    } catch (error) {
      call.end();
      throw error;
    }
    return call;
  }
}

function tooManyOfYours(limit: number): AppError {
  return new AppError(
    429,
    'too_many_model_calls',
    `You have ${limit} ${limit === 1 ? 'answer' : 'answers'} of the language model being written at once, the most one account may have. Wait for one to finish, then try again.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

function serverBusy(limit: number): AppError {
  return new AppError(
    429,
    'model_busy',
    `The language model is writing ${limit} answers at once, the most this server allows. Please try again in a few seconds.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}
