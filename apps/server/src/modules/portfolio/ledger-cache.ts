import type { Portfolio, PortfolioKind } from '@tickerwise/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolios } from '../../db/schema/index.ts';
import { replaySteps } from './domain/holdings.ts';
import { type LedgerEntry, type LedgerReplay, sortLedgerSteps } from './domain/ledger.ts';
import { runInSlices } from './domain/steps.ts';
import { ledgerEntries } from './ledger-store.ts';
import { reachPortfolio, shareOf } from './portfolio-access.ts';

/** Transactions kept in memory across all cached ledgers (about 30 MB). */
const keptEntries = 100_000;

export interface OwnedLedger {
  portfolio: Portfolio;
  version: number;
  /** In ledger order. */
  entries: readonly LedgerEntry[];
  /** The ledger replayed to its end (kept with the ledger; read it, never change it). */
  replayed(): Promise<LedgerReplay>;
}

interface Kept {
  version: number;
  entries: readonly LedgerEntry[];
  replay?: Promise<LedgerReplay>;
}

const owned = {
  id: portfolios.id,
  name: portfolios.name,
  kind: portfolios.kind,
  createdAt: portfolios.createdAt,
  version: portfolios.ledgerVersion,
};
type OwnedRow = {
  id: string;
  name: string;
  kind: PortfolioKind;
  createdAt: Date;
  version: number;
};

/**
 * Ledgers read for figures, kept per portfolio and ledger version: every write raises the
 * version in its own transaction, so a ledger read again is only ever the same ledger. Each
 * read still asks the database for the version (and who owns the portfolio), so every
 * instance sees every change at once.
 */
export class LedgerCache {
  private readonly kept = new Map<string, Kept>();
  private size = 0;

  constructor(private readonly db: Db) {}

  /**
   * The ledger of a portfolio the user may read (theirs, or their team's); 404 when it is not
   * or does not exist.
   */
  async ledger(userId: string, portfolioId: string): Promise<OwnedLedger> {
    const { row, membership } = await reachPortfolio(this.db, userId, portfolioId, 'read');
    return this.withEntries(
      {
        id: row.id,
        name: row.name,
        kind: row.kind,
        createdAt: row.createdAt,
        version: row.ledgerVersion,
      },
      shareOf(row, membership, userId),
    );
  }

  /**
   * Every real personal ledger of the user, oldest portfolio first: what figures across
   * portfolios add up (the practice portfolio and the team's are never among them).
   */
  async ledgers(userId: string): Promise<OwnedLedger[]> {
    const rows = await this.db
      .select(owned)
      .from(portfolios)
      .where(
        and(eq(portfolios.userId, userId), isNull(portfolios.teamId), eq(portfolios.kind, 'real')),
      )
      .orderBy(portfolios.createdAt);
    return Promise.all(rows.map((row) => this.withEntries(row, null)));
  }

  private async withEntries(row: OwnedRow, shared: Portfolio['shared']): Promise<OwnedLedger> {
    const kept = await this.entries(row.id, row.version);
    const { entries } = kept;
    return {
      replayed: () => {
        // Replayed in slices: a large ledger does not hold up other requests.
        kept.replay ??= runInSlices(replaySteps(entries));
        return kept.replay;
      },
      portfolio: {
        id: row.id,
        name: row.name,
        kind: row.kind,
        createdAt: row.createdAt.toISOString(),
        transactionCount: entries.length,
        shared,
      },
      version: row.version,
      entries,
    };
  }

  private async entries(portfolioId: string, version: number): Promise<Kept> {
    const cached = this.kept.get(portfolioId);
    if (cached?.version === version) {
      // Most recently used last: the first key is the one to drop.
      this.kept.delete(portfolioId);
      this.kept.set(portfolioId, cached);
      return cached;
    }
    // Kept in ledger order: every figure replays it in that order.
    const entries = await runInSlices(sortLedgerSteps(await ledgerEntries(this.db, portfolioId)));
    const kept: Kept = { version, entries };
    this.forget(portfolioId);
    if (entries.length <= keptEntries) {
      this.kept.set(portfolioId, kept);
      this.size += entries.length;
      while (this.size > keptEntries) {
        this.forget(this.kept.keys().next().value as string);
      }
    }
    return kept;
  }

  private forget(portfolioId: string): void {
    const cached = this.kept.get(portfolioId);
    if (!cached) return;
    this.size -= cached.entries.length;
    this.kept.delete(portfolioId);
  }
}
