import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '/work/main/apps/server/src/package-root.ts';

const c0 = process.cpuUsage();
const client = await PGlite.create();
await migrate(drizzle({ client }), { migrationsFolder });
const dump = await client.dumpDataDir('gzip');
await client.close();
const c1 = process.cpuUsage(c0);
console.log('migrate cpu ms', (c1.user + c1.system) / 1000, 'dump bytes', dump.size);
for (let i = 0; i < 4; i++) {
  const s = process.cpuUsage();
  const t = performance.now();
  const db = await PGlite.create({ loadDataDir: dump });
  await db.query('select 1');
  const m = process.cpuUsage(s);
  const s2 = process.cpuUsage();
  await db.close();
  const m2 = process.cpuUsage(s2);
  console.log(
    'open cpu ms',
    (m.user + m.system) / 1000,
    'wall',
    Math.round(performance.now() - t),
    'close cpu',
    (m2.user + m2.system) / 1000,
  );
}
const tables = await (async () => {
  const db = await PGlite.create({ loadDataDir: dump });
  const r = await db.query<{ n: string }>(
    "select table_name as n from information_schema.tables where table_schema='public' and table_type='BASE TABLE'",
  );
  const s = process.cpuUsage();
  const t = performance.now();
  await db.exec(
    'truncate ' + r.rows.map((x) => '"' + x.n + '"').join(',') + ' restart identity cascade',
  );
  const m = process.cpuUsage(s);
  console.log(
    'truncate',
    r.rows.length,
    'tables cpu ms',
    (m.user + m.system) / 1000,
    'wall',
    Math.round(performance.now() - t),
  );
  const nonEmpty = [];
  return r.rows.length;
})();
