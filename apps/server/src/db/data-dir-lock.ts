import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirError extends Error {
  override name = 'DataDirError';
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process per data folder: a second server on the same folder would corrupt it.
 * The lock file holds the owner's pid; a lock left by a process that is gone is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  try {
    // Private from the start: the database files hold password hashes and sessions.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new DataDirError(`DATA_DIR ${dataDir} cannot be created (${code})`);
  }
  const lockFile = join(dataDir, '.tickerwise.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') {
        throw new DataDirError(`DATA_DIR ${dataDir} is not writable (${code ?? 'error'})`);
      }
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new DataDirError(
          `DATA_DIR ${dataDir} is in use by another Tickerwise server (pid ${owner}); stop it or set another DATA_DIR`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirError(`DATA_DIR ${dataDir} could not be locked`);
}
