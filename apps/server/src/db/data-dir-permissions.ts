import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Group and other permission bits: none of them belong on the database's files. */
const sharedBits = 0o077;

export interface DataDirModes {
  /** The folder itself was open to other local accounts before this start. */
  folderWasShared: boolean;
  /** Entries whose group/other permissions were removed. */
  tightened: number;
  /** Entries still open to other accounts because chmod failed (not the owner, read-only...). */
  stillShared: { path: string; mode: string; code: string }[];
}

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/**
 * Makes DATA_DIR and everything in it private to the account running the server (folders
 * 0700, files 0600 at most). PGlite unpacks a new database with 0666 files, so otherwise any
 * local account could read password hashes and sessions, or change a tier. Symbolic links
 * are left alone (chmod would follow them out of the folder).
 */
export function secureDataDir(dataDir: string): DataDirModes {
  const result: DataDirModes = { folderWasShared: false, tightened: 0, stillShared: [] };
  const visit = (path: string, isRoot: boolean) => {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (!stats || stats.isSymbolicLink()) return;
    if (stats.mode & sharedBits) {
      if (isRoot) result.folderWasShared = true;
      try {
        chmodSync(path, stats.mode & 0o7700);
        result.tightened++;
      } catch (error) {
        result.stillShared.push({
          path: relative(dataDir, path) || '.',
          mode: octal(stats.mode),
          code: (error as NodeJS.ErrnoException).code ?? 'error',
        });
      }
    }
    if (stats.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name), false);
    }
  };
  visit(dataDir, true);
  return result;
}

/** One line for the operator, or undefined when there is nothing worth saying. */
export function describeDataDirModes(dataDir: string, modes: DataDirModes): string | undefined {
  if (modes.stillShared.length > 0) {
    const [first] = modes.stillShared;
    return `DATA_DIR ${dataDir}: ${modes.stillShared.length} entries stay readable by other local accounts (${first?.path} is ${first?.mode}: ${first?.code}). Run chmod -R go-rwx ${dataDir} as their owner.`;
  }
  if (modes.folderWasShared) {
    return `DATA_DIR ${dataDir} was open to other local accounts: made it and ${modes.tightened - 1} entries in it private (0700 folders, 0600 files).`;
  }
  return undefined;
}
