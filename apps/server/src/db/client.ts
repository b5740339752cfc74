import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { Scheduler } from '../lifecycle/scheduler.ts';
import { migrationsFolder } from '../package-root.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { describeDataDirModes, secureDataDir } from './data-dir-permissions.ts';
import { defaultDurability, PgliteDurability } from './pglite-durability.ts';
import { defaultStatistics, PgliteStatistics } from './pglite-statistics.ts';
import { PriorityGate } from './priority-gate.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle database, the same type over PGlite and over node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type ChangeListener = (payload: string) => void;

/** The database and the few things the app needs beyond queries. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** One real round-trip to the database. */
  ping(): Promise<void>;
  /** Subscribes to a PostgreSQL NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, listener: ChangeListener): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `callback` each time LISTEN is re-established after the listening connection was
   * lost (PostgreSQL only): notifications sent in between were missed. Returns an unsubscribe.
   */
  onListenRestored(callback: () => void): () => void;
  /** Applies pending migrations; safe when several instances start together. */
  migrate(): Promise<void>;
  /** How many of the migrations this code knows the database has not applied yet. */
  pendingMigrations(): Promise<number>;
  /** PostgreSQL: the connection pool's use, for `/metrics`; PGlite (one connection): undefined. */
  poolUse(): PoolUse | undefined;
  /**
   * PGlite: a gzipped tar of the data folder, consistent (taken between transactions, after a
   * checkpoint), that `npm run restore` unpacks. PostgreSQL: undefined (use pg_dump).
   */
  backup(): Promise<Blob | undefined>;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: every connection is busy. */
  waiting: number;
  max: number;
}

export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/** The database lacks migrations this code needs, and this server was told not to apply them. */
export class MigrationsPendingError extends Error {
  override name = 'MigrationsPendingError';
}

/**
 * The migrations this code knows that a database whose last applied migration was made at
 * `lastAppliedMillis` lacks, as drizzle's migrator counts them (by each folder's time).
 */
function pendingSince(lastAppliedMillis: number | undefined): number {
  const known = readMigrationFiles({ migrationsFolder });
  if (lastAppliedMillis === undefined) return known.length;
  return known.filter((migration) => migration.folderMillis > lastAppliedMillis).length;
}

/** The newest applied migration's time, from drizzle's own table; undefined when none is. */
async function lastAppliedMigration(
  query: (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>,
): Promise<number | undefined> {
  const table = await query(`
    select exists (select 1 from information_schema.tables
      where table_schema = 'drizzle' and table_name = '__drizzle_migrations') as present`);
  if (!table.rows[0]?.present) return undefined;
  const result = await query('select max(created_at) as last from drizzle.__drizzle_migrations');
  const last = result.rows[0]?.last;
  return last === null || last === undefined ? undefined : Number(last);
}

/** Applies the migrations, or with `migrate: false` checks that none is pending. */
async function prepare(database: Database, migrate: boolean | 'check'): Promise<void> {
  if (migrate === true) {
    await database.migrate();
    return;
  }
  if (migrate !== 'check') return;
  const pending = await database.pendingMigrations();
  if (pending > 0) {
    throw new MigrationsPendingError(
      `The database lacks ${pending} migration${pending === 1 ? '' : 's'} this version needs, and MIGRATE_ON_START is false: run the migrate command (npm run migrate) first`,
    );
  }
}

export interface OpenDatabaseOptions {
  /** Folder for the embedded database; ignored when `databaseUrl` is set. */
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
  /** Start an in-memory PGlite from this dump (tests); skips the folder lock. */
  snapshot?: Blob | File | undefined;
  /**
   * Apply pending migrations before returning (true, the default); `check` applies none and
   * refuses (MigrationsPendingError) a database that lacks one; false does neither (tests
   * that open a copy of a migrated database).
   */
  migrate?: boolean | 'check';
  /** Where to report what the operator should know (data folder permissions, fsync). */
  warn?: (message: string) => void;
  /**
   * Runs PGlite's periodic work (log flushes, checkpoints, planner statistics): the app's
   * scheduler, so its loops are listed and stopped with the app's. Without one the database
   * runs them on a scheduler of its own; either way `close()` stops them.
   */
  scheduler?: Scheduler;
  /**
   * Told each statement the app sends, with its parameters, as it is sent (tests count a
   * route's statements).
   */
  onQuery?: ((statement: string, params: readonly unknown[]) => void) | undefined;
}

/** Drizzle's logger, when statements are to be told to `onQuery`. */
const queryLogger = (onQuery: OpenDatabaseOptions['onQuery']) =>
  onQuery
    ? {
        logger: {
          logQuery: (statement: string, params: unknown[]) => onQuery(statement, params),
        },
      }
    : {};

const channelName = /^[a-z_][a-z0-9_]*$/;
function assertChannel(channel: string): void {
  if (!channelName.test(channel)) throw new Error(`Bad channel name: ${channel}`);
}

/** Opens PGlite (embedded) or PostgreSQL (`databaseUrl`) and applies the migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.onQuery)
    : await openPglite(options);
  try {
    await prepare(database, options.migrate ?? true);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  const unlock = options.snapshot || !options.dataDir ? () => {} : lockDataDir(options.dataDir);
  let client: PGlite;
  try {
    client = options.snapshot
      ? await PGlite.create({ loadDataDir: options.snapshot })
      : await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {});
  } catch (error) {
    unlock();
    throw new DatabaseUnavailableError(
      `The embedded database in ${options.dataDir ?? 'memory'} cannot be opened: ${(error as Error).message}`,
    );
  }
  if (options.dataDir && !options.snapshot) {
    // After PGlite has unpacked a new database (its files are 0666) or opened an old one.
    const notice = describeDataDirModes(options.dataDir, secureDataDir(options.dataDir));
    if (notice) options.warn?.(notice);
  }
  // Every statement and transaction takes PGlite's one connection through this gate:
  // requests before the instance's own background work (ADR 0074).
  const gate = new PriorityGate();
  const runExclusive = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = (unit) => gate.run(() => runExclusive(unit));
  const db = drizzlePglite({ client, schema, ...queryLogger(options.onQuery) }) as unknown as Db;
  let closed = false;
  const durability =
    options.dataDir && !options.snapshot
      ? new PgliteDurability(options.dataDir, {
          ...defaultDurability,
          exec: (sql) => client.exec(sql),
          onError: (error) =>
            options.warn?.(`Flushing the database to disk failed: ${(error as Error).message}`),
        })
      : undefined;
  const scheduler =
    options.scheduler ??
    new Scheduler({
      error: (_details, message) => options.warn?.(message),
    });
  durability?.start(scheduler);
  const statistics = new PgliteStatistics({
    ...defaultStatistics,
    query: (sql) => client.query(sql),
    onError: (error) =>
      options.warn?.(`Updating the planner's statistics failed: ${(error as Error).message}`),
  });
  // A database filled while the server was down (an import, a restore) is planned right at once.
  await statistics.refresh().catch((error: unknown) => {
    options.warn?.(`Updating the planner's statistics failed: ${(error as Error).message}`);
  });
  statistics.start(scheduler);
  return {
    kind: 'pglite',
    db,
    async ping() {
      if (closed) throw new DatabaseUnavailableError('The database is closed');
      await client.query('select 1');
    },
    async listen(channel, listener) {
      assertChannel(channel);
      const unsubscribe = await client.listen(channel, listener);
      return async () => {
        if (!closed) await unsubscribe();
      };
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    onListenRestored() {
      // In-process: the connection cannot be lost while the database is open.
      return () => {};
    },
    async migrate() {
      // One connection: nothing else can run between the migrations.
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    },
    async pendingMigrations() {
      return pendingSince(
        await lastAppliedMigration((text) => client.query<Record<string, unknown>>(text)),
      );
    },
    poolUse() {
      return undefined;
    },
    async backup() {
      if (closed) throw new DatabaseUnavailableError('The database is closed');
      // Inside a transaction of its own, the copy holds PGlite's one connection: no other
      // transaction is half-way through and nothing writes until the copy is taken. The
      // checkpoint first writes every committed change into the data files, so the copy
      // opens without replaying the write-ahead log.
      return client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return client.dumpDataDir('gzip');
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await statistics.stop();
        await durability?.stop();
        if (!options.scheduler) await scheduler.stop();
        // Statements already handed to the gate run on an open connection (ADR 0083).
        await gate.settled();
        // Closing writes a shutdown checkpoint; then everything reaches the disk.
        await client.close();
        await durability?.flush('');
      } finally {
        unlock();
      }
    },
  };
}

async function openPostgres(
  connectionString: string,
  onQuery?: OpenDatabaseOptions['onQuery'],
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client whose server went away emits 'error' on the pool; without a handler
  // that would crash the process. The next query reconnects or fails and is answered.
  pool.on('error', () => {});
  // A client checked out between two queries (inside a transaction) emits 'error' on itself
  // when PostgreSQL shuts down or the connection drops, and the pool listens only to idle
  // ones: without this the process would crash. Its next query fails instead (503).
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw new DatabaseUnavailableError(
      `DATABASE_URL cannot be reached: ${(error as Error).message || String(error)}`,
    );
  }
  const db = drizzlePg({ client: pool, schema, ...queryLogger(onQuery) }) as unknown as Db;
  const listeners = new Map<string, Set<ChangeListener>>();
  const restoredCallbacks = new Set<() => void>();
  let listenClient: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  // One dedicated connection carries every LISTEN; it is re-made after a failure.
  const listenConnection = (): Promise<pg.Client> => {
    if (listenClient) return Promise.resolve(listenClient);
    connecting ??= (async () => {
      // keepAlive: a connection silently cut by the network is noticed and re-made too.
      const client = new pg.Client({
        connectionString,
        connectionTimeoutMillis: 3_000,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      });
      client.on('error', () => {
        if (listenClient === client) listenClient = undefined;
        client.end().catch(() => {});
        if (!closed) setTimeout(() => resubscribe(), 1_000).unref();
      });
      client.on('notification', (message) => {
        for (const listener of listeners.get(message.channel) ?? []) {
          listener(message.payload ?? '');
        }
      });
      await client.connect();
      listenClient = client;
      return client;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };
  const resubscribe = async () => {
    if (closed || listeners.size === 0) return;
    try {
      const client = await listenConnection();
      for (const channel of listeners.keys()) await client.query(`LISTEN ${channel}`);
      for (const callback of restoredCallbacks) callback();
    } catch {
      if (!closed) setTimeout(() => resubscribe(), 1_000).unref();
    }
  };

  return {
    kind: 'postgres',
    db,
    async ping() {
      await pool.query('select 1');
    },
    async listen(channel, listener) {
      assertChannel(channel);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        const client = await listenConnection();
        await client.query(`LISTEN ${channel}`);
      }
      set.add(listener);
      return async () => {
        const current = listeners.get(channel);
        current?.delete(listener);
        if (current && current.size === 0) {
          listeners.delete(channel);
          await listenClient?.query(`UNLISTEN ${channel}`).catch(() => {});
        }
      };
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    onListenRestored(callback) {
      restoredCallbacks.add(callback);
      return () => restoredCallbacks.delete(callback);
    },
    async backup() {
      return undefined;
    },
    async pendingMigrations() {
      return pendingSince(
        await lastAppliedMigration((text) => pool.query<Record<string, unknown>>(text)),
      );
    },
    poolUse() {
      return {
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: poolSize,
      };
    },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
        try {
          await migratePg(drizzlePg({ client }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Connections each instance's pool may open. */
const poolSize = 10;

/** Key of the advisory lock that serialises migrations between instances starting together. */
const migrationLockKey = 727_001;
