import type { DailyBar } from '@tickerwise/shared';
import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { barCoverage, dailyBars } from '../../db/schema/index.ts';
import type { ProviderBar } from '../adapters/bars-provider.ts';

export interface Coverage {
  source: string;
  fromDate: string;
  throughDate: string;
  checkedAt: Date;
  demandedAt: Date;
}

export interface StoredBar extends DailyBar {
  source: string;
}

/** Rows per INSERT: small enough that one write never holds the embedded database for long. */
const chunkSize = 200;

/** Decimal places of the price columns (`numeric(14, 4)`). */
const priceScale = 4;

/**
 * A price as the price columns keep it: PostgreSQL rounds the decimal text it is sent
 * (`String(value)`, as `saveBars` writes it) to four places, half away from zero. Reading it
 * back gives exactly this number.
 */
export function storedPrice(value: number): number {
  const text = String(Math.abs(value));
  // Exponent notation: below 1e-7, which rounds to 0 (too large a value is refused on write).
  if (text.includes('e')) return Math.abs(value) < 1 ? 0 : value;
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= priceScale) return value === 0 ? 0 : value;
  const digits =
    BigInt(`${whole}${fraction.slice(0, priceScale)}`) + (fraction[priceScale]! >= '5' ? 1n : 0n);
  const padded = digits.toString().padStart(priceScale + 1, '0');
  const rounded = Number(`${padded.slice(0, -priceScale)}.${padded.slice(-priceScale)}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** A bar from a source as `saveBars` stores it and `lastBars` reads it back. */
export function storedBar(bar: ProviderBar, source: string): StoredBar {
  return {
    date: bar.date,
    open: storedPrice(bar.open),
    high: storedPrice(bar.high),
    low: storedPrice(bar.low),
    close: storedPrice(bar.close),
    volume: bar.volume,
    source,
  };
}

/** The `daily_bars` and `bar_coverage` tables. */
export class BarStore {
  constructor(private readonly db: Db) {}

  async coverage(symbol: string): Promise<Coverage | undefined> {
    const [row] = await this.db
      .select()
      .from(barCoverage)
      .where(eq(barCoverage.symbol, symbol))
      .limit(1);
    return row;
  }

  /** Where every symbol's stored bars stand: one read, for the screener's check of what changed. */
  async coverages(): Promise<Map<string, Pick<Coverage, 'fromDate' | 'throughDate'>>> {
    const rows = await this.db
      .select({
        symbol: barCoverage.symbol,
        fromDate: barCoverage.fromDate,
        throughDate: barCoverage.throughDate,
      })
      .from(barCoverage);
    return new Map(rows.map(({ symbol, ...coverage }) => [symbol, coverage]));
  }

  /**
   * Upserts bars on (symbol, date), chunk by chunk: a write cut short leaves whole days, and
   * doing it again replaces them instead of adding duplicates. A bar Finnhub's /quote closed
   * never replaces one from a history source.
   */
  async saveBars(symbol: string, source: string, bars: readonly ProviderBar[]): Promise<void> {
    for (let start = 0; start < bars.length; start += chunkSize) {
      const chunk = bars.slice(start, start + chunkSize);
      // One statement per chunk with one array parameter per column: far less to parse and
      // bind than a parameter per value, on PGlite and PostgreSQL alike. The arrays hold only
      // dates and finite numbers, written as PostgreSQL array literals.
      const column = (values: (string | number)[]) => `{${values.join(',')}}`;
      await this.db.execute(sql`
        insert into daily_bars (symbol, date, open, high, low, close, volume, source)
        select ${symbol}, day.date, day.open, day.high, day.low, day.close, day.volume, ${source}
        from unnest(
          ${column(chunk.map((bar) => bar.date))}::date[],
          ${column(chunk.map((bar) => bar.open))}::numeric[],
          ${column(chunk.map((bar) => bar.high))}::numeric[],
          ${column(chunk.map((bar) => bar.low))}::numeric[],
          ${column(chunk.map((bar) => bar.close))}::numeric[],
          ${column(chunk.map((bar) => bar.volume))}::bigint[]
        ) as day(date, open, high, low, close, volume)
        on conflict (symbol, date) do update set
          open = excluded.open, high = excluded.high, low = excluded.low,
          close = excluded.close, volume = excluded.volume, source = excluded.source,
          fetched_at = now()`);
      // Let waiting requests in between chunks (PGlite shares the event loop).
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Stores the bar a quote closed, unless the day already has one. */
  async saveClosingBar(symbol: string, source: string, bar: ProviderBar): Promise<void> {
    await this.db
      .insert(dailyBars)
      .values({ symbol, source, ...bar })
      .onConflictDoNothing({ target: [dailyBars.symbol, dailyBars.date] });
  }

  async saveCoverage(symbol: string, coverage: Omit<Coverage, 'demandedAt'>): Promise<void> {
    await this.db
      .insert(barCoverage)
      .values({ symbol, ...coverage })
      .onConflictDoUpdate({
        target: barCoverage.symbol,
        set: {
          source: coverage.source,
          fromDate: coverage.fromDate,
          throughDate: coverage.throughDate,
          checkedAt: coverage.checkedAt,
        },
      });
  }

  async markChecked(symbol: string, at: Date): Promise<void> {
    await this.db.update(barCoverage).set({ checkedAt: at }).where(eq(barCoverage.symbol, symbol));
  }

  async markDemanded(symbol: string, at: Date): Promise<void> {
    await this.db.update(barCoverage).set({ demandedAt: at }).where(eq(barCoverage.symbol, symbol));
  }

  /** Symbols someone asked for since `since` whose bars stop before `session`. */
  async behind(session: string, since: Date): Promise<string[]> {
    const rows = await this.db
      .select({ symbol: barCoverage.symbol })
      .from(barCoverage)
      .where(and(gte(barCoverage.demandedAt, since), sql`${barCoverage.throughDate} < ${session}`))
      .orderBy(desc(barCoverage.demandedAt));
    return rows.map((row) => row.symbol);
  }

  /** How many bars of a symbol are stored up to `through` (a day, inclusive). */
  async countBars(symbol: string, through: string): Promise<number> {
    const [row] = await this.db
      .select({ bars: count() })
      .from(dailyBars)
      .where(and(eq(dailyBars.symbol, symbol), lte(dailyBars.date, through)));
    return row?.bars ?? 0;
  }

  /** Bars from `fromDate` on, oldest first. */
  async barsSince(symbol: string, fromDate: string): Promise<StoredBar[]> {
    return this.db
      .select({
        date: dailyBars.date,
        open: dailyBars.open,
        high: dailyBars.high,
        low: dailyBars.low,
        close: dailyBars.close,
        volume: dailyBars.volume,
        source: dailyBars.source,
      })
      .from(dailyBars)
      .where(and(eq(dailyBars.symbol, symbol), gte(dailyBars.date, fromDate)))
      .orderBy(asc(dailyBars.date));
  }

  /** The last `count` bars up to `through` (a day, inclusive; all when omitted), oldest first. */
  async lastBars(symbol: string, count: number, through?: string): Promise<StoredBar[]> {
    const rows = await this.db
      .select({
        date: dailyBars.date,
        open: dailyBars.open,
        high: dailyBars.high,
        low: dailyBars.low,
        close: dailyBars.close,
        volume: dailyBars.volume,
        source: dailyBars.source,
      })
      .from(dailyBars)
      .where(
        through === undefined
          ? eq(dailyBars.symbol, symbol)
          : and(eq(dailyBars.symbol, symbol), lte(dailyBars.date, through)),
      )
      .orderBy(desc(dailyBars.date))
      .limit(count);
    return rows.reverse();
  }
}
