import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { PgliteStatistics } from './pglite-statistics.ts';

const clients: PGlite[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

async function filledDatabase(): Promise<PGlite> {
  const client = await PGlite.create();
  clients.push(client);
  await client.exec(`
    create table quiet (id int primary key);
    create table busy (id int primary key, owner int not null);
    create index busy_owner_idx on busy (owner);
    insert into quiet select generate_series(1, 10);
    insert into busy select n, n % 50 from generate_series(1, 20000) as n;`);
  return client;
}

const statisticsOf = (client: PGlite) =>
  new PgliteStatistics({
    everyMs: 60_000,
    query: (sql) => client.query(sql),
    onError: (error) => {
      throw error;
    },
  });

async function estimatedRows(client: PGlite, sql: string): Promise<number> {
  const { rows } = await client.query<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
    `explain (format json) ${sql}`,
  );
  return rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows'];
}

/** Each test makes a new PGlite database (an initdb, about 5 s on a quiet machine). */
const newDatabaseTimeout = 60_000;

describe("keeping the embedded database's planner statistics current", () => {
  it(
    'analyses the tables never analysed or where many rows changed, as autovacuum would, and only those',
    async () => {
      const client = await filledDatabase();
      const statistics = statisticsOf(client);

      // Both never analysed; the next passes look only at the rows that changed.
      expect(await statistics.refresh()).toEqual(['public.busy', 'public.quiet']);
      // Analysed: the next pass has nothing to do until enough rows change again.
      expect(await statistics.refresh()).toEqual([]);
      await client.exec('update busy set owner = owner + 1 where id <= 40');
      expect(await statistics.refresh()).toEqual([]);
      await client.exec('update busy set owner = owner + 1 where id <= 3000');
      expect(await statistics.refresh()).toEqual(['public.busy']);
    },
    newDatabaseTimeout,
  );

  it(
    "gives the planner the table's real size, so it plans for it",
    async () => {
      const client = await filledDatabase();
      const query = 'select * from busy where owner = 7';
      const before = await estimatedRows(client, query);

      await statisticsOf(client).refresh();

      // 20,000 rows over 50 owners: 400 each, where the never-analysed table was guessed at.
      expect(before).not.toBeGreaterThan(150);
      expect(await estimatedRows(client, query)).toBeGreaterThan(300);
    },
    newDatabaseTimeout,
  );
});
