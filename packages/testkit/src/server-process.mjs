import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Output kept for error messages: the end of it, where the reason is. */
const outputLimit = 256 * 1024;

/** @param {number} ms */
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** A port nobody listens on at 127.0.0.1 now. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object'
          ? resolvePort(address.port)
          : reject(new Error('No port was given')),
      );
    });
  });
}

/**
 * Servers still running when this process exits are killed, so none outlives its run.
 * @type {Set<import('node:child_process').ChildProcess>}
 */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts the server in a child process on 127.0.0.1 and resolves once `GET /api/health`
 * answers 200. See index.d.mts for the options.
 * @param {import('./index.d.mts').ServerProcessOptions} options
 * @returns {Promise<import('./index.d.mts').ServerProcess>}
 */
export async function startServerProcess(options) {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const givenDataDir = options.env?.DATA_DIR;
  const madeDataDir = givenDataDir ? null : mkdtempSync(join(tmpdir(), 'tickerwise-server-'));
  const dataDir = givenDataDir ?? join(madeDataDir ?? tmpdir(), 'data');
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;

  let output = '';
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      // An inherited DATABASE_URL would put the server on another database than asked.
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  /** @type {Promise<{ code: number | null; signal: NodeJS.Signals | null }>} */
  const exited = new Promise((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  void exited.then(() => running.delete(child));
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    output = (output + chunk).slice(-outputLimit);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  const server = {
    url,
    port,
    dataDir,
    get pid() {
      return child.pid;
    },
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const stopped = await Promise.race([exited.then(() => true), sleep(stopTimeoutMs)]);
        if (!stopped) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      if (madeDataDir) rmSync(madeDataDir, { recursive: true, force: true });
      return exited;
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (madeDataDir) rmSync(madeDataDir, { recursive: true, force: true });
      return exited.then(() => {});
    },
  };

  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await server.stop();
      throw new Error(
        `The server exited before it was healthy (${child.exitCode ?? child.signalCode}):\n${output}`,
      );
    }
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.ok;
      },
      () => false,
    );
    if (healthy) return server;
    await sleep(200);
  }
  await server.stop();
  throw new Error(
    `The server did not answer ${url}/api/health in ${startTimeoutMs / 1000} s:\n${output}`,
  );
}
