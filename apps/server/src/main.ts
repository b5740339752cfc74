import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseUnavailableError, MigrationsPendingError, openDatabase } from './db/client.ts';
import { DataDirError } from './db/data-dir-lock.ts';
import { UnopenableSealError } from './db/reseal.ts';
import { stopGracefully } from './lifecycle/drain.ts';
import { defaultWebDistDir } from './package-root.ts';
import { ResealRefused, resealSecrets, storedAuthSecret } from './reseal.ts';

const expectedFailures = [
  ConfigError,
  DataDirError,
  DatabaseUnavailableError,
  MigrationsPendingError,
  ResealRefused,
  UnopenableSealError,
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

/** The first line of standard input, trimmed: empty when nothing was piped in. */
async function firstLineOfInput(): Promise<string> {
  if (process.stdin.isTTY) return '';
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return (text.split('\n')[0] ?? '').trim();
}

/**
 * `main.js reseal`: after an `AUTH_SECRET` rotation, re-seals what the server keeps sealed
 * under it (docs/operations.md, "Rotating secrets"). The new secret is `AUTH_SECRET`; the old
 * one is read from standard input (not an argument, which other users' `ps` would show), or,
 * with nothing piped in, is the secret the server kept for itself while `AUTH_SECRET` was
 * unset. One transaction: a wrong old secret changes nothing; a second run finds nothing to do.
 */
async function reseal(): Promise<void> {
  const config = loadConfig();
  if (!config.authSecret) {
    throw new ConfigError('Set AUTH_SECRET to the new secret, and pipe the old one in');
  }
  const given = await firstLineOfInput();
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    warn: (message) => process.stderr.write(`tickerwise: ${message}\n`),
    migrate: 'check',
  });
  try {
    const from = given || (await storedAuthSecret(database.db));
    if (!from) {
      throw new ResealRefused(
        'Pipe the old AUTH_SECRET in (the server kept no secret of its own to rotate from)',
      );
    }
    const { twoFactor, destinations } = await resealSecrets(database.db, {
      from,
      to: config.authSecret,
    });
    process.stdout.write(
      `tickerwise: re-sealed ${twoFactor.resealed} two-factor sign-ins and ${destinations.resealed} alert destinations under the new AUTH_SECRET; ${twoFactor.current + destinations.current} already were\n`,
    );
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  // Files the server creates (the database's above all) are private to its account.
  process.umask(0o077);
  const command = process.argv[2];
  if (command === 'migrate') return migrate();
  if (command === 'reseal') return reseal();
  if (command !== undefined) {
    throw new ConfigError(`Unknown command ${command}: try migrate or reseal`);
  }
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
    // instance, then closes, within the stop's budget (lifecycle/drain.ts, stop-budget.ts).
    void stopGracefully(app).then((code) => process.exit(code));
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
