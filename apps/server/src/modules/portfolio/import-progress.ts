import type { ImportProgress, ImportStage } from '@tickerwise/shared';

/** Reports how far one import (or preview) has come; `finish` when it ends, however it ends. */
export interface ProgressReport {
  stage(stage: ImportStage, total: number): void;
  done(done: number): void;
  finish(): void;
}

/**
 * The imports and previews running on this server instance, by user and portfolio, so the
 * import dialog can ask how far its own has come while its request is still being answered.
 * In memory: an instance answers for the imports it runs (the dialog asks the instance that
 * runs them as long as requests of one session reach one instance; otherwise it shows no bar).
 */
export class ImportProgressBoard {
  private readonly running = new Map<string, ImportProgress>();

  start(userId: string, portfolioId: string): ProgressReport {
    const key = `${userId}|${portfolioId}`;
    const progress: ImportProgress = { stage: 'reading', done: 0, total: 0 };
    this.running.set(key, progress);
    return {
      stage(stage, total) {
        progress.stage = stage;
        progress.total = total;
        progress.done = 0;
      },
      done(done) {
        progress.done = Math.min(done, progress.total);
      },
      finish: () => {
        if (this.running.get(key) === progress) this.running.delete(key);
      },
    };
  }

  /** The user's running import into the portfolio, or null. */
  of(userId: string, portfolioId: string): ImportProgress | null {
    const progress = this.running.get(`${userId}|${portfolioId}`);
    return progress ? { ...progress } : null;
  }
}
