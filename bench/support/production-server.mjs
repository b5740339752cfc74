// The production server bundle for a benchmark: built into a folder of this run, started on a
// free 127.0.0.1 port with a fresh PGlite data folder, and removed when the run ends.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  buildServerBundle,
  freePort,
  repositoryRoot,
  startServerProcess,
} from '@tickerwise/testkit';

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * Builds the bundle and picks a port; `start()` and `stop()` may run more than once (the same
 * port and data folder each time). The server trusts 127.0.0.1 as a proxy, so a benchmark can
 * give each request its own client address and per-IP limits do not cap the load. `env` adds
 * to the server's environment; `startTimeoutMs` waits longer for it to answer (a busy machine).
 */
export async function prepareProductionServer(name, { env = {}, startTimeoutMs } = {}) {
  const work = mkdtempSync(join(tmpdir(), `tickerwise-bench-${name}-`));
  const bundle = join(
    repositoryRoot,
    'apps/server/dist',
    `bench-${name}-${process.pid}`,
    'main.js',
  );
  buildServerBundle(bundle);
  // The server serves the web app in production; benchmarks need only its API.
  const webDist = join(work, 'web');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Tickerwise</title>');
  const port = await freePort();
  const dataDir = join(work, 'data');
  const profile = process.env.BENCH_CPU_PROF;
  let server;

  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    get pid() {
      return server?.pid;
    },
    async start() {
      server = await startServerProcess({
        // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops.
        args: [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), bundle],
        cwd: repositoryRoot,
        port,
        env: { DATA_DIR: dataDir, WEB_DIST_DIR: webDist, TRUST_PROXY: '127.0.0.1', ...env },
        ...(startTimeoutMs ? { startTimeoutMs } : {}),
      });
      return server.url;
    },
    async stop() {
      await server?.stop();
    },
    /** The last of the server's output (a failed run shows it). */
    output() {
      return server?.output() ?? '';
    },
    /** Synchronous last resort (a watchdog or a failure): kill and remove everything. */
    cleanUp() {
      server?.kill();
      rmSync(work, { recursive: true, force: true });
      rmSync(dirname(bundle), { recursive: true, force: true });
    },
  };
}

/** The nearest-rank percentile of ascending samples. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
