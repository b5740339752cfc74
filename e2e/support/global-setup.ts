import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildServerBundle, repositoryRoot, startServerProcess } from '@tickerwise/testkit';

/**
 * Builds the app (into folders of this run) and starts the production server on a free
 * 127.0.0.1 port with a fresh data folder, the simulated market provider and the test payment
 * provider. Tests read the URL from E2E_BASE_URL; the server stops when the run ends.
 */
export default async function globalSetup() {
  // Each run builds into its own folders, so several runs on one checkout do not collide.
  const runId = `e2e-${process.pid}`;
  const work = mkdtempSync(join(tmpdir(), 'tickerwise-e2e-'));
  const webDist = join(work, 'web');
  const serverBundle = join(repositoryRoot, 'apps/server/dist', runId, 'main.js');
  execFileSync(
    'npx',
    ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: join(repositoryRoot, 'apps/web'), stdio: 'inherit' },
  );
  buildServerBundle(serverBundle);
  const server = await startServerProcess({
    args: [serverBundle],
    cwd: repositoryRoot,
    env: {
      DATA_DIR: join(work, 'data'),
      WEB_DIST_DIR: webDist,
      MARKET_PROVIDER: 'simulated',
      PAYMENT_PROVIDER: 'test',
      // Tests tell their client address in X-Forwarded-For (see fixtures.ts).
      TRUST_PROXY: '127.0.0.1',
      // Alert tests move a symbol's simulated price through a level (simulated-price.ts).
      SIMULATION_CONTROL: 'true',
    },
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;

  return async () => {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
    rmSync(dirname(serverBundle), { recursive: true, force: true });
  };
}
