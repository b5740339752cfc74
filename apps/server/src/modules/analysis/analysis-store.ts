import type { WrittenAnalysis } from '@tickerwise/shared';
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { analyses, analysisOpens } from '../../db/schema/index.ts';

/** What identifies a written analysis: the same key, the same text for everyone. */
export interface AnalysisKey {
  symbol: string;
  dataDate: string;
  factsHash: string;
  /** `built_in`, or `model:<name>`. */
  writer: string;
}

export interface StoredAnalysis {
  status: 'writing' | 'ready';
  analysis: WrittenAnalysis | null;
  fallbackReason: string | null;
  claimedAt: Date;
}

const matching = (key: AnalysisKey) =>
  and(
    eq(analyses.symbol, key.symbol),
    eq(analyses.dataDate, key.dataDate),
    eq(analyses.factsHash, key.factsHash),
    eq(analyses.writer, key.writer),
  );

/** The `analyses` and `analysis_opens` tables. */
export class AnalysisStore {
  constructor(private readonly db: Db) {}

  async find(key: AnalysisKey): Promise<StoredAnalysis | null> {
    const [row] = await this.db
      .select({
        status: analyses.status,
        analysis: analyses.analysis,
        fallbackReason: analyses.fallbackReason,
        claimedAt: analyses.claimedAt,
      })
      .from(analyses)
      .where(matching(key))
      .limit(1);
    return row ?? null;
  }

  /**
   * Claims the writing of an analysis: true for exactly one caller across every instance, by
   * inserting the row (the key is unique) or by taking over a claim made before `staleBefore`
   * whose writer never finished.
   */
  async claim(key: AnalysisKey, now: Date, staleBefore: Date): Promise<boolean> {
    const inserted = await this.db
      .insert(analyses)
      .values({ ...key, status: 'writing', claimedAt: now })
      .onConflictDoNothing()
      .returning({ symbol: analyses.symbol });
    if (inserted.length > 0) return true;
    const takenOver = await this.db
      .update(analyses)
      .set({ claimedAt: now })
      .where(
        and(matching(key), eq(analyses.status, 'writing'), lt(analyses.claimedAt, staleBefore)),
      )
      .returning({ symbol: analyses.symbol });
    return takenOver.length > 0;
  }

  async complete(
    key: AnalysisKey,
    analysis: WrittenAnalysis,
    fallbackReason: string | null,
    now: Date,
  ): Promise<void> {
    await this.db
      .update(analyses)
      .set({ status: 'ready', analysis, fallbackReason, readyAt: now })
      .where(matching(key));
  }

  /**
   * Claims writing again an analysis the built-in writer wrote in place of the model during an
   * outage (a timeout or an error), once it is older than `readyBefore`; true for one caller.
   * Its text stays readable meanwhile.
   */
  async claimRetry(key: AnalysisKey, now: Date, readyBefore: Date): Promise<boolean> {
    const claimed = await this.db
      .update(analyses)
      .set({ status: 'writing', claimedAt: now })
      .where(
        and(
          matching(key),
          eq(analyses.status, 'ready'),
          inArray(analyses.fallbackReason, ['timeout', 'model_error']),
          lt(analyses.readyAt, readyBefore),
        ),
      )
      .returning({ symbol: analyses.symbol });
    return claimed.length > 0;
  }

  /**
   * Gives a claim up (the writing failed): a first writing is forgotten, so the next reader
   * claims it afresh; a retry leaves the earlier text in place.
   */
  async release(key: AnalysisKey, now: Date): Promise<void> {
    const writing = and(matching(key), eq(analyses.status, 'writing'));
    await this.db
      .update(analyses)
      .set({ status: 'ready', readyAt: now })
      .where(and(writing, isNotNull(analyses.analysis)));
    await this.db.delete(analyses).where(writing);
  }

  /** Whether the user opened the symbol's analysis on `day` (YYYY-MM-DD, UTC). */
  async hasOpened(userId: string, symbol: string, day: string): Promise<boolean> {
    const [row] = await this.db
      .select({ day: analysisOpens.day })
      .from(analysisOpens)
      .where(
        and(
          eq(analysisOpens.userId, userId),
          eq(analysisOpens.symbol, symbol),
          eq(analysisOpens.day, day),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Records the day's first open; false when it was recorded already (by a request at once). */
  async recordOpen(userId: string, symbol: string, day: string): Promise<boolean> {
    const inserted = await this.db
      .insert(analysisOpens)
      .values({ userId, symbol, day })
      .onConflictDoNothing()
      .returning({ day: analysisOpens.day });
    return inserted.length > 0;
  }

  /** Forgets an open whose analysis could not be written, so the next one is charged again. */
  async forgetOpen(userId: string, symbol: string, day: string): Promise<void> {
    await this.db
      .delete(analysisOpens)
      .where(
        and(
          eq(analysisOpens.userId, userId),
          eq(analysisOpens.symbol, symbol),
          eq(analysisOpens.day, day),
        ),
      );
  }

  /** Forgets analyses of data dates before `dataDate`, and opens of days before `day`. */
  async forgetBefore(dataDate: string, day: string): Promise<void> {
    await this.db.delete(analyses).where(lt(analyses.dataDate, dataDate));
    await this.db.delete(analysisOpens).where(lt(analysisOpens.day, day));
  }
}
