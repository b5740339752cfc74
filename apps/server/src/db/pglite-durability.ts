import type { Dirent } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ScheduledLoop, Scheduler } from '../lifecycle/scheduler.ts';

/**
 * How the server makes up for what PGlite on Node does not do (docs/decisions/0007): PGlite
 * runs PostgreSQL with fsync off and its file system never calls fsync, so committed data
 * reaches the kernel at once (safe from a crash of the process) but the disk only when the
 * kernel writes it back (not safe from a crash of the machine). So:
 *
 * - every `walFlushMs` the write-ahead log files changed since the last pass are fsync'ed:
 *   a power cut loses at most that long of acknowledged writes;
 * - every `checkpointMs` a CHECKPOINT writes every change into the data files, and then every
 *   changed file of the folder is fsync'ed: the log to replay after a crash stays short, so
 *   a restart after a crash stays quick, and the log does not grow without end.
 */
export interface DurabilityOptions {
  walFlushMs: number;
  checkpointMs: number;
  /** Runs one statement on the database (through its single connection). */
  exec: (sql: string) => Promise<unknown>;
  onError: (error: unknown) => void;
}

export const defaultDurability = { walFlushMs: 1_000, checkpointMs: 5 * 60_000 } as const;

export class PgliteDurability {
  private loops: ScheduledLoop[] = [];
  /** Modification time of each file when it was last fsync'ed. */
  private readonly flushed = new Map<string, number>();
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataDir: string,
    private readonly options: DurabilityOptions,
  ) {}

  /** Runs the two passes on `scheduler` (the app's, or the database's own). */
  start(scheduler: Scheduler): void {
    this.loops = [
      scheduler.every('database log flush', this.options.walFlushMs, () =>
        this.queue(() => this.flush('pg_wal')),
      ),
      scheduler.every('database checkpoint', this.options.checkpointMs, () =>
        this.queue(() => this.checkpoint()),
      ),
    ];
  }

  /** Stops both loops and waits for a pass under way. */
  async stop(): Promise<void> {
    for (const loop of this.loops) loop.stop();
    await this.running;
  }

  /** A CHECKPOINT, then every file changed since its last fsync is fsync'ed. */
  async checkpoint(): Promise<void> {
    await this.options.exec('CHECKPOINT');
    await this.flush('');
  }

  /**
   * fsyncs every file under `folder` (relative to the data folder) changed since last time,
   * and the folders holding them; resolves to the count of such folders.
   */
  async flush(folder: string): Promise<number> {
    const root = join(this.dataDir, folder);
    let entries: Dirent[];
    try {
      entries = await readdir(root, { recursive: true, withFileTypes: true });
    } catch {
      return 0; // not created yet, or the folder is being closed
    }
    const folders = new Set<string>();
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      const changed = await stat(path).then(
        (stats) => stats.mtimeMs,
        () => undefined,
      );
      if (changed === undefined || this.flushed.get(path) === changed) continue;
      if (await fsyncPath(path)) {
        this.flushed.set(path, changed);
        folders.add(entry.parentPath);
      }
    }
    // New and renamed files are entries of their folders: make those durable too.
    for (const parent of folders) await fsyncPath(parent);
    return folders.size;
  }

  /** One pass at a time; a failed pass is reported and the next one tries again. */
  private queue(pass: () => Promise<unknown>): Promise<void> {
    this.running = this.running.then(pass).then(
      () => undefined,
      (error: unknown) => this.options.onError(error),
    );
    return this.running;
  }
}

async function fsyncPath(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    return true;
  } catch {
    return false; // removed meanwhile (a recycled log segment): nothing to keep
  }
}
