// Backs up the embedded database of a running server: `npm run backup -- --out FILE`.
// The server takes the copy (the only process that may open a PGlite data folder): between
// transactions and after a checkpoint, so it is consistent while users keep working. The
// file is a gzipped tar of the data folder for `npm run restore`; it holds every account's
// password hash, so it is written readable by its owner only. PostgreSQL: use pg_dump.
import { createHash } from 'node:crypto';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  callServer,
  commandOptions,
  errorMessage,
  fail as failWith,
  findServer,
} from './operator-client.mjs';

const usage = `Usage: npm run backup -- --out FILE [--force]

  --out     where to write the backup (a .tar.gz file); refused if it exists
  --force   replace FILE if it exists

Run it where the server runs, with the same DATA_DIR (default ./data). Restore with
npm run restore -- FILE into an empty DATA_DIR.`;

const fail = (message, code) => failWith('backup', message, code);

const options = commandOptions('backup', usage, {
  out: { type: 'string' },
  force: { type: 'boolean' },
});
if (!options.out) fail(`--out is required.\n\n${usage}`, 2);
const out = resolve(options.out);
if (existsSync(out) && !options.force) fail(`${out} exists: choose another --out, or add --force.`);

const server = findServer('backup');
const response = await callServer('backup', server, '/api/operator/backup', {
  signal: AbortSignal.timeout(10 * 60_000),
});
if (!response.ok) fail(await errorMessage(response));
const archive = Buffer.from(await response.arrayBuffer());
const expected = response.headers.get('x-backup-sha256');
if (createHash('sha256').update(archive).digest('hex') !== expected) {
  fail('the backup arrived incomplete (its checksum does not match); nothing was written.');
}

const partial = `${out}.partial`;
try {
  writeFileSync(partial, archive, { mode: 0o600 });
  renameSync(partial, out);
} catch (error) {
  rmSync(partial, { force: true });
  fail(`cannot write ${out}: ${error.message}`);
}
const megabytes = (archive.length / 1024 / 1024).toFixed(1);
process.stdout.write(`Backed up the database to ${out} (${megabytes} MB).\n`);
