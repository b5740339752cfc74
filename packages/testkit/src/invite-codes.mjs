import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repositoryRoot } from './server-bundle.mjs';

/**
 * Makes `count` invitation codes to the Alpha Tester plan with `npm run invite`, the
 * operator's command, against the server that runs on `dataDir` (500 at a time, its most).
 * @param {string} dataDir
 * @param {number} [count]
 * @returns {Promise<string[]>}
 */
export async function inviteCodes(dataDir, count = 1) {
  const script = join(repositoryRoot, 'apps/server/scripts/invite.mjs');
  /** @type {string[]} */
  const codes = [];
  while (codes.length < count) {
    const batch = Math.min(500, count - codes.length);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [script, '--count', String(batch)],
      { env: { ...process.env, DATA_DIR: dataDir } },
    );
    codes.push(...stdout.split('\n').filter((line) => line.length > 0));
  }
  return codes;
}
