import type { SecurityType } from '@tickerwise/shared';

export interface Searchable {
  symbol: string;
  name: string;
  type: SecurityType;
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
}

/** How well an entry matches: lower is better. */
const exactSymbol = 0;
const symbolPrefix = 1;
const namePhrase = 2;
const nameWords = 3;

/**
 * An in-memory index over a few thousand securities. Ranking: the exact symbol, then symbols
 * starting with the query (shorter first), then names starting with the query, then names
 * having a word starting with each query word; ties go alphabetically by symbol.
 */
export class SearchIndex<T extends Searchable> {
  private readonly entries: Entry<T>[] = [];
  private readonly symbols = new Set<string>();

  constructor(items: Iterable<T> = []) {
    for (const item of items) this.add(item);
  }

  add(item: T): void {
    if (this.symbols.has(item.symbol)) return;
    this.symbols.add(item.symbol);
    const name = normaliseText(item.name);
    this.entries.push({
      item,
      symbol: item.symbol,
      compactSymbol: item.symbol.replace('.', ''),
      words: name.split(' '),
      name,
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
    const compactQuery = symbolQuery.replace(/[^A-Z0-9]/g, '');
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
    if (entry.name.startsWith(text)) return namePhrase;
    const everyWord = queryWords.every((word) =>
      entry.words.some((nameWord) => nameWord.startsWith(word)),
    );
    return everyWord ? nameWords : undefined;
  }
}
