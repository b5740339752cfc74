import { join } from 'node:path';
import { repositoryRoot, startServerProcess } from '@tickerwise/testkit';

export interface BenchApp {
  url: string;
  /** The server's DATA_DIR, where operator commands (`npm run invite`) find it. */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the server (with a bare route beside the real ones, see bench-server.ts) in its own
 * process on a free 127.0.0.1 port with a fresh embedded database, so the benchmark's own
 * work does not share its event loop.
 */
export async function startBenchApp(env: Record<string, string> = {}): Promise<BenchApp> {
  const server = await startServerProcess({
    args: ['--import', 'tsx', join(repositoryRoot, 'bench/support/bench-server.ts')],
    cwd: repositoryRoot,
    // The benchmark tells each client's address in X-Forwarded-For, as a proxy would.
    env: { TRUST_PROXY: '127.0.0.1', ...env },
    startTimeoutMs: 120_000,
  });
  return { url: server.url, dataDir: server.dataDir, stop: () => server.stop() };
}

/**
 * Signs `count` accounts up through the API, each from its own address, on `plan` (Free, or
 * Alpha Tester, the one paid-feature plan that needs no checkout: each with one of
 * `invitationCodes`, testkit's `inviteCodes`); returns their cookies.
 */
export async function signUpAccounts(
  url: string,
  count: number,
  plan: 'free' | 'alpha' = 'free',
  invitationCodes: readonly string[] = [],
): Promise<string[]> {
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
          plan,
          invitationCode: invitationCodes[index],
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
