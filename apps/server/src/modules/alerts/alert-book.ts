/** The quote alerts of the in-memory book: the kinds checked on every new quote. */
export type QuoteAlertKind = 'price_above' | 'price_below' | 'change_up' | 'change_down';

/** An armed quote alert as the book holds it. */
export interface BookEntry {
  id: string;
  userId: string;
  symbol: string;
  kind: QuoteAlertKind;
  /** Price level for price alerts; percent for change alerts. */
  level: number;
  repeat: 'once' | 'daily';
  /** Trading day of a daily alert's last firing; it sleeps until a later day. */
  lastFiredDay: string | null;
  /**
   * A price alert set past its level, waiting for the next crossing: it joins its ladder once
   * a price on the other side of the level is seen.
   */
  awaitsCross?: boolean;
}

/** What a new quote is measured on: its price, and its change against the previous close. */
export interface QuoteReading {
  price: number;
  /** Percent; null when there is no previous close. */
  change: number | null;
}

/** Entries sorted by level, ascending. */
class Ladder {
  readonly entries: BookEntry[] = [];

  /** Index of the first entry whose level is greater than `level`. */
  upperBound(level: number): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.entries[middle]!.level <= level) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Index of the first entry whose level is `level` or more. */
  lowerBound(level: number): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.entries[middle]!.level < level) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  add(entry: BookEntry): void {
    this.entries.splice(this.upperBound(entry.level), 0, entry);
  }

  remove(entry: BookEntry): void {
    for (let index = this.lowerBound(entry.level); index < this.entries.length; index += 1) {
      const candidate = this.entries[index]!;
      if (candidate.level !== entry.level) return;
      if (candidate.id === entry.id) {
        this.entries.splice(index, 1);
        return;
      }
    }
  }
}

interface SymbolBook {
  above: Ladder;
  below: Ladder;
  up: Ladder;
  down: Ladder;
}

/**
 * Every armed quote alert of every user, indexed per symbol and kind by level, so a new quote
 * reaches only the alerts whose level it is at or past: one binary search per kind, whatever
 * the number of alerts that stay quiet. Daily alerts that fired today sleep outside the ladders
 * until the next trading day.
 */
export class AlertBook {
  private readonly symbols = new Map<string, SymbolBook>();
  private readonly byId = new Map<string, BookEntry>();
  /** Daily alerts that fired on `tradingDay` (or later), waiting for a later day. */
  private readonly sleepers = new Map<string, BookEntry>();
  /** Price alerts waiting for the price to go back across their level, per symbol. */
  private readonly waiting = new Map<string, Map<string, BookEntry>>();
  private readonly waitingSymbol = new Map<string, string>();
  private tradingDay = '';

  get size(): number {
    return this.byId.size + this.sleepers.size + this.waitingSymbol.size;
  }

  /** Symbols that have at least one armed quote alert (awake, asleep or waiting). */
  symbolsWithAlerts(): string[] {
    const symbols = new Set(this.symbols.keys());
    for (const entry of this.sleepers.values()) symbols.add(entry.symbol);
    for (const symbol of this.waiting.keys()) symbols.add(symbol);
    return [...symbols];
  }

  has(symbol: string): boolean {
    return this.symbols.has(symbol) || this.waiting.has(symbol);
  }

  /** Adds or replaces an armed alert. */
  put(entry: BookEntry): void {
    this.delete(entry.id);
    if (entry.repeat === 'daily' && entry.lastFiredDay && entry.lastFiredDay >= this.tradingDay) {
      this.sleepers.set(entry.id, entry);
      return;
    }
    if (entry.awaitsCross && (entry.kind === 'price_above' || entry.kind === 'price_below')) {
      let waiting = this.waiting.get(entry.symbol);
      if (!waiting) {
        waiting = new Map();
        this.waiting.set(entry.symbol, waiting);
      }
      waiting.set(entry.id, entry);
      this.waitingSymbol.set(entry.id, entry.symbol);
      return;
    }
    this.ladderOf(entry, true).add(entry);
    this.byId.set(entry.id, entry);
  }

  /** Removes an alert (deleted, paused, fired, or no longer a quote alert). */
  delete(id: string): void {
    this.sleepers.delete(id);
    const waitingOn = this.waitingSymbol.get(id);
    if (waitingOn !== undefined) {
      this.waitingSymbol.delete(id);
      const waiting = this.waiting.get(waitingOn);
      waiting?.delete(id);
      if (waiting?.size === 0) this.waiting.delete(waitingOn);
      return;
    }
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    const book = this.symbols.get(entry.symbol);
    if (!book) return;
    this.ladderOf(entry, false)?.remove(entry);
    this.dropIfEmpty(entry.symbol, book);
  }

  /** Forgets a symbol none of whose ladders holds an alert any more. */
  private dropIfEmpty(symbol: string, book: SymbolBook): void {
    const left =
      book.above.entries.length +
      book.below.entries.length +
      book.up.entries.length +
      book.down.entries.length;
    if (left === 0) this.symbols.delete(symbol);
  }

  /** Empties the book (before a reload). */
  clear(): void {
    this.symbols.clear();
    this.byId.clear();
    this.sleepers.clear();
    this.waiting.clear();
    this.waitingSymbol.clear();
  }

  /**
   * The alerts a quote sets off on `tradingDay`: price at or above / at or below their level,
   * change at least their percent up / down. They leave the book at once (the caller fires
   * them, and puts back any that could not be fired).
   */
  takeTriggered(symbol: string, reading: QuoteReading, tradingDay: string): BookEntry[] {
    this.advanceTo(tradingDay);
    this.crossBack(symbol, reading.price);
    const book = this.symbols.get(symbol);
    if (!book) return [];
    // Each ladder's triggered entries are one run at its end: cut out at once, not one by one
    // (a quote can meet hundreds of alerts on one level).
    const triggered: BookEntry[] = [
      ...book.above.entries.splice(0, book.above.upperBound(reading.price)),
      ...book.below.entries.splice(book.below.lowerBound(reading.price)),
    ];
    if (reading.change !== null) {
      if (reading.change > 0) {
        triggered.push(...book.up.entries.splice(0, book.up.upperBound(reading.change)));
      } else if (reading.change < 0) {
        triggered.push(...book.down.entries.splice(0, book.down.upperBound(-reading.change)));
      }
    }
    for (const entry of triggered) this.byId.delete(entry.id);
    this.dropIfEmpty(symbol, book);
    return triggered;
  }

  /** Waiting alerts whose level the price is back across join their ladders. */
  private crossBack(symbol: string, price: number): void {
    const waiting = this.waiting.get(symbol);
    if (!waiting) return;
    for (const entry of [...waiting.values()]) {
      const back = entry.kind === 'price_above' ? price < entry.level : price > entry.level;
      if (back) this.put({ ...entry, awaitsCross: false });
    }
  }

  /** A new trading day wakes the daily alerts that fired on an earlier one. */
  advanceTo(tradingDay: string): void {
    if (tradingDay <= this.tradingDay) return;
    this.tradingDay = tradingDay;
    for (const entry of [...this.sleepers.values()]) {
      if (!entry.lastFiredDay || entry.lastFiredDay < tradingDay) this.put(entry);
    }
  }

  private ladderOf(entry: BookEntry, create: true): Ladder;
  private ladderOf(entry: BookEntry, create: false): Ladder | undefined;
  private ladderOf(entry: BookEntry, create: boolean): Ladder | undefined {
    let book = this.symbols.get(entry.symbol);
    if (!book) {
      if (!create) return undefined;
      book = { above: new Ladder(), below: new Ladder(), up: new Ladder(), down: new Ladder() };
      this.symbols.set(entry.symbol, book);
    }
    switch (entry.kind) {
      case 'price_above':
        return book.above;
      case 'price_below':
        return book.below;
      case 'change_up':
        return book.up;
      case 'change_down':
        return book.down;
    }
  }
}
