import { moderationRules } from '@tickerwise/shared';
import { lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
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
 * row of the hour: an atomic upsert, so every instance counts into the same rows. A part of
 * the post's own write (`CommunityStore.write`), run only `when` its insert wrote the post, so
 * a post and its count commit together.
 */
export function countedInHours(
  symbols: readonly string[],
  newAccount: boolean,
  at: Date,
  when: SQL,
): SQL {
  const { symbol, hour: hourColumn, posts, newAccountPosts } = communitySymbolHours;
  const name = (column: AnyPgColumn) => sql.identifier(column.name);
  return sql`insert into ${communitySymbolHours}
      (${name(symbol)}, ${name(hourColumn)}, ${name(posts)}, ${name(newAccountPosts)})
    select named, ${hourOf(at).toISOString()}::timestamptz, 1, ${newAccount ? 1 : 0}::int
      from unnest(${sql.param([...symbols])}::text[]) as named
      where ${when}
    on conflict (${name(symbol)}, ${name(hourColumn)}) do update set
      ${name(posts)} = ${posts} + 1,
      ${name(newAccountPosts)} = ${newAccountPosts} + excluded.${name(newAccountPosts)}`;
}

/** One symbol's rows of the hours the guard reads, summed as `hourCounts` reads them. */
export interface HourCounts {
  symbol: string;
  current: number | string | null;
  currentNew: number | string | null;
  previous: number | string | null;
  previousNew: number | string | null;
  baseline: number | string | null;
}

/**
 * The counts the guard judges `symbols` by at `now`, as one json value (an array with a row
 * per symbol that has any, `HourCounts`): a subquery that reads at most 721 rows per symbol
 * by primary key. The writing of a post reads it inside its lock statement
 * (`CommunityStore.write`), `PumpGuard.activity` on its own; `activityOf` judges either.
 */
export function hourCounts(symbols: readonly string[], now: Date): SQL {
  const current = hourOf(now);
  const previous = new Date(current.getTime() - hour);
  const from = new Date(current.getTime() - baselineHours * hour);
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const { symbol, hour: hourColumn, posts, newAccountPosts } = communitySymbolHours;
  const summed = (column: AnyPgColumn, where: SQL) => sql`sum(${column}) filter (where ${where})`;
  return sql`(select coalesce(json_agg(counted), '[]'::json) from (
      select ${symbol} as symbol,
        ${summed(posts, sql`${hourColumn} = ${at(current)}`)} as current,
        ${summed(newAccountPosts, sql`${hourColumn} = ${at(current)}`)} as "currentNew",
        ${summed(posts, sql`${hourColumn} = ${at(previous)}`)} as previous,
        ${summed(newAccountPosts, sql`${hourColumn} = ${at(previous)}`)} as "previousNew",
        ${summed(posts, sql`${hourColumn} < ${at(current)}`)} as baseline
      from ${communitySymbolHours}
      where ${symbol} = any(${sql.param([...symbols])}::text[]) and ${hourColumn} >= ${at(from)}
      group by ${symbol}) as counted)`;
}

/**
 * Each symbol's activity from what `hourCounts` read: the current and previous hour give the
 * last hour as a sliding window (the previous hour weighted by how much of it is still within
 * the last 60 minutes), the 720 hours before the current one give the 30-day hourly average.
 */
export function activityOf(
  counts: readonly HourCounts[] | null,
  symbols: readonly string[],
  now: Date,
): SymbolActivity[] {
  const stillInWindow = 1 - (now.getTime() - hourOf(now).getTime()) / hour;
  const number = (value: number | string | null | undefined) => Number(value ?? 0);
  return symbols.map((symbol) => {
    const row = counts?.find((candidate) => candidate.symbol === symbol);
    return {
      symbol,
      lastHour: number(row?.current) + number(row?.previous) * stillInWindow,
      lastHourByNewAccounts: number(row?.currentNew) + number(row?.previousNew) * stillInWindow,
      hourlyAverage: number(row?.baseline) / baselineHours,
    };
  });
}

/**
 * The pump guard (docs/PRODUCT.md, "Community"; ADR 0042). Every post naming symbols adds one to
 * each symbol's row of the current UTC hour in `community_symbol_hours` (`countedInHours`, in the
 * post's write), and is judged from those rows (`hourCounts`, read in the same write's lock
 * statement, before the post's own count).
 */
export class PumpGuard {
  constructor(private readonly db: Db) {}

  async activity(symbols: readonly string[], now: Date): Promise<SymbolActivity[]> {
    if (symbols.length === 0) return [];
    const [row] = rowsOf<{ counts: HourCounts[] | null }>(
      await this.db.execute(sql`select ${hourCounts(symbols, now)} as counts`),
    );
    return activityOf(row?.counts ?? null, symbols, now);
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
