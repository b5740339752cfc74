import type { SecurityType, SymbolMatch } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { discoveredSymbols } from '../../db/schema/index.ts';
import type { ProviderSymbolMatch } from '../adapters/market-provider.ts';
import { listedSymbol } from '../reference/universe.ts';

/** A security a detail page can show: from the reference list, or found by Finnhub's search. */
export type Security = SymbolMatch;

/** How long "not a symbol we know" is remembered before the database is asked again. */
const unknownForMs = 60_000;

/**
 * The securities the app serves: the reference list, plus US symbols Finnhub's search found
 * (kept in `discovered_symbols`, so every instance knows them). A symbol in neither never
 * reaches a provider.
 */
export class SymbolDirectory {
  private readonly discovered = new Map<string, Security>();
  private readonly unknownUntil = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async find(symbol: string): Promise<Security | undefined> {
    const listed = listedSymbol(symbol);
    if (listed) {
      return {
        symbol: listed.symbol,
        name: listed.name,
        type: listed.type,
        exchange: listed.exchange,
        sector: listed.sector,
        industry: listed.industry,
        origin: 'reference',
      };
    }
    const known = this.discovered.get(symbol);
    if (known) return known;
    if ((this.unknownUntil.get(symbol) ?? 0) > this.now()) return undefined;
    const [row] = await this.db
      .select()
      .from(discoveredSymbols)
      .where(eq(discoveredSymbols.symbol, symbol))
      .limit(1);
    if (!row) {
      if (this.unknownUntil.size > 10_000) this.unknownUntil.clear();
      this.unknownUntil.set(symbol, this.now() + unknownForMs);
      return undefined;
    }
    const security = discoveredSecurity(row.symbol, row.name, row.type as SecurityType);
    this.discovered.set(symbol, security);
    return security;
  }

  /** Remembers what a provider's search found outside the reference list. */
  async remember(matches: readonly ProviderSymbolMatch[]): Promise<Security[]> {
    const fresh = matches.filter((match) => !listedSymbol(match.symbol));
    if (fresh.length > 0) {
      await this.db
        .insert(discoveredSymbols)
        .values(fresh.map(({ symbol, name, type }) => ({ symbol, name, type })))
        .onConflictDoNothing({ target: discoveredSymbols.symbol });
    }
    return fresh.map((match) => {
      const security = discoveredSecurity(match.symbol, match.name, match.type);
      this.discovered.set(match.symbol, security);
      this.unknownUntil.delete(match.symbol);
      return security;
    });
  }
}

function discoveredSecurity(symbol: string, name: string, type: SecurityType): Security {
  return { symbol, name, type, exchange: null, sector: null, industry: null, origin: 'finnhub' };
}
