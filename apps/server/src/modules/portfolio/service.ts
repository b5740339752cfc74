import type {
  HoldingsResponse,
  ImportPreview,
  ImportProgress,
  ImportResult,
  ParsedImportRequest,
  PerformanceRange,
  PerformanceResponse,
  Portfolio,
  PortfolioExample,
  PortfolioList,
  PortfolioSummary,
  RecentTransaction,
  Transaction,
  TransactionInput,
  TransactionPage,
  TransactionPageQuery,
} from '@tickerwise/shared';
import { entitlementsFor } from '@tickerwise/shared';
import type { Db } from '../../db/client.ts';
import { tierOf } from '../profiles/service.ts';
import { portfolioExample } from './example.ts';
import { holdingsCsv, transactionsCsv } from './exports.ts';
import { holdingsOf, performanceOf, summaryOf } from './figures.ts';
import { ImportProgressBoard } from './import-progress.ts';
import { importFile, previewImport } from './imports.ts';
import { LedgerCache } from './ledger-cache.ts';
import type { MarketPrices } from './market-prices.ts';
import { PerformanceAnswers } from './performance-answers.ts';
import {
  createPortfolio,
  deletePortfolio,
  ensurePracticePortfolio,
  listPortfolios,
  type PortfolioRoom,
  renamePortfolio,
  requirePortfolio,
  resetPracticePortfolio,
  sharePortfolio,
} from './portfolios.ts';
import {
  addTransaction,
  deleteTransaction,
  recentTransactions,
  transactionPage,
  updateTransaction,
} from './transactions.ts';

export interface PortfolioServiceOptions {
  db: Db;
  /** The plan's limit on portfolios (the entitlements service). */
  room: PortfolioRoom;
  market: MarketPrices;
}

/**
 * Portfolios and their ledgers: every read and write is scoped to the signed-in user and their
 * team (`reachPortfolio`; another user's portfolio is not found), every write keeps the ledger
 * standing, and figures come from the ledger at market prices.
 */
export class PortfolioService {
  private readonly db: Db;
  private readonly room: PortfolioRoom;
  private readonly market: MarketPrices;
  private readonly ledgers: LedgerCache;
  private readonly answers = new PerformanceAnswers();
  private readonly progress = new ImportProgressBoard();

  constructor(options: PortfolioServiceOptions) {
    this.db = options.db;
    this.room = options.room;
    this.market = options.market;
    this.ledgers = new LedgerCache(options.db);
  }

  list(userId: string): Promise<PortfolioList> {
    return listPortfolios(this.db, userId);
  }

  get(userId: string, portfolioId: string): Promise<Portfolio> {
    return requirePortfolio(this.db, userId, portfolioId);
  }

  create(userId: string, name: string): Promise<Portfolio> {
    return createPortfolio(this.db, this.room, userId, name);
  }

  /** The user's practice portfolio, created with its practice cash on first use. */
  practice(userId: string): Promise<Portfolio> {
    return ensurePracticePortfolio(this.db, userId, this.market.today());
  }

  /** The practice portfolio back to its practice cash alone. */
  resetPractice(userId: string, portfolioId: string): Promise<Portfolio> {
    return resetPracticePortfolio(this.db, userId, portfolioId, this.market.today());
  }

  rename(userId: string, portfolioId: string, name: string): Promise<Portfolio> {
    return renamePortfolio(this.db, userId, portfolioId, name);
  }

  remove(actor: { id: string; name: string }, portfolioId: string, at: Date): Promise<void> {
    return deletePortfolio(this.db, actor, portfolioId, at);
  }

  /** Into the user's team, or back out (`shared: false`), by the portfolio's maker. */
  share(
    actor: { id: string; name: string },
    portfolioId: string,
    shared: boolean,
    at: Date,
  ): Promise<Portfolio> {
    return sharePortfolio(this.db, this.room, actor, portfolioId, shared, at);
  }

  transactions(
    userId: string,
    portfolioId: string,
    query: TransactionPageQuery,
  ): Promise<TransactionPage> {
    return transactionPage(this.db, userId, portfolioId, query);
  }

  addTransaction(
    userId: string,
    portfolioId: string,
    input: TransactionInput,
  ): Promise<Transaction> {
    return addTransaction(this.db, this.room, this.market.unknown, userId, portfolioId, input);
  }

  updateTransaction(
    userId: string,
    portfolioId: string,
    transactionId: string,
    input: TransactionInput,
  ): Promise<Transaction> {
    return updateTransaction(
      this.db,
      this.market.unknown,
      userId,
      portfolioId,
      transactionId,
      input,
    );
  }

  deleteTransaction(userId: string, portfolioId: string, transactionId: string): Promise<void> {
    return deleteTransaction(this.db, userId, portfolioId, transactionId);
  }

  /** The latest transactions of all the user's portfolios (recent activity). */
  recent(userId: string, limit: number): Promise<RecentTransaction[]> {
    return recentTransactions(this.db, userId, limit);
  }

  previewImport(
    userId: string,
    portfolioId: string,
    request: ParsedImportRequest,
  ): Promise<ImportPreview> {
    const progress = this.progress.start(userId, portfolioId);
    return previewImport(
      this.db,
      this.market.unknown,
      userId,
      portfolioId,
      request,
      progress,
    ).finally(() => progress.finish());
  }

  importFile(
    userId: string,
    portfolioId: string,
    request: ParsedImportRequest,
  ): Promise<ImportResult> {
    const progress = this.progress.start(userId, portfolioId);
    return importFile(
      this.db,
      this.room,
      this.market.unknown,
      userId,
      portfolioId,
      request,
      progress,
    ).finally(() => progress.finish());
  }

  /** How far the user's running import (or preview) into the portfolio has come. */
  importProgress(userId: string, portfolioId: string): ImportProgress | null {
    return this.progress.of(userId, portfolioId);
  }

  async transactionsCsv(userId: string, portfolioId: string): Promise<string> {
    await requirePortfolio(this.db, userId, portfolioId);
    return transactionsCsv(this.db, portfolioId);
  }

  async holdingsCsv(userId: string, portfolioId: string): Promise<string> {
    return holdingsCsv(await this.holdings(userId, portfolioId));
  }

  /** The public page's worked example, at the latest prices the Free plan sees. */
  example(): Promise<PortfolioExample> {
    return portfolioExample(this.market);
  }

  async holdings(userId: string, portfolioId: string): Promise<HoldingsResponse> {
    return holdingsOf(this.ledgers, await this.marketFor(userId), userId, portfolioId);
  }

  /**
   * One portfolio's performance, or every real portfolio of the user's added up (`null`; the
   * practice portfolio is never in it).
   */
  async performance(
    userId: string,
    portfolioId: string | null,
    range: PerformanceRange,
  ): Promise<PerformanceResponse> {
    const market = await this.marketFor(userId);
    return performanceOf(this.ledgers, market, this.answers, userId, portfolioId, range);
  }

  /**
   * The symbols the user's real portfolios hold shares of now (the practice portfolio never
   * counts): what a community post may show as held.
   */
  async heldSymbols(userId: string): Promise<Set<string>> {
    const held = new Set<string>();
    for (const ledger of await this.ledgers.ledgers(userId)) {
      for (const position of (await ledger.replayed()).positions.values()) {
        if (position.quantity > 0n) held.add(position.symbol);
      }
    }
    return held;
  }

  async summary(userId: string): Promise<PortfolioSummary> {
    return summaryOf(this.ledgers, await this.marketFor(userId), userId);
  }

  /** Market data as the user's plan sees it: real-time, or delayed (docs/PRODUCT.md §7.5). */
  private async marketFor(userId: string): Promise<MarketPrices> {
    return this.market.for(entitlementsFor(await tierOf(this.db, userId)).marketData);
  }
}
