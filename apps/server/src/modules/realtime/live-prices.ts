import { randomBytes } from 'node:crypto';
import type { LiveQuote } from '@tickerwise/shared';
import {
  type CachedQuote,
  type MarketService,
  percentChange,
  type QuoteOrigin,
  roundCents,
} from '../../market-data/index.ts';

/** Where a tab's events go: its open `/api/events` stream. */
export interface LiveTabStream {
  write(frame: string): void;
}

interface Tab {
  id: string;
  userId: string;
  stream: LiveTabStream;
  /** The symbols it asked for, each with the demand it holds. */
  symbols: Map<string, () => void>;
  /** Prices waiting for the next write to it. */
  batch: string[];
  /** Checks of its user's plan under way: while any is, no price is written to it. */
  held: number;
}

export interface LivePricesOptions {
  market: Pick<MarketService, 'onQuote' | 'demand' | 'followDemand' | 'isTrading'>;
  /** At most one price per symbol this often (ms). */
  intervalMs?: number;
  /** The app's clock, in milliseconds since the epoch: tests move it instead of waiting. */
  now: () => number;
}

/**
 * Live prices for the browser tabs of real-time plans, on their `/api/events` streams. Each
 * tab says which symbols it shows (`setSymbols`) and gets prices for exactly those, never
 * others; every symbol goes out at most once a second (newer prices in between replace older
 * ones), built once and written to every tab that asked, one write per tab for all its
 * symbols due together. While a symbol trades on the stream, its trades are its live price. A tab's symbols keep their quotes fresh upstream (demand) while it
 * shows them.
 */
export class LivePrices {
  private readonly tabs = new Map<string, Tab>();
  private readonly bySymbol = new Map<string, Set<Tab>>();
  /** The newest price of a symbol not yet sent, as the JSON item that will be. */
  private readonly pending = new Map<string, { item: string; key: string }>();
  private readonly lastSent = new Map<string, { at: number; key: string }>();
  private readonly waiting = new Map<string, NodeJS.Timeout>();
  /**
   * Due symbols, each with the moment its turn came: the next turn counts from that moment,
   * not from when the write happened, so the small wait before each write does not add up
   * second after second until a price waits most of a second for its turn.
   */
  private readonly due = new Map<string, number>();
  private flushing = false;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly stopListening: () => void;

  constructor(private readonly options: LivePricesOptions) {
    this.intervalMs = options.intervalMs ?? 1_000;
    this.now = options.now;
    this.stopListening = options.market.onQuote((symbol, quote, origin) =>
      this.took(symbol, quote, origin),
    );
  }

  /** A new tab stream; returns its id, which the tab names when it sets its symbols. */
  open(userId: string, stream: LiveTabStream): string {
    const id = randomBytes(18).toString('base64url');
    this.tabs.set(id, { id, userId, stream, symbols: new Map(), batch: [], held: 0 });
    return id;
  }

  close(id: string): void {
    const tab = this.tabs.get(id);
    if (!tab) return;
    this.setSymbolsOf(tab, []);
    this.tabs.delete(id);
  }

  /**
   * The symbols tab `id` of `userId` shows now (replacing what it showed). Undefined when no
   * such tab is open here (it may be on another instance, or gone).
   */
  setSymbols(id: string, userId: string, symbols: readonly string[]): string[] | undefined {
    const tab = this.tabs.get(id);
    if (!tab || tab.userId !== userId) return undefined;
    this.setSymbolsOf(tab, symbols);
    this.options.market.followDemand();
    return [...tab.symbols.keys()];
  }

  /** Users with a tab showing live prices here. */
  liveUsers(): Set<string> {
    const users = new Set<string>();
    for (const tab of this.tabs.values()) if (tab.symbols.size > 0) users.add(tab.userId);
    return users;
  }

  /**
   * Withholds prices from every tab of the user here until the returned function is called
   * (while their new plan is read: docs/PRODUCT.md §7.5). Prices due meanwhile are dropped,
   * not sent late.
   */
  hold(userId: string): () => void {
    const held = [...this.tabs.values()].filter((tab) => tab.userId === userId);
    for (const tab of held) tab.held += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const tab of held) tab.held -= 1;
    };
  }

  /** Ends the live prices of every tab of these users (their plan no longer has them). */
  endFor(userIds: ReadonlySet<string>): void {
    for (const tab of this.tabs.values()) {
      if (userIds.has(tab.userId)) this.setSymbolsOf(tab, []);
    }
  }

  stop(): void {
    this.stopListening();
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
    for (const id of [...this.tabs.keys()]) this.close(id);
  }

  private setSymbolsOf(tab: Tab, symbols: readonly string[]): void {
    const next = new Set(symbols);
    for (const [symbol, release] of tab.symbols) {
      if (next.has(symbol)) continue;
      release();
      tab.symbols.delete(symbol);
      const tabs = this.bySymbol.get(symbol);
      tabs?.delete(tab);
      if (tabs?.size === 0) this.forget(symbol);
    }
    for (const symbol of next) {
      if (tab.symbols.has(symbol)) continue;
      tab.symbols.set(symbol, this.options.market.demand.hold(symbol, 'viewing'));
      let tabs = this.bySymbol.get(symbol);
      if (!tabs) {
        tabs = new Set();
        this.bySymbol.set(symbol, tabs);
      }
      tabs.add(tab);
    }
  }

  private forget(symbol: string): void {
    this.bySymbol.delete(symbol);
    // When it went out is kept (a tab coming back within the second waits its turn); what
    // went out is not (a tab coming back has not seen it).
    const sent = this.lastSent.get(symbol);
    if (sent) sent.key = '';
    this.pending.delete(symbol);
    this.due.delete(symbol);
    clearTimeout(this.waiting.get(symbol));
    this.waiting.delete(symbol);
  }

  private took(symbol: string, quote: CachedQuote, origin: QuoteOrigin): void {
    if (!this.bySymbol.has(symbol) || !(quote.price > 0)) return;
    // While trades carry a symbol's price, they are its live price. An upstream answer (its
    // first quote, or a refresh of the day's figures) lands between two trades: sent, it would
    // take the next trade's turn, and every trade after it would wait out the same gap, up to
    // a second late second after second. The answer is in the cache; the page's poll shows it.
    if (origin === 'call' && this.options.market.isTrading(symbol)) return;
    const price = roundCents(quote.price);
    const change = percentChange(quote.price, quote.previousClose);
    const key = `${price}|${change}`;
    // A price the tabs already have is not sent again.
    if ((this.pending.get(symbol) ?? this.lastSent.get(symbol))?.key === key) return;
    const live: LiveQuote = {
      symbol,
      price,
      change,
      asOf: new Date(quote.fetchedAt).toISOString(),
    };
    this.pending.set(symbol, { item: JSON.stringify(live), key });
    if (this.due.has(symbol) || this.waiting.has(symbol)) return;
    const turn = (this.lastSent.get(symbol)?.at ?? Number.NEGATIVE_INFINITY) + this.intervalMs;
    const now = this.now();
    if (turn <= now) {
      this.markDue(symbol, now);
      return;
    }
    // One value's throttle, not a loop: cleared by `stop()`. Never longer than one interval,
    // whatever the clock did since the last price went out.
    const timer = setTimeout(
      () => {
        this.waiting.delete(symbol);
        this.markDue(symbol, turn);
      },
      Math.min(Math.ceil(turn - now), this.intervalMs),
    );
    timer.unref();
    this.waiting.set(symbol, timer);
  }

  /** Due symbols go out together, once the prices taken in with them are in too. */
  private markDue(symbol: string, turn: number): void {
    this.due.set(symbol, turn);
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushing = false;
    const written = new Set<Tab>();
    for (const [symbol, turn] of this.due) {
      const pending = this.pending.get(symbol);
      const tabs = this.bySymbol.get(symbol);
      if (!pending || !tabs) continue;
      this.pending.delete(symbol);
      this.lastSent.set(symbol, { at: turn, key: pending.key });
      for (const tab of tabs) {
        if (tab.held > 0) continue;
        tab.batch.push(pending.item);
        written.add(tab);
      }
    }
    this.due.clear();
    for (const tab of written) {
      tab.stream.write(`data: {"type":"prices","quotes":[${tab.batch.join(',')}]}\n\n`);
      tab.batch = [];
    }
  }
}
