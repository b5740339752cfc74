import type { PerformanceResponse } from '@tickerwise/shared';

/** Answers kept, most recently used last (a 1Y answer is about 250 points). */
const keptAnswers = 200;

/**
 * Performance answers kept by what they were computed from: the user, the range, the day, each
 * ledger's version and the stored closes' versions. Any new transaction or new bar makes a new
 * key, so a kept answer is always the one a fresh computation would give.
 */
export class PerformanceAnswers {
  private readonly kept = new Map<string, PerformanceResponse>();

  get(key: string): PerformanceResponse | undefined {
    const answer = this.kept.get(key);
    if (answer) {
      this.kept.delete(key);
      this.kept.set(key, answer);
    }
    return answer;
  }

  set(key: string, answer: PerformanceResponse): void {
    this.kept.set(key, answer);
    if (this.kept.size > keptAnswers) this.kept.delete(this.kept.keys().next().value as string);
  }
}
