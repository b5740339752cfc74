import type { SymbolSearchQuery, SymbolSearchResponse } from '@tickerwise/shared';
import type { MarketProvider } from '../adapters/market-provider.ts';
import type { CallBudget } from '../upstream/call-budget.ts';
import type { MarketLog } from '../upstream/market-log.ts';
import type { Security, SymbolDirectory } from './directory.ts';

export { type Security, SymbolDirectory } from './directory.ts';

import { listedSymbol, listedSymbols } from '../reference/universe.ts';
import { aliasesOf } from './aliases.ts';
import { popularity } from './popularity.ts';
import { normaliseText, type SearchHints, SearchIndex } from './search-index.ts';

export interface SymbolSearchOptions {
  directory: SymbolDirectory;
  /** The market provider; its `search` (Finnhub) completes what the list lacks. */
  provider: MarketProvider;
  budget: CallBudget;
  log: MarketLog;
  now?: () => number;
  upstreamTimeoutMs?: number;
}

/** Finnhub's answer for a query is kept this long, and this many queries at most. */
const remoteTtlMs = 24 * 3_600_000;
const remoteCacheSize = 2_000;
/** Whole answers are kept a minute: people type the same few letters over and over. */
const answerTtlMs = 60_000;
const answerCacheSize = 5_000;

interface RemoteEntry {
  at: number;
  results?: Security[];
  pending?: Promise<Security[]>;
}

/** The aliases and popularity of a security of the reference list; none for another. */
export function searchHints(item: { symbol: string }): SearchHints {
  const listed = listedSymbol(item.symbol);
  return listed ? { aliases: aliasesOf(listed), popularity: popularity(listed.symbol) } : {};
}

/**
 * Symbol search: the reference list answers from memory; with Finnhub, its `/search` adds US
 * symbols the list lacks, once per query a day (cached, shared by concurrent requests, within
 * the provider's call budget; when the budget is spent the list's answer stands alone).
 */
export class SymbolSearch {
  private readonly index = new SearchIndex<Security>(
    listedSymbols.map((listed) => ({
      symbol: listed.symbol,
      name: listed.name,
      type: listed.type,
      exchange: listed.exchange,
      sector: listed.sector,
      industry: listed.industry,
      origin: 'reference' as const,
    })),
    searchHints,
  );
  private readonly remote = new Map<string, RemoteEntry>();
  private readonly answers = new Map<string, { at: number; answer: SymbolSearchResponse }>();
  private readonly now: () => number;

  constructor(private readonly options: SymbolSearchOptions) {
    this.now = options.now ?? Date.now;
  }

  async search(query: SymbolSearchQuery): Promise<SymbolSearchResponse> {
    const key = `${query.limit}|${query.q}`;
    const known = this.answers.get(key);
    if (known && this.now() - known.at < answerTtlMs) return known.answer;
    const answer = await this.answer(query);
    this.answers.delete(key);
    this.answers.set(key, { at: this.now(), answer });
    if (this.answers.size > answerCacheSize) this.answers.delete(this.answers.keys().next().value!);
    return answer;
  }

  private async answer({ q, limit }: SymbolSearchQuery): Promise<SymbolSearchResponse> {
    if (q === '') return { query: q, results: [] };
    const local = this.index.search(q, limit);
    if (local.length >= limit || !this.options.provider.search) {
      return { query: q, results: local };
    }
    const remote = await this.remoteSearch(q);
    const seen = new Set(local.map((item) => item.symbol));
    const extra = new SearchIndex(remote.filter((item) => !seen.has(item.symbol)));
    // Finnhub matches descriptions loosely; rank its finds by our rules, then its order.
    const ranked = extra.search(q, limit);
    const rest = remote.filter(
      (item) => !seen.has(item.symbol) && !ranked.some((match) => match.symbol === item.symbol),
    );
    return { query: q, results: [...local, ...ranked, ...rest].slice(0, limit) };
  }

  private async remoteSearch(query: string): Promise<Security[]> {
    const key = normaliseText(query);
    const now = this.now();
    const cached = this.remote.get(key);
    if (cached?.pending) return cached.pending;
    if (cached?.results && now - cached.at < remoteTtlMs) return cached.results;
    const { provider, budget, directory, log, upstreamTimeoutMs = 3_000 } = this.options;
    // Set before the budget answers, so that the same search meanwhile waits for this one.
    const pending = budget
      .tryTake()
      .then(async (taken) => {
        if (!taken) return undefined;
        return directory.remember(
          await provider.search!(query, AbortSignal.timeout(upstreamTimeoutMs)),
        );
      })
      .then(
        (results) => {
          if (results === undefined) {
            // No call: what was known before, and the next search may try again.
            if (cached?.results) this.remote.set(key, cached);
            else this.remote.delete(key);
            return cached?.results ?? [];
          }
          this.remote.set(key, { at: now, results });
          return results;
        },
        (error: unknown) => {
          log.warn({ err: error }, 'symbol search at the provider failed; answering from the list');
          if (cached?.results) this.remote.set(key, cached);
          else this.remote.delete(key);
          return cached?.results ?? [];
        },
      );
    this.remote.set(key, { at: now, pending });
    if (this.remote.size > remoteCacheSize) this.remote.delete(this.remote.keys().next().value!);
    return pending;
  }
}
