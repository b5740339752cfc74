import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverRoot } from '../src/package-root.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerBundle {
  /** The built `main.js`. */
  main: string;
  /** A stand-in for the built web app (the server serves one in production). */
  webDistDir: string;
  remove(): void;
}

/**
 * The production server bundle (esbuild, a few seconds), built into a folder of this run
 * inside the server package so its dependencies resolve; `remove()` deletes it.
 */
export function buildServerBundle(name: string): ServerBundle {
  const folder = join(serverRoot, 'dist', `test-${name}-${process.pid}`);
  const main = join(folder, 'main.js');
  execFileSync(process.execPath, ['scripts/build.mjs', '--outfile', main], {
    cwd: serverRoot,
    stdio: 'inherit',
  });
  const webDistDir = join(folder, 'web');
  mkdirSync(webDistDir);
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>Tickerwise</title>');
  return { main, webDistDir, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export interface ServerProcess {
  url: string;
  dataDir: string;
  pid: number;
  process: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves once it has exited. */
  stop(): Promise<void>;
  /** `kill -9`: no shutdown code runs. Resolves once it has exited. */
  kill(): Promise<void>;
}

export interface StartServerOptions {
  /** The production bundle to run (NODE_ENV=production); default: the TypeScript source. */
  bundle?: ServerBundle;
  /** Default: a new folder under the system temp folder, removed once the server stopped. */
  dataDir?: string;
  port?: number;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * A real server process on a free 127.0.0.1 port, started and waited for (health 200). It is
 * the caller's to stop; a test's afterAll should call `stop()`.
 */
export async function startServerProcess(options: StartServerOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const ownFolder = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'tickerwise-server-'));
  const dataDir = options.dataDir ?? join(ownFolder as string, 'data');
  const { bundle } = options;
  let log = '';
  const child = spawn(
    process.execPath,
    bundle ? [bundle.main] : ['--import', 'tsx', 'src/main.ts'],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        NODE_ENV: bundle ? 'production' : 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        ...(bundle ? { WEB_DIST_DIR: bundle.webDistDir } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  }).then(() => {
    if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  const instance: ServerProcess = {
    url,
    dataDir,
    pid: child.pid ?? 0,
    process: child,
    output: () => log,
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (!running()) throw new Error(`The server exited early:\n${log}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return instance;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await instance.kill();
  throw new Error(`The server did not become healthy in time:\n${log}`);
}
