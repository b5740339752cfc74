import { moderationRules } from '@tickerwise/shared';
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { communitySymbolHours } from '../../db/schema/index.ts';

const hour = 3_600_000;
const day = 24 * hour;
const { factor, baselineDays, minimumPosts, newAccountDays } = moderationRules.pump;
const baselineHours = baselineDays * 24;

/** The start of the UTC hour `at` falls in. */
export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / hour) * hour);

/** Whether an account that joined at `joinedAt` counts as new for the pump guard at `now`. */
export const isNewForPumpGuard = (joinedAt: Date, now: Date) =>
  now.getTime() - joinedAt.getTime() < newAccountDays * day;

/** One symbol's counts as the guard judges them. */
export interface SymbolActivity {
  symbol: string;
  /** Posts of the last hour (the previous hour's bucket weighted by the part still in it). */
  lastHour: number;
  /** Of which by accounts under 7 days old. */
  lastHourByNewAccounts: number;
  /** Posts per hour over the 30 days before the current hour. */
  hourlyAverage: number;
}

/** Whether new posts about a symbol with this activity are held for review. */
export function isSurging(activity: SymbolActivity): boolean {
  return (
    activity.lastHour >= minimumPosts &&
    activity.lastHour > factor * activity.hourlyAverage &&
    activity.lastHourByNewAccounts * 2 > activity.lastHour
  );
}

/**
 * Counts a post naming `symbols`, written at `at` by a new account or not, into each symbol's
 * row of the hour: an atomic upsert, so every instance counts into the same rows. A statement
 * the post's own write runs as part of its insert (`CommunityStore.write`), so a post and its
 * count commit together.
 */
export function countedInHours(db: Db, symbols: readonly string[], newAccount: boolean, at: Date) {
  const bucket = hourOf(at);
  return db
    .insert(communitySymbolHours)
    .values(
      symbols.map((symbol) => ({
        symbol,
        hour: bucket,
        posts: 1,
        newAccountPosts: newAccount ? 1 : 0,
      })),
    )
    .onConflictDoUpdate({
      target: [communitySymbolHours.symbol, communitySymbolHours.hour],
      set: {
        posts: sql`${communitySymbolHours.posts} + 1`,
        newAccountPosts: sql`${communitySymbolHours.newAccountPosts} + excluded.new_account_posts`,
      },
    })
    .returning({ symbol: communitySymbolHours.symbol });
}

/**
 * The pump guard (docs/PRODUCT.md, "Community"; ADR 0042). Every post naming symbols adds one to
 * each symbol's row of the current UTC hour in `community_symbol_hours` (`countedInHours`, in the
 * post's insert). Judging a post reads at most 721 rows per symbol
 * by primary key: the current and previous hour give the last hour as a sliding window (the
 * previous hour weighted by how much of it is still within the last 60 minutes), the 720 hours
 * before the current one give the 30-day hourly average.
 */
export class PumpGuard {
  constructor(private readonly db: Db) {}

  async activity(symbols: readonly string[], now: Date): Promise<SymbolActivity[]> {
    if (symbols.length === 0) return [];
    const current = hourOf(now);
    const previous = new Date(current.getTime() - hour);
    const from = new Date(current.getTime() - baselineHours * hour);
    const at = (date: Date) => date.toISOString();
    const { symbol: symbolColumn, hour: hourColumn, posts, newAccountPosts } = communitySymbolHours;
    const rows = await this.db
      .select({
        symbol: symbolColumn,
        current: sql<string | null>`sum(${posts}) filter (where ${hourColumn} = ${at(current)})`,
        currentNew: sql<
          string | null
        >`sum(${newAccountPosts}) filter (where ${hourColumn} = ${at(current)})`,
        previous: sql<string | null>`sum(${posts}) filter (where ${hourColumn} = ${at(previous)})`,
        previousNew: sql<
          string | null
        >`sum(${newAccountPosts}) filter (where ${hourColumn} = ${at(previous)})`,
        baseline: sql<string | null>`sum(${posts}) filter (where ${hourColumn} < ${at(current)})`,
      })
      .from(communitySymbolHours)
      .where(and(inArray(symbolColumn, [...symbols]), gte(hourColumn, from)))
      .groupBy(symbolColumn);
    const stillInWindow = 1 - (now.getTime() - current.getTime()) / hour;
    return symbols.map((symbol) => {
      const row = rows.find((candidate) => candidate.symbol === symbol);
      const number = (value: number | string | null | undefined) => Number(value ?? 0);
      return {
        symbol,
        lastHour: number(row?.current) + number(row?.previous) * stillInWindow,
        lastHourByNewAccounts: number(row?.currentNew) + number(row?.previousNew) * stillInWindow,
        hourlyAverage: number(row?.baseline) / baselineHours,
      };
    });
  }

  /** The symbols of `symbols` whose posts are surging now: a post naming any is held. */
  async surging(symbols: readonly string[], now: Date): Promise<string[]> {
    const activity = await this.activity(symbols, now);
    return activity.filter(isSurging).map((item) => item.symbol);
  }

  /** Forgets the hours the guard no longer reads. */
  async prune(now: Date): Promise<void> {
    const before = new Date(hourOf(now).getTime() - (baselineHours + 1) * hour);
    await this.db.delete(communitySymbolHours).where(lt(communitySymbolHours.hour, before));
  }
}
