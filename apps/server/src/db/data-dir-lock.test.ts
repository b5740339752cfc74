import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirError, lockDataDir } from './data-dir-lock.ts';

const folders: string[] = [];
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'tw-lock-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the data folder lock', () => {
  it('creates a missing folder and releases the lock', () => {
    const dataDir = join(tempFolder(), 'nested', 'data');
    const unlock = lockDataDir(dataDir);
    expect(readFileSync(join(dataDir, '.tickerwise.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    lockDataDir(dataDir)();
  });

  it('refuses a folder that a running server holds', async () => {
    const dataDir = tempFolder();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(join(dataDir, '.tickerwise.lock'), String(other.pid));
      expect(() => lockDataDir(dataDir)).toThrow(
        new DataDirError(
          `DATA_DIR ${dataDir} is in use by another Tickerwise server (pid ${other.pid}); stop it or set another DATA_DIR`,
        ),
      );
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a server that is gone', () => {
    const dataDir = tempFolder();
    writeFileSync(join(dataDir, '.tickerwise.lock'), '999999999');
    const unlock = lockDataDir(dataDir);
    expect(readFileSync(join(dataDir, '.tickerwise.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
  });

  it('says clearly when the folder cannot be created', () => {
    const file = join(tempFolder(), 'a-file');
    writeFileSync(file, '');
    expect(() => lockDataDir(join(file, 'data'))).toThrow(/cannot be created \(ENOTDIR\)/);
  });
});
