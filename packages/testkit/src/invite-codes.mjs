import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repositoryRoot } from './server-bundle.mjs';

/**
 * Makes `count` invitation codes to the Alpha Tester plan with `npm run invite`, the
 * operator's command, against the server that runs on `dataDir`.
 */
export async function inviteCodes(dataDir, count = 1) {
  const script = join(repositoryRoot, 'apps/server/scripts/invite.mjs');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [script, '--count', String(count)],
    { env: { ...process.env, DATA_DIR: dataDir } },
  );
  return stdout.split('\n').filter((line) => line.length > 0);
}
