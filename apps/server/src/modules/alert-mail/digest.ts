import { and, asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { alertFirings, watchlistDigests } from '../../db/schema/index.ts';
import type { HistoryService } from '../../market-data/index.ts';
import type { IndicatorSource } from '../alerts/service.ts';
import type { Mailer, Outbox } from '../email/service.ts';
import {
  type DigestContent,
  type DigestMove,
  type DigestRating,
  watchlistDigestEmail,
} from './emails.tsx';
import type { NotificationPreferenceStore } from './preferences.ts';

/** A watchlist symbol's close this far from the day before (in percent) is a move worth telling. */
export const digestMovePercent = 2;

export interface DigestDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  outbox: Outbox;
  preferences: NotificationPreferenceStore;
  publicUrl: string;
  history: Pick<HistoryService, 'recentBars'>;
  /** The technical rating, read as the analyst does; without it no rating changes are told. */
  indicators?: IndicatorSource;
}

interface SymbolDay {
  move?: DigestMove;
  rating?: DigestRating;
}

/**
 * The daily watchlist digest of one trading day: to every user who wants it, with a confirmed
 * address, when anything happened: a watchlist symbol moved 2% or more, its technical rating
 * changed, or an alert fired that day. A row per user and day, written with the outbox
 * message in one transaction, makes a digest go once even when the job runs again.
 */
export class WatchlistDigest {
  constructor(private readonly deps: DigestDeps) {}

  async send(day: string): Promise<{ queued: number; quiet: number }> {
    const { db } = this.deps;
    const readers = rowsOf<{ userId: string; email: string }>(
      await db.execute(sql`
        select u.id as "userId", u.email
        from notification_preferences p join "user" u on u.id = p.user_id
        where p.watchlist_digest and u.email_verified
          and not exists (
            select 1 from ${watchlistDigests} d where d.user_id = u.id and d.trading_day = ${day}::date)
        order by u.id`),
    );
    const symbolDays = new Map<string, Promise<SymbolDay>>();
    const dayOf = (symbol: string) => {
      let read = symbolDays.get(symbol);
      if (!read) {
        read = this.symbolDay(symbol, day);
        symbolDays.set(symbol, read);
      }
      return read;
    };
    let queued = 0;
    let quiet = 0;
    for (const reader of readers) {
      if (!(await this.deps.preferences.effective(reader.userId, reader.email)).watchlistDigest) {
        continue;
      }
      const content = await this.contentFor(reader.userId, day, dayOf);
      if (content.moves.length + content.ratings.length + content.firings.length === 0) {
        quiet += 1;
        continue;
      }
      if (await this.queue(reader, content)) queued += 1;
    }
    return { queued, quiet };
  }

  /** What happened on `day` for one user's watchlists and alerts. */
  async contentFor(
    userId: string,
    day: string,
    dayOf: (symbol: string) => Promise<SymbolDay> = (symbol) => this.symbolDay(symbol, day),
  ): Promise<DigestContent> {
    const symbols = rowsOf<{ symbol: string }>(
      await this.deps.db.execute(sql`
        select distinct symbol from watchlist_items where user_id = ${userId} order by symbol`),
    ).map((row) => row.symbol);
    const days = await Promise.all(symbols.map(dayOf));
    const firings = await this.deps.db
      .select()
      .from(alertFirings)
      .where(and(eq(alertFirings.userId, userId), eq(alertFirings.tradingDay, day)))
      .orderBy(asc(alertFirings.firedAt));
    return {
      day,
      moves: days.flatMap((entry) => entry.move ?? []),
      ratings: days.flatMap((entry) => entry.rating ?? []),
      firings,
    };
  }

  private async symbolDay(symbol: string, day: string): Promise<SymbolDay> {
    const { history, indicators } = this.deps;
    const perReading = indicators?.barsPerReading ?? 1;
    // A symbol whose history cannot be read now has nothing to tell today.
    const bars = await history
      .recentBars(symbol, perReading + 1, day)
      .then((series) => series.bars)
      .catch(() => []);
    const last = bars.at(-1);
    const before = bars.at(-2);
    if (last?.date !== day || !before || before.close === 0) return {};
    const changePercent = ((last.close - before.close) / before.close) * 100;
    const result: SymbolDay = {};
    if (Math.abs(changePercent) >= digestMovePercent) {
      result.move = { symbol, close: last.close, changePercent };
    }
    if (indicators && bars.length > perReading) {
      const now = indicators.read(symbol, bars.slice(-perReading)).rating;
      const then = indicators.read(symbol, bars.slice(-perReading - 1, -1)).rating;
      if (now && then && now !== then) result.rating = { symbol, from: then, to: now };
    }
    return result;
  }

  private async queue(reader: { userId: string; email: string }, content: DigestContent) {
    const { db, clock, mailer, outbox, publicUrl } = this.deps;
    const email = await mailer.prepare(
      watchlistDigestEmail({ id: reader.userId, email: reader.email }, content, publicUrl),
    );
    if (await outbox.admits(email)) return false;
    return db.transaction(async (tx) => {
      const claimed = await tx
        .insert(watchlistDigests)
        .values({ userId: reader.userId, tradingDay: content.day, queuedAt: clock() })
        .onConflictDoNothing()
        .returning({ userId: watchlistDigests.userId });
      if (claimed.length === 0) return false;
      await outbox.record(tx, email);
      return true;
    });
  }
}
