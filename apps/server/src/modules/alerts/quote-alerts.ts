import { setImmediate as giveWay } from 'node:timers/promises';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { inBackground } from '../../lifecycle/background-lane.ts';
import {
  type CachedQuote,
  type MarketLog,
  type MarketState,
  marketStatusAt,
  tradingDayAt,
} from '../../market-data/index.ts';
import { AlertBook, type BookEntry, type QuoteAlertKind } from './alert-book.ts';
import { type FiredAlert, fireAlerts } from './alert-firing.ts';
import type { AlertStore } from './alert-store.ts';

/** The NOTIFY channel of alert changes (migration 0009's announce_alert_change). */
export const alertChangeChannel = 'alert_changes';

const quoteKinds: readonly string[] = ['price_above', 'price_below', 'change_up', 'change_down'];

const changeSchema = z.union([
  z.object({ id: z.string(), deleted: z.literal(true) }),
  z.object({
    id: z.string(),
    userId: z.string(),
    symbol: z.string(),
    kind: z.string(),
    level: z.number().nullable(),
    repeat: z.enum(['once', 'daily']),
    state: z.string(),
    lastFiredDay: z.string().nullable(),
    awaitsCross: z.boolean().optional(),
  }),
]);

/** Alerts a failed or refused firing put aside are looked at again after this. */
const parkMs = 5 * 60_000;

/**
 * Alerts fired in one transaction. A quote can meet hundreds (200 in `npm run bench:email`);
 * on the embedded database the transaction holds the thread, requests included, and one of
 * 200 took 300 to 500 ms on a loaded machine (ADR 0083).
 */
export const alertsPerFiring = 25;

export interface QuoteAlertsOptions {
  database: Database;
  store: AlertStore;
  log: MarketLog;
  now?: () => number;
  /** Told of each alert this instance fired (tests and the benchmark watch it). */
  onFired?: (fired: FiredAlert[]) => void;
}

/**
 * Checks every quote the server takes in against the armed price and day-change alerts. Each
 * instance keeps them in an `AlertBook` loaded from the database and kept in step with it by
 * the alert_changes announcements, so a quote costs a few binary searches, and only alerts
 * whose level it reached go to the database, where `fireAlerts` fires each exactly once.
 */
export class QuoteAlerts {
  readonly book = new AlertBook();
  private readonly now: () => number;
  /** Put aside after the database refused to fire them (paused meanwhile, plan without alerts). */
  private readonly parked = new Map<string, { entry: BookEntry; until: number }>();
  private stopListening: (() => Promise<void>) | undefined;
  private stopRestored: (() => void) | undefined;
  private loading: Promise<void> | undefined;
  private pendingChanges: string[] | undefined;
  private readonly firing = new Set<Promise<unknown>>();
  /** How many changes were announced per alert: a refusal that raced one is not parked. */
  private readonly changes = new Map<string, number>();
  private day: { minute: number; date: string; state: MarketState } | undefined;
  private nextUnparkAt = 0;

  constructor(private readonly options: QuoteAlertsOptions) {
    this.now = options.now ?? Date.now;
  }

  async start(): Promise<void> {
    const { database } = this.options;
    this.stopListening = await database.listen(alertChangeChannel, (payload) =>
      this.applyChange(payload),
    );
    this.stopRestored = database.onListenRestored(() => {
      this.reload().catch((error: unknown) => {
        this.options.log.warn({ err: error }, 'alerts could not be reloaded');
      });
    });
    await this.reload();
  }

  async stop(): Promise<void> {
    this.stopRestored?.();
    await this.stopListening?.();
    await Promise.allSettled([...this.firing]);
  }

  /** Loads every armed quote alert; changes announced meanwhile are applied after it. */
  async reload(): Promise<void> {
    if (this.loading) return this.loading;
    this.pendingChanges = [];
    this.loading = (async () => {
      try {
        const entries = await this.options.store.armedQuoteAlerts();
        this.book.clear();
        this.parked.clear();
        for (const entry of entries) this.book.put(entry);
      } finally {
        const pending = this.pendingChanges ?? [];
        this.pendingChanges = undefined;
        this.loading = undefined;
        for (const payload of pending) this.applyChange(payload);
      }
    })();
    return this.loading;
  }

  /**
   * A quote the server took in: fires the alerts whose level it reached. Resolves when they
   * are recorded (callers need not wait: the quote is served meanwhile).
   */
  async onQuote(symbol: string, quote: Pick<CachedQuote, 'price' | 'previousClose' | 'fetchedAt'>) {
    this.unpark();
    const { date: tradingDay, state: market } = this.session();
    this.book.advanceTo(tradingDay);
    if (!(quote.price > 0) || !this.book.has(symbol)) return [];
    const change =
      quote.previousClose > 0
        ? Math.round(((quote.price - quote.previousClose) / quote.previousClose) * 10_000) / 100
        : null;
    // A day's move is judged only in the regular session (docs/PRODUCT.md §3.22): before the
    // open, after the close and on a closed day the change is the last session's, not news.
    const triggered = this.book.takeTriggered(
      symbol,
      { price: quote.price, change: market === 'open' ? change : null },
      tradingDay,
    );
    if (triggered.length === 0) return [];
    const at = new Date(quote.fetchedAt);
    const figures = { price: quote.price, change, at, market };
    // A quote a request brought in fires its alerts as the instance's own work (ADR 0074).
    const work = inBackground(() => this.fire(symbol, triggered, figures, tradingDay));
    this.firing.add(work);
    try {
      const fired = await work;
      if (fired.length > 0) this.options.onFired?.(fired);
      return fired;
    } finally {
      this.firing.delete(work);
    }
  }

  /**
   * Fires the alerts a quote met, `alertsPerFiring` to a transaction, giving way to the
   * event loop between them (ADR 0083): on the embedded database each transaction holds this
   * thread, and one quote can meet hundreds of alerts. A transaction that fails puts its
   * alerts back in the book for the next quote; those the database refused are parked.
   */
  private async fire(
    symbol: string,
    triggered: readonly BookEntry[],
    figures: { price: number; change: number | null; at: Date; market: MarketState },
    tradingDay: string,
  ): Promise<FiredAlert[]> {
    const { store } = this.options;
    // Taken before the first transaction: a refusal that raced a change is not parked.
    const changesBefore = triggered.map((entry) => this.changes.get(entry.id) ?? 0);
    const fired: FiredAlert[] = [];
    for (let start = 0; start < triggered.length; start += alertsPerFiring) {
      if (start > 0) await giveWay();
      const part = triggered.slice(start, start + alertsPerFiring);
      const candidates = part.map((entry) => ({
        id: entry.id,
        level: entry.level,
        figures,
        value:
          entry.kind === 'change_up' || entry.kind === 'change_down'
            ? figures.change
            : figures.price,
      }));
      let firedNow: FiredAlert[];
      try {
        firedNow = await fireAlerts(store.db, candidates, tradingDay, figures.at, store.clock());
      } catch (error) {
        this.options.log.warn({ symbol, err: error }, 'alerts could not be fired; trying again');
        for (const entry of part) this.book.put(entry);
        continue;
      }
      const firedIds = new Set(firedNow.map((alert) => alert.alertId));
      part.forEach((entry, index) => {
        const changedSince = (this.changes.get(entry.id) ?? 0) !== changesBefore[start + index];
        if (!firedIds.has(entry.id) && !changedSince) this.park(entry);
      });
      fired.push(...firedNow);
    }
    return fired;
  }

  /**
   * The trading day now and whether the market trades, worked out once a minute (quotes arrive
   * by the hundred; the session's bounds fall on whole minutes).
   */
  private session(): { date: string; state: MarketState } {
    const minute = Math.floor(this.now() / 60_000);
    if (this.day?.minute !== minute) {
      const at = minute * 60_000;
      this.day = { minute, date: tradingDayAt(at), state: marketStatusAt(at).state };
    }
    return this.day;
  }

  private park(entry: BookEntry): void {
    this.parked.set(entry.id, { entry, until: this.now() + parkMs });
  }

  private unpark(): void {
    if (this.parked.size === 0) return;
    const now = this.now();
    // Looked at once a second, not on every quote: a plan without alerts can park many.
    if (now < this.nextUnparkAt) return;
    this.nextUnparkAt = now + 1_000;
    for (const [id, { entry, until }] of this.parked) {
      if (until > now) continue;
      this.parked.delete(id);
      this.book.put(entry);
    }
  }

  private applyChange(payload: string): void {
    if (this.pendingChanges) {
      this.pendingChanges.push(payload);
      return;
    }
    let change: z.infer<typeof changeSchema>;
    try {
      change = changeSchema.parse(JSON.parse(payload));
    } catch {
      this.options.log.warn({ payload }, 'an alert change could not be read');
      return;
    }
    this.parked.delete(change.id);
    this.changes.set(change.id, (this.changes.get(change.id) ?? 0) + 1);
    if ('deleted' in change) {
      this.book.delete(change.id);
      this.changes.set(change.id, -1);
      return;
    }
    if (change.state !== 'armed' || !quoteKinds.includes(change.kind)) {
      this.book.delete(change.id);
      return;
    }
    this.book.put({
      id: change.id,
      userId: change.userId,
      symbol: change.symbol,
      kind: change.kind as QuoteAlertKind,
      level: change.level ?? 0,
      repeat: change.repeat,
      lastFiredDay: change.lastFiredDay,
      awaitsCross: change.awaitsCross ?? false,
    });
  }
}
