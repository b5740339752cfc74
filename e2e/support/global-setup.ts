import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become healthy in 60 s:\n${output()}`);
}

/**
 * Builds the app (into folders of this run) and starts the production server on a free 127.0.0.1 port with a fresh data
 * folder, the simulated market provider and the test payment provider. Tests read the URL
 * from E2E_BASE_URL; the server stops when the run ends.
 */
export default async function globalSetup() {
  // Each run builds into its own folders, so several runs on one checkout do not collide.
  const runId = `e2e-${process.pid}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tickerwise-e2e-'));
  const webDist = join(dataDir, 'web');
  const serverBundle = join(root, 'apps/server/dist', runId, 'main.js');
  execFileSync(
    'npx',
    ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: join(root, 'apps/web'),
      stdio: 'inherit',
    },
  );
  execFileSync(process.execPath, ['scripts/build.mjs', '--outfile', serverBundle], {
    cwd: join(root, 'apps/server'),
    stdio: 'inherit',
  });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(dataDir, 'data'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      WEB_DIST_DIR: webDist,
      // Tests tell their client address in X-Forwarded-For (see fixtures.ts).
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  await waitForHealth(baseUrl, server, () => log);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = join(dataDir, 'data');

  return async () => {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dirname(serverBundle), { recursive: true, force: true });
  };
}
