import type { SecurityType } from '@tickerwise/shared';

export interface Searchable {
  symbol: string;
  name: string;
  type: SecurityType;
}

/** What ranks a security besides its symbol and name. */
export interface SearchHints {
  /** Other names it is searched by (aliases.ts). */
  aliases?: readonly string[];
  /** How widely held it is, in dollars (popularity.ts); 0 when unknown. */
  popularity?: number;
}

/** Lower case, accents removed; letters, digits and "&" kept, everything else a word break. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim();
}

interface Entry<T> {
  item: T;
  symbol: string;
  /** The symbol without its share-class dot (BRKB), so "brkb" finds BRK.B too. */
  compactSymbol: string;
  words: string[];
  name: string;
  aliases: string[];
  popularity: number;
}

/** How well an entry matches: lower is better. */
const exactSymbol = 0;
const symbolPrefix = 1;
const nameOrAlias = 2;

/** What a symbol can be typed as: letters, digits and a share-class separator. */
const symbolLike = /^[A-Za-z0-9]+(?:[.\-/][A-Za-z0-9]*)?$/;

/**
 * An in-memory index over a few thousand securities (docs/PRODUCT.md §3.12). Ranking: the
 * exact symbol, then symbols starting with the query when it can be a symbol (shorter first),
 * then names and aliases matching it (the name or an alias starting with the query, or a word
 * of the name starting with each query word), the most widely held first; ties go
 * alphabetically by symbol.
 */
export class SearchIndex<T extends Searchable> {
  private readonly entries: Entry<T>[] = [];
  private readonly symbols = new Set<string>();

  constructor(
    items: Iterable<T> = [],
    private readonly hintsOf: (item: T) => SearchHints = () => ({}),
  ) {
    for (const item of items) this.add(item);
  }

  add(item: T): void {
    if (this.symbols.has(item.symbol)) return;
    this.symbols.add(item.symbol);
    const name = normaliseText(item.name);
    const hints = this.hintsOf(item);
    this.entries.push({
      item,
      symbol: item.symbol,
      compactSymbol: item.symbol.replace('.', ''),
      words: name.split(' '),
      name,
      aliases: (hints.aliases ?? []).map(normaliseText),
      popularity: hints.popularity ?? 0,
    });
  }

  has(symbol: string): boolean {
    return this.symbols.has(symbol);
  }

  get size(): number {
    return this.entries.length;
  }

  search(query: string, limit: number): T[] {
    const text = normaliseText(query);
    if (text === '') return [];
    const symbolQuery = query.trim().toUpperCase().replace(/[-/]/, '.');
    // "s&p" or "dow jones" are names, not the start of a symbol (SPG, DOW).
    const compactQuery = symbolLike.test(query.trim()) ? symbolQuery.replace(/[^A-Z0-9]/g, '') : '';
    const queryWords = text.split(' ');
    const ranked: { entry: Entry<T>; rank: number }[] = [];
    for (const entry of this.entries) {
      const rank = this.rank(entry, symbolQuery, compactQuery, text, queryWords);
      if (rank !== undefined) ranked.push({ entry, rank });
    }
    ranked.sort(
      (a, b) =>
        a.rank - b.rank ||
        (a.rank === symbolPrefix ? a.entry.symbol.length - b.entry.symbol.length : 0) ||
        b.entry.popularity - a.entry.popularity ||
        (a.entry.symbol < b.entry.symbol ? -1 : a.entry.symbol > b.entry.symbol ? 1 : 0),
    );
    return ranked.slice(0, limit).map(({ entry }) => entry.item);
  }

  private rank(
    entry: Entry<T>,
    symbolQuery: string,
    compactQuery: string,
    text: string,
    queryWords: string[],
  ): number | undefined {
    if (
      entry.symbol === symbolQuery ||
      (compactQuery !== '' && entry.compactSymbol === compactQuery)
    ) {
      return exactSymbol;
    }
    if (compactQuery !== '' && entry.compactSymbol.startsWith(compactQuery)) return symbolPrefix;
    if (entry.name.startsWith(text)) return nameOrAlias;
    if (entry.aliases.some((alias) => alias.startsWith(text))) return nameOrAlias;
    const everyWord = queryWords.every((word) =>
      entry.words.some((nameWord) => nameWord.startsWith(word)),
    );
    return everyWord ? nameOrAlias : undefined;
  }
}
