import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@tickerwise/testkit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processManagerGraceMs, stopBudget } from '../src/lifecycle/stop-budget.ts';
import { serverRoot } from '../src/package-root.ts';
import { withDatabase } from './database-url.ts';
import { parseMetrics, sampleValue } from './prometheus-text.ts';
import {
  buildServerBundle,
  type ServerBundle,
  type ServerProcess,
  startServerProcess,
} from './server-process.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The production bundle the commands run from, as `npm run migrate` runs `dist/main.js`: built
 * once for the file (esbuild, a second or two), where each start from source would transform
 * and load the whole app again (seconds of processor time, seven times).
 */
let bundle: ServerBundle;

/**
 * The server's command line (`main.js [command]`), run to its end; `input` is written to its
 * standard input, which then closes.
 */
function runServer(args: string[], env: Record<string, string>, input?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bundle.main, ...args],
      {
        cwd: serverRoot,
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
        timeout: 110_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** A database no one has migrated: a new folder, or a new PostgreSQL database. */
async function freshDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const folder = mkdtempSync(join(tmpdir(), 'tickerwise-deploy-'));
    return {
      env: { DATA_DIR: join(folder, 'data') },
      drop: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const name = `tw_deploy_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return {
    env: { DATABASE_URL: withDatabase(adminUrl, name) },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

describe('deploying: migrate once, then start instances that do not migrate', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    bundle = buildServerBundle('deploy');
    database = await freshDatabase();
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    bundle?.remove();
  });

  // Each test starts the server in a process of its own: seconds on a quiet machine, a minute
  // on a busy one.
  const processTimeout = 120_000;

  it(
    'refuses to serve a database that lacks migrations when told not to apply them',
    async () => {
      const refused = await runServer([], { ...database.env, MIGRATE_ON_START: 'false' });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^tickerwise: The database lacks \d+ migrations this version needs, and MIGRATE_ON_START is false: run the migrate command \(npm run migrate\) first\n$/,
      );
    },
    processTimeout,
  );

  it(
    'applies every migration with `migrate`, and a second run finds nothing to do',
    async () => {
      for (let run = 0; run < 2; run += 1) {
        const migrated = await runServer(['migrate'], database.env);
        expect(migrated.code, migrated.stderr).toBe(0);
        expect(migrated.stdout).toMatch(/database has every migration\n$/);
      }
      const unknown = await runServer(['migrat'], database.env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe('tickerwise: Unknown command migrat: try migrate or reseal\n');
    },
    processTimeout * 3,
  );

  it(
    'then serves without migrating: JSON log lines carrying the request id, metrics on their own port',
    async () => {
      const metricsPort = await freePort();
      server = await startServerProcess({
        timeoutMs: 110_000,
        stopTimeoutMs: processManagerGraceMs,
        env: {
          ...database.env,
          MIGRATE_ON_START: 'false',
          LOG_LEVEL: 'info',
          METRICS_PORT: String(metricsPort),
        },
      });
      const response = await fetch(`${server.url}/api/health`, {
        headers: { 'x-request-id': 'deploy-check-0001' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toBe('deploy-check-0001');
      await response.text();

      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      const samples = parseMetrics(await metrics.text());
      expect(
        sampleValue(samples, 'tickerwise_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/health',
          status: '200',
        }),
      ).toBeGreaterThanOrEqual(1);

      const lines = (server?.output() ?? '').split('\n').filter((line) => line.trim() !== '');
      expect(lines.length).toBeGreaterThan(0);
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const ofRequest = entries.filter((entry) => entry.requestId === 'deploy-check-0001');
      expect(ofRequest.map((entry) => entry.msg)).toEqual([
        'incoming request',
        'request completed',
      ]);
      expect(entries.some((entry) => entry.msg === 'metrics listening')).toBe(true);
    },
    processTimeout,
  );

  it(
    'stops on SIGTERM with exit code 0, well within the stop budget',
    async () => {
      const running = server!;
      server = undefined;
      const begun = performance.now();
      expect(await running.stop()).toEqual({ code: 0, signal: null });
      expect(performance.now() - begun).toBeLessThan(stopBudget.totalMs);
      const lines = running
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'));
      const messages = lines.map((line) => (JSON.parse(line) as { msg?: string }).msg);
      expect(messages).toContain('shutting down');
      expect(messages).toContain('stopped');
    },
    processTimeout,
  );

  it(
    're-seals with `reseal`: the old secret piped in, or the one the server kept for itself',
    async () => {
      const newSecret = 'a-configured-secret-long-enough-for-better-auth-0001';
      // The server above ran with no AUTH_SECRET: it made one and kept it in the database.
      const fromKept = await runServer(['reseal'], { ...database.env, AUTH_SECRET: newSecret }, '');
      expect(fromKept.code, fromKept.stderr).toBe(0);
      expect(fromKept.stdout).toBe(
        'tickerwise: re-sealed 0 two-factor sign-ins and 0 alert destinations under the new AUTH_SECRET; 0 already were\n',
      );
      const same = await runServer(
        ['reseal'],
        { ...database.env, AUTH_SECRET: newSecret },
        `${newSecret}\n`,
      );
      expect(same.code).toBe(1);
      expect(same.stderr).toBe('tickerwise: The old and the new secret are the same\n');
      const unset = await runServer(['reseal'], database.env, 'old\n');
      expect(unset.code).toBe(1);
      expect(unset.stderr).toBe(
        'tickerwise: Set AUTH_SECRET to the new secret, and pipe the old one in\n',
      );
    },
    processTimeout * 3,
  );
});
