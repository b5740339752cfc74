import type { WrittenSummary } from '@tickerwise/shared';
import { and, eq, lte, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { researchSummaries } from '../../../db/schema/index.ts';

/** Which summary: "Why it moved" of a symbol's New York day, or a filing's by accession. */
export interface SummaryKey {
  kind: 'why_it_moved' | 'filing';
  symbol: string;
  /** The New York day (YYYY-MM-DD), or the filing's accession number. */
  subject: string;
}

/** A written outcome as stored: the summary and its sources, or why there is none. */
export type StoredOutcome =
  | { status: 'ready'; summary: WrittenSummary; sources: unknown }
  | { status: 'refused' | 'no_sources'; message: string; sources: unknown };

/** What the store holds for a key now. */
type StoredState = { state: 'kept'; outcome: StoredOutcome } | { state: 'writing' } | null;

const matching = (key: SummaryKey) =>
  and(
    eq(researchSummaries.kind, key.kind),
    eq(researchSummaries.symbol, key.symbol),
    eq(researchSummaries.subject, key.subject),
  );

/**
 * The `research_summaries` table (ADR 81): one row per summary for every instance. A claim is
 * one statement (insert, or take over a row whose `expires_at` has passed: an abandoned claim
 * or an outcome no longer served), so of any number of requests on any number of instances
 * exactly one writes; completing or releasing a claim touches the row only while it is still
 * that claim.
 */
export class SummaryStore {
  constructor(private readonly db: Db) {}

  /** The kept outcome, `writing` while a claim runs, or null (none, or expired). */
  async read(key: SummaryKey, now: Date): Promise<StoredState> {
    const [row] = await this.db
      .select({
        status: researchSummaries.status,
        summary: researchSummaries.summary,
        sources: researchSummaries.sources,
        message: researchSummaries.message,
        expiresAt: researchSummaries.expiresAt,
      })
      .from(researchSummaries)
      .where(matching(key))
      .limit(1);
    if (!row || row.expiresAt <= now) return null;
    if (row.status === 'writing') return { state: 'writing' };
    if (row.status === 'ready') {
      if (!row.summary) return null;
      return {
        state: 'kept',
        outcome: { status: 'ready', summary: row.summary, sources: row.sources },
      };
    }
    return {
      state: 'kept',
      outcome: { status: row.status, message: row.message ?? '', sources: row.sources },
    };
  }

  /**
   * Claims the writing of `key` until `until`: true for exactly one caller while the row is
   * absent or expired, whatever the number of instances asking at once.
   */
  async claim(key: SummaryKey, claimId: string, now: Date, until: Date): Promise<boolean> {
    const claimed = await this.db
      .insert(researchSummaries)
      .values({ ...key, status: 'writing', claimId, createdAt: now, expiresAt: until })
      .onConflictDoUpdate({
        target: [researchSummaries.kind, researchSummaries.symbol, researchSummaries.subject],
        set: {
          status: 'writing',
          claimId,
          summary: null,
          sources: null,
          message: null,
          model: null,
          createdAt: now,
          expiresAt: until,
        },
        setWhere: lte(researchSummaries.expiresAt, now),
      })
      .returning({ claimId: researchSummaries.claimId });
    return claimed[0]?.claimId === claimId;
  }

  /**
   * Replaces the claim with its outcome, served until `until`; false when the claim was taken
   * over meanwhile (this writing ran past its claim), and the row is left to the new claim.
   */
  async complete(
    key: SummaryKey,
    claimId: string,
    outcome: StoredOutcome,
    model: string | null,
    until: Date,
  ): Promise<boolean> {
    const done = await this.db
      .update(researchSummaries)
      .set({
        status: outcome.status,
        summary: outcome.status === 'ready' ? outcome.summary : null,
        sources: outcome.sources,
        message: outcome.status === 'ready' ? null : outcome.message,
        model,
        expiresAt: until,
      })
      .where(and(matching(key), eq(researchSummaries.claimId, claimId)))
      .returning({ claimId: researchSummaries.claimId });
    return done.length > 0;
  }

  /** Gives a claim up (nothing to keep): the next request claims the key afresh. */
  async release(key: SummaryKey, claimId: string): Promise<void> {
    await this.db
      .delete(researchSummaries)
      .where(
        and(
          matching(key),
          eq(researchSummaries.claimId, claimId),
          eq(researchSummaries.status, 'writing'),
        ),
      );
  }

  /** Forgets a kept outcome (not a claim under way), so the next request writes it again. */
  async forget(key: SummaryKey): Promise<void> {
    await this.db
      .delete(researchSummaries)
      .where(and(matching(key), ne(researchSummaries.status, 'writing')));
  }

  /**
   * Forgets every row no longer served (an outcome past its time, a claim long abandoned):
   * nothing reads them again, a new claim would replace them. Returns how many.
   */
  async forgetExpired(now: Date): Promise<number> {
    const forgotten = await this.db
      .delete(researchSummaries)
      .where(lte(researchSummaries.expiresAt, now))
      .returning({ kind: researchSummaries.kind });
    return forgotten.length;
  }
}
