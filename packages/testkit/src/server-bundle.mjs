import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

/** The repository's root folder (this package lives in packages/testkit). */
export const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..');

/**
 * Bundles the production server (apps/server/scripts/build.mjs) into `outfile`, so that runs
 * in parallel on one checkout each start their own build.
 * @param {string} outfile
 */
export function buildServerBundle(outfile) {
  execFileSync(process.execPath, ['scripts/build.mjs', '--outfile', outfile], {
    cwd: join(repositoryRoot, 'apps/server'),
    stdio: 'inherit',
  });
}
