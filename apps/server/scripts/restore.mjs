// Restores a backup made by `npm run backup` into an empty DATA_DIR: `npm run restore -- FILE`.
// It unpacks the copy with PGlite, opens it, and lists what it holds; then start the server
// with that DATA_DIR. A folder that holds anything is refused: restoring never overwrites.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

const usage = `Usage: DATA_DIR=FOLDER npm run restore -- FILE

  FILE       a backup written by npm run backup (.tar.gz)
  DATA_DIR   an empty or missing folder to restore into (default ./data)`;

function fail(message, code = 1) {
  process.stderr.write(`restore: ${message}\n`);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
} catch (error) {
  fail(`${error.message}\n\n${usage}`, 2);
}
if (parsed.values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
if (parsed.positionals.length !== 1) fail(`give one backup FILE.\n\n${usage}`, 2);

const file = resolve(parsed.positionals[0]);
let archive;
try {
  archive = readFileSync(file);
} catch (error) {
  fail(`cannot read ${file}: ${error.code === 'ENOENT' ? 'it does not exist' : error.message}`);
}
if (archive[0] !== 0x1f || archive[1] !== 0x8b) {
  fail(`${file} is not a backup from npm run backup (not a gzipped archive).`);
}

const dataDir = resolve(process.env.DATA_DIR || './data');
const existing = statSync(dataDir, { throwIfNoEntry: false });
if (existing && !existing.isDirectory()) fail(`DATA_DIR ${dataDir} is a file, not a folder.`);
if (existing && readdirSync(dataDir).length > 0) {
  fail(
    `DATA_DIR ${dataDir} is not empty. Restore into an empty folder: stop the server, move ` +
      `${dataDir} aside (or choose another DATA_DIR), then run this again.`,
  );
}
// The database files hold password hashes: private to this account, like the server's.
process.umask(0o077);
mkdirSync(dataDir, { recursive: true, mode: 0o700 });

let database;
try {
  database = await PGlite.create({ dataDir, loadDataDir: new Blob([archive]) });
  // The server's own files came along in the copy: they belong to the process that made it.
  for (const name of ['.tickerwise.lock', 'operator.json'])
    rmSync(join(dataDir, name), { force: true });
  const { rows } = await database.query(`
    select table_schema || '.' || table_name as name
    from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1`);
  const counts = [];
  for (const { name } of rows) {
    const [schema, table] = name.split('.');
    const result = await database.query(`select count(*)::int as n from "${schema}"."${table}"`);
    counts.push(`${name} ${result.rows[0].n}`);
  }
  await database.close();
  process.stdout.write(
    `Restored ${file} into ${dataDir}: ${rows.length} tables.\n  ${counts.join('\n  ')}\n` +
      `Start the server with DATA_DIR=${dataDir}.\n`,
  );
} catch (error) {
  await database?.close().catch(() => {});
  // Leave the folder empty again, so the command can be run once more.
  for (const name of readdirSync(dataDir))
    rmSync(join(dataDir, name), { recursive: true, force: true });
  fail(`${file} could not be restored: ${error.message}`);
}
