// The production server bundle for a benchmark: built into a folder of this run, started on a
// free 127.0.0.1 port with a fresh PGlite data folder, and removed when the run ends.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/**
 * Builds the bundle and picks a port; `start()` and `stop()` may run more than once (the same
 * port and data folder each time). The server trusts 127.0.0.1 as a proxy, so a benchmark can
 * give each request its own client address and per-IP limits do not cap the load.
 */
export async function prepareProductionServer(name) {
  const work = mkdtempSync(join(tmpdir(), `tickerwise-bench-${name}-`));
  const bundle = join(root, 'apps/server/dist', `bench-${name}-${process.pid}`, 'main.js');
  execFileSync(process.execPath, ['scripts/build.mjs', '--outfile', bundle], {
    cwd: join(root, 'apps/server'),
    stdio: 'inherit',
  });
  // The server serves the web app in production; benchmarks need only its API.
  const webDist = join(work, 'web');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Tickerwise</title>');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child;

  const dataDir = join(work, 'data');
  return {
    url,
    dataDir,
    get pid() {
      return child?.pid;
    },
    async start() {
      let log = '';
      child = spawn(process.execPath, [bundle], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: url,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          WEB_DIST_DIR: webDist,
          LOG_LEVEL: 'warn',
          TRUST_PROXY: '127.0.0.1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk) => {
        log += chunk;
      });
      child.stderr.on('data', (chunk) => {
        log += chunk;
      });
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`The server exited early:\n${log}`);
        const ok = await fetch(`${url}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) return url;
        await sleep(200);
      }
      throw new Error(`The server did not become healthy:\n${log}`);
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
    },
    /** Synchronous last resort (a watchdog or a failure): kill and remove everything. */
    cleanUp() {
      if (child && child.exitCode === null) child.kill('SIGKILL');
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
