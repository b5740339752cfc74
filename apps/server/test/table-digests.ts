import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { rowsOf } from '../src/db/rows.ts';

/**
 * How a table may change by design while a test walks the routes, and why: `content` keeps
 * the row count strict and lets only the content change; `rows` lets both change; `rows where`
 * compares the rows outside the bookkeeping strictly.
 */
type Bookkeeping = Record<
  string,
  | { changes: 'content' | 'rows'; why: string }
  | { changes: 'rows where'; strictRows: SQL; why: string }
>;

/**
 * Tables any request may write to by design, reads and refused requests included, each with
 * why (test/safe-methods.test.ts, test/access-control.test.ts).
 */
const requestBookkeeping: Bookkeeping = {
  session: {
    changes: 'content',
    why: "a session's expiry is renewed and its last activity noted as it is used (§5, §12)",
  },
  api_keys: {
    changes: 'content',
    why: "a key's last use is noted at most once a minute (§12)",
  },
  api_key_windows: {
    changes: 'rows',
    why: "the public API's rate-limit windows count every request, reads included (§3.20)",
  },
  rate_limit: { changes: 'rows', why: "better-auth's request windows count reads too" },
  attempt_counter: { changes: 'rows', why: 'limit windows of requests (sign-ins, streams)' },
  fleet_call_log: {
    changes: 'rows',
    why: "a provider's calls the fleet made in each limit's last window: a read may call the provider",
  },
  daily_bars: {
    changes: 'rows',
    why: 'a cache of market data: five years are fetched the first time anyone opens a symbol',
  },
  bar_coverage: { changes: 'rows', why: 'what the daily-bar cache holds, beside it' },
  company_data: { changes: 'rows', why: 'a cache of company data, kept a day' },
  discovered_symbols: { changes: 'rows', why: 'a cache of symbols the provider named' },
  research_summaries: {
    changes: 'rows',
    why: "summaries shared by every reader: a member's POST has one written (or claims it) once for all (§3.13, ADR 81)",
  },
  jobs: {
    changes: 'rows where',
    strictRows: sql`name <> 'history.fetch'`,
    why: "filling the daily-bar cache is claimed by a 'history.fetch' row, so one instance fetches a symbol",
  },
};

/**
 * Every table of the database as `name: digest`, read in two statements: its row count and an
 * md5 of its rows (only the count for `content` bookkeeping, nothing for `rows`). Two digests
 * are equal when no row was added, removed or changed outside the bookkeeping.
 */
export async function tableDigests(database: Database): Promise<Record<string, string>> {
  const { db } = database;
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  ).map((row) => row.name);
  const parts = tables.map((name) => {
    const table = sql.identifier(name);
    const excluded = requestBookkeeping[name];
    if (excluded?.changes === 'rows') return sql`select ${name} as name, null as digest`;
    const digest =
      excluded?.changes === 'content'
        ? sql`count(*)::text`
        : sql`count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), ''))`;
    const where = excluded?.changes === 'rows where' ? sql` where ${excluded.strictRows}` : sql``;
    return sql`select ${name} as name, (select ${digest} from ${table} t${where}) as digest`;
  });
  const rows = rowsOf<{ name: string; digest: string | null }>(
    await db.execute(sql.join(parts, sql` union all `)),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.digest ?? 'not compared']));
}
