import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildServerBundle as bundleServer,
  type ServerProcess,
  startServerProcess as startProcess,
} from '@tickerwise/testkit';
import { serverRoot } from '../src/package-root.ts';

export type { ServerProcess } from '@tickerwise/testkit';

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
  bundleServer(main);
  const webDistDir = join(folder, 'web');
  mkdirSync(webDistDir);
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>Tickerwise</title>');
  return { main, webDistDir, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export interface StartServerOptions {
  /** The production bundle to run (NODE_ENV=production); default: the TypeScript source. */
  bundle?: ServerBundle;
  /** Default: a new folder under the system temp folder, removed once the server stopped. */
  dataDir?: string;
  port?: number;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** How long `stop()` waits after SIGTERM before SIGKILL (the testkit's default: 10 s). */
  stopTimeoutMs?: number;
}

/**
 * This package's server in its own process on a free 127.0.0.1 port (the testkit's
 * `startServerProcess`), waited for until healthy: the production bundle, or the TypeScript
 * source under NODE_ENV=test. It is the caller's to stop; a test's afterAll calls `stop()`.
 */
export function startServerProcess(options: StartServerOptions = {}): Promise<ServerProcess> {
  const { bundle } = options;
  return startProcess({
    args: bundle ? [bundle.main] : ['--import', 'tsx', 'src/main.ts'],
    cwd: serverRoot,
    ...(options.port ? { port: options.port } : {}),
    ...(options.timeoutMs ? { startTimeoutMs: options.timeoutMs } : {}),
    ...(options.stopTimeoutMs ? { stopTimeoutMs: options.stopTimeoutMs } : {}),
    env: {
      NODE_ENV: bundle ? 'production' : 'test',
      ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
      ...(bundle ? { WEB_DIST_DIR: bundle.webDistDir } : {}),
      ...options.env,
    },
  });
}
