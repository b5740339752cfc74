// The query plans of the community's reads at issue 27's scale, in this process: migrates a new
// database (an in-memory PGlite, or BENCH_DATABASE_URL's PostgreSQL: a new database on it,
// dropped after), seeds it as bench/community does, then runs each read of the feed through the
// community store and prints EXPLAIN ANALYZE of every query it sent, with its time.
// Run: npm run bench:community -- --explain   (or node --import tsx bench/community/explain.ts)
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import { CommunityStore } from '../../apps/server/src/modules/community/community-store.ts';
import { migrationsFolder } from '../../apps/server/src/package-root.ts';
import { defaultSeed, type Query, seedCommunity, seedSymbols } from './seed.ts';

const sent: { statement: string; params: unknown[] }[] = [];
const logger = {
  logQuery(statement: string, params: unknown[]) {
    sent.push({ statement, params });
  },
};

const adminUrl = process.env.BENCH_DATABASE_URL;
const benchDatabase = `tw_bench_explain_${process.pid}`;
let query: Query;
let db: Db;
let close: () => Promise<void>;
if (adminUrl) {
  const adminClient = new pg.Client({ connectionString: adminUrl });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${benchDatabase}`);
  const url = new URL(adminUrl);
  url.pathname = `/${benchDatabase}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  // The database is dropped at the end with its connections: nothing to report then.
  pool.on('error', () => {});
  await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
  db = drizzlePg({ client: pool, schema, logger }) as unknown as Db;
  query = (statement, params) => pool.query(statement, params);
  close = async () => {
    await pool.end();
    await adminClient.query(`DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`);
    await adminClient.end();
  };
} else {
  // BENCH_PGLITE_DIR=<folder>: the database stays there, seeded once, for the next run.
  const client = await PGlite.create(
    process.env.BENCH_PGLITE_DIR ? { dataDir: process.env.BENCH_PGLITE_DIR } : {},
  );
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  db = drizzlePglite({ client, schema, logger }) as unknown as Db;
  query = (statement, params) => client.query(statement, params);
  close = () => client.close();
}

try {
  const readers = ['bench-reader-1', 'bench-reader-2'];
  const { rows } = await query(`select count(*)::int as posts from community_posts`);
  const seeded = (rows[0] as { posts: number }).posts > 0;
  if (!seeded)
    await query(
      `insert into "user" (id, name, email, created_at, updated_at)
     select id, id, id || '@bench.example', now() - interval '30 days', now() from unnest($1::text[]) id`,
      [readers],
    );
  const started = performance.now();
  const options = { ...defaultSeed, readers, posters: [] };
  if (!seeded) {
    await query(`insert into profiles (id, name) select id, id from unnest($1::text[]) id`, [
      readers,
    ]);
    await seedCommunity(query, options);
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const symbols = seedSymbols(options.symbols);

  const store = new CommunityStore(db, () => new Date());
  const viewer = readers[0]!;
  const reads: [string, () => Promise<unknown>][] = [
    ['All, first page', () => store.feed(viewer, { kind: 'all' })],
    [
      'All, third page',
      async () => {
        const first = await store.feed(viewer, { kind: 'all' });
        const second = await store.feed(viewer, { kind: 'all' }, first.nextCursor!);
        sent.length = 0;
        return store.feed(viewer, { kind: 'all' }, second.nextCursor!);
      },
    ],
    ['Following, first page', () => store.feed(viewer, { kind: 'following' })],
    [
      'Following, third page',
      async () => {
        const first = await store.feed(viewer, { kind: 'following' });
        const second = await store.feed(viewer, { kind: 'following' }, first.nextCursor!);
        sent.length = 0;
        return store.feed(viewer, { kind: 'following' }, second.nextCursor!);
      },
    ],
    [
      `Symbol ${symbols[0]} (busiest)`,
      () => store.feed(viewer, { kind: 'symbol', symbol: symbols[0]! }),
    ],
    [
      `Symbol ${symbols.at(-1)} (quietest)`,
      () => store.feed(viewer, { kind: 'symbol', symbol: symbols.at(-1)! }),
    ],
    [
      'New posts in the last hour, All',
      () => store.newAfter(viewer, { kind: 'all' }, hourAgo(), 99),
    ],
    [
      'New posts in the last hour, Following',
      () => store.newAfter(viewer, { kind: 'following' }, hourAgo(), 99),
    ],
    ['Profile page', () => store.userPage(viewer, 'member7')],
  ];
  for (const [name, read] of reads) {
    sent.length = 0;
    await read();
    for (const { statement, params } of sent) {
      const plan = await query(`explain (analyze, costs off) ${statement}`, params);
      console.log(`\n=== ${name}\n${statement}\n`);
      for (const row of plan.rows as { 'QUERY PLAN': string }[]) console.log(row['QUERY PLAN']);
    }
  }
} finally {
  await close();
}

function hourAgo(): string {
  return Buffer.from(
    `${new Date(Date.now() - 3_600_000).toISOString()}|00000000-0000-0000-0000-000000000000`,
  ).toString('base64url');
}
