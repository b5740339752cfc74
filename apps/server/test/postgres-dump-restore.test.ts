import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { withDatabase } from './database-url.ts';
import {
  createTestApp,
  injectAs,
  signUpUser,
  type TestApp,
  testConfig,
  testDeps,
} from './test-app.ts';

const run = promisify(execFile);

/**
 * A PostgreSQL client program (`pg_dump`, `pg_restore`): from PG_BIN when set (CI names the
 * cluster's), else the newest installed version's, else the PATH's.
 */
function pgProgram(name: string): string {
  if (process.env.PG_BIN) return join(process.env.PG_BIN, name);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? join(root, versions[0], 'bin', name) : name;
}

/** Row counts of every table, found in the catalogue (not a list kept here). */
async function tableCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ schema: string; name: string }>(`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`);
    const counts: Record<string, number> = {};
    for (const { schema, name } of rows) {
      const result = await client.query<{ n: number }>(
        `select count(*)::int as n from "${schema}"."${name}"`,
      );
      counts[`${schema}.${name}`] = result.rows[0]?.n ?? -1;
    }
    return counts;
  } finally {
    await client.end();
  }
}

// The runbook's PostgreSQL backup (docs/operations.md), run as written: pg_dump's custom
// format, then pg_restore into a new database that the app opens as it is.
describe.skipIf(!process.env.DATABASE_URL)(
  'pg_dump and pg_restore of a PostgreSQL database',
  () => {
    let testApp: TestApp;
    let folder: string;
    const restoredName = `tw_restored_${process.pid}_${Date.now()}`;
    let restoredUrl: string;
    let admin: pg.Client;

    beforeAll(async () => {
      testApp = await createTestApp();
      folder = mkdtempSync(join(tmpdir(), 'tickerwise-pg-dump-'));
      admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      restoredUrl = withDatabase(process.env.DATABASE_URL as string, restoredName);
    });
    afterAll(async () => {
      await testApp.close();
      await admin.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
      await admin.end();
      rmSync(folder, { recursive: true, force: true });
    });

    it('restores every row into a new database, which the app serves without migrating again', async () => {
      const { app } = testApp;
      const user = await signUpUser(app, { name: 'Restored Investor' });
      const created = await injectAs(app, user, 'POST', '/api/watchlists', { name: 'Kept list' });
      expect(created.statusCode).toBe(201);
      const watchlistId = created.json().watchlist.id as string;
      const added = await injectAs(app, user, 'POST', `/api/watchlists/${watchlistId}/symbols`, {
        symbol: 'MSFT',
      });
      expect(added.statusCode).toBe(201);
      const sourceUrl = testApp.db.url as string;

      const file = join(folder, 'tickerwise.dump');
      await run(pgProgram('pg_dump'), ['--format=custom', `--file=${file}`, sourceUrl]);
      await admin.query(`CREATE DATABASE ${restoredName}`);
      await run(pgProgram('pg_restore'), ['--no-owner', `--dbname=${restoredUrl}`, file]);

      expect(await tableCounts(restoredUrl)).toEqual(await tableCounts(sourceUrl));

      let database: Database | undefined;
      try {
        // The migrations' own table came with the dump: none is pending, none runs again.
        database = await openDatabase({ databaseUrl: restoredUrl, migrate: 'check' });
        expect(await database.pendingMigrations()).toBe(0);
        const restored = await buildApp(testConfig(), testDeps({ database }));
        try {
          // The session came with the dump too: the same cookie reads the same list.
          const list = await injectAs(restored, user, 'GET', `/api/watchlists/${watchlistId}`);
          expect(list.statusCode).toBe(200);
          expect(list.json()).toMatchObject({
            watchlist: { name: 'Kept list' },
            rows: [expect.objectContaining({ symbol: 'MSFT' })],
          });
        } finally {
          await restored.close();
        }
      } finally {
        await database?.close();
      }
      // Two client programs and an app on the restored copy: a minute on a busy machine.
    }, 120_000);
  },
);
