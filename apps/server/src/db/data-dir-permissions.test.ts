import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { describeDataDirModes, secureDataDir } from './data-dir-permissions.ts';

const folders: string[] = [];
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'tw-modes-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every entry under `folder` whose mode lets another local account in. */
async function sharedEntries(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true });
  return [folder, ...entries.map((entry) => join(folder, entry))]
    .filter((path) => modeOf(path) & 0o077)
    .map((path) => `${path} ${modeOf(path).toString(8)}`);
}

describe('the data folder is private to the server account', () => {
  it('creates a missing DATA_DIR as 0700', () => {
    const dataDir = join(tempFolder(), 'data');
    lockDataDir(dataDir)();
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('removes group and other access from the folder and everything in it, and says so', () => {
    const dataDir = join(tempFolder(), 'data');
    mkdirSync(join(dataDir, 'base', '5'), { recursive: true });
    writeFileSync(join(dataDir, 'base', '5', '1259'), 'pages');
    writeFileSync(join(dataDir, 'PG_VERSION'), '17');
    for (const path of ['base', 'base/5']) chmodSync(join(dataDir, path), 0o755);
    chmodSync(join(dataDir, 'base', '5', '1259'), 0o666);
    chmodSync(join(dataDir, 'PG_VERSION'), 0o644);
    chmodSync(dataDir, 0o755);

    const modes = secureDataDir(dataDir);
    expect(modes).toEqual({ folderWasShared: true, tightened: 5, stillShared: [] });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'base', '5'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'base', '5', '1259'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'PG_VERSION'))).toBe(0o600);
    expect(describeDataDirModes(dataDir, modes)).toMatch(/was open to other local accounts/);
    // Nothing left to do on the next start: nothing to say either.
    expect(describeDataDirModes(dataDir, secureDataDir(dataDir))).toBeUndefined();
  });

  it('names what it could not tighten and how to fix it', () => {
    const message = describeDataDirModes('/srv/tw', {
      folderWasShared: true,
      tightened: 0,
      stillShared: [{ path: 'base/5/1259', mode: '0666', code: 'EPERM' }],
    });
    expect(message).toContain('base/5/1259 is 0666: EPERM');
    expect(message).toContain('chmod -R go-rwx /srv/tw');
  });

  it('leaves no database file open to other accounts once PGlite has opened the folder', async () => {
    const dataDir = join(tempFolder(), 'data');
    // A folder an older version left readable by everyone.
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const warnings: string[] = [];
    const database = await openDatabase({
      dataDir,
      migrate: false,
      warn: (message) => warnings.push(message),
    });
    try {
      expect(await sharedEntries(dataDir)).toEqual([]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/was open to other local accounts/);
    } finally {
      await database.close();
    }
    // A new database is unpacked (initdb): slow on a busy machine.
  }, 120_000);
});
