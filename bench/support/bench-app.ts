import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

export interface BenchApp {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the server in its own process on a free 127.0.0.1 port with a fresh embedded
 * database, so the benchmark's own work does not share its event loop.
 */
export async function startBenchApp(env: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickerwise-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/support/bench-server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: join(dataDir, 'data'),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: url,
        // The benchmark tells each client's address in X-Forwarded-For, as a proxy would.
        TRUST_PROXY: '127.0.0.1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  await stop();
  throw new Error(`The server did not start in 120 s:\n${output}`);
}

/** Signs `count` accounts up through the API, each from its own address; returns cookies. */
export async function signUpAccounts(url: string, count: number): Promise<string[]> {
  const cookies: string[] = new Array(count);
  let next = 0;
  const run = Date.now().toString(36);
  async function worker() {
    while (next < count) {
      const index = next++;
      const address = index + 1;
      const response = await fetch(`${url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: {
          origin: url,
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        },
        body: JSON.stringify({
          name: `Bench Investor ${index}`,
          email: `bench-${run}-${index}@example.com`,
          password: 'correct horse battery',
          plan: 'free',
        }),
      });
      if (!response.ok) {
        throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
      }
      await response.arrayBuffer();
      cookies[index] = response.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker));
  return cookies;
}

export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}
