import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseUnavailableError, MigrationsPendingError, openDatabase } from './db/client.ts';
import { DataDirError } from './db/data-dir-lock.ts';
import { shutDown } from './lifecycle/drain.ts';
import { defaultWebDistDir } from './package-root.ts';

const expectedFailures = [
  ConfigError,
  DataDirError,
  DatabaseUnavailableError,
  MigrationsPendingError,
];

function fail(error: unknown): never {
  const known = expectedFailures.some((type) => error instanceof type);
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`tickerwise: ${message}\n`);
  if (!known && error instanceof Error && process.env.NODE_ENV !== 'production') {
    process.stderr.write(`${error.stack}\n`);
  }
  process.exit(1);
}

/**
 * `main.js migrate`: applies the pending migrations to the configured database and exits, once
 * per deploy, before instances started with MIGRATE_ON_START=false take the new version.
 */
async function migrate(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    warn: (message) => process.stderr.write(`tickerwise: ${message}\n`),
  });
  await database.close();
  process.stdout.write(
    `tickerwise: the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database has every migration\n`,
  );
}

async function main(): Promise<void> {
  // Files the server creates (the database's above all) are private to its account.
  process.umask(0o077);
  const command = process.argv[2];
  if (command === 'migrate') return migrate();
  if (command !== undefined) throw new ConfigError(`Unknown command ${command}: try migrate`);
  const config = loadConfig();
  if (config.env === 'production' && !config.webDistDir) config.webDistDir = defaultWebDistDir;
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      process.stderr.write(`tickerwise: ${signal} again, exiting now\n`);
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stops accepting, lets requests in flight finish and live streams move to another
    // instance, then closes (lifecycle/drain.ts).
    shutDown(app).then(
      () => process.exit(0),
      (error: unknown) => fail(error),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close().catch(() => {});
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(new ConfigError(`PORT ${config.port} is already in use`));
    throw error;
  }
  if (config.metrics) {
    try {
      const url = await app.metrics.listen(config.metrics);
      app.log.info({ url: `${url}/metrics` }, 'metrics listening');
    } catch (error) {
      await app.close().catch(() => {});
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') {
        fail(new ConfigError(`METRICS_PORT ${config.metrics.port} is already in use`));
      }
      throw error;
    }
  }
}

main().catch(fail);
