import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildServerBundle, repositoryRoot, startServerProcess } from '@tickerwise/testkit';
import { startFakeLlm } from '../../apps/server/test/fake-llm.ts';

/** A weekday at 11:00 New York time, mid-session: the simulated market starts there. */
const simulatedMarketStart = '2026-03-16T15:00:00Z';

/**
 * Builds the app (into folders of this run) and starts the production server on a free
 * 127.0.0.1 port with a fresh data folder, the simulated market provider (at a fixed session
 * time, so no spec depends on the hour it runs) and the test payment
 * provider, connected to a fake OpenAI-compatible language model on 127.0.0.1 (it answers
 * from the facts it is given, streaming like the real wire format). Tests read the URL from
 * E2E_BASE_URL; both servers stop when the run ends.
 */
export default async function globalSetup() {
  const work = mkdtempSync(join(tmpdir(), 'tickerwise-e2e-'));
  // E2E_USE_BUILD=1 (.ci/run, right after its `npm run build`): the build in apps/web/dist and
  // apps/server/dist/main.js. Otherwise each run builds into its own folders, so several runs
  // on one checkout do not collide.
  const useBuild = process.env.E2E_USE_BUILD === '1';
  const webDist = useBuild ? join(repositoryRoot, 'apps/web/dist') : join(work, 'web');
  const serverBundle = useBuild
    ? join(repositoryRoot, 'apps/server/dist/main.js')
    : join(repositoryRoot, 'apps/server/dist', `e2e-${process.pid}`, 'main.js');
  if (useBuild) {
    for (const file of [join(webDist, 'index.html'), serverBundle]) {
      if (!existsSync(file)) throw new Error(`E2E_USE_BUILD is set but ${file} is missing`);
    }
  } else {
    execFileSync(
      'npx',
      ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: join(repositoryRoot, 'apps/web'), stdio: 'inherit' },
    );
    buildServerBundle(serverBundle);
  }
  const model = await startFakeLlm();
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
      // Every run sees the market at the same hour of a regular session, whenever it runs:
      // Monday 16 March 2026, 11:00 in New York (`simulatedMarketStart`).
      SIMULATED_MARKET_START: simulatedMarketStart,
      // Alert tests move a symbol's simulated price through a level (simulated-price.ts).
      SIMULATION_CONTROL: 'true',
      // The webhook spec's receiver listens on 127.0.0.1 (integrations.spec.ts).
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      // The written analysis and "Ask about this stock" are answered by the fake model.
      LLM_BASE_URL: model.url,
      LLM_API_KEY: model.apiKey,
      LLM_MODEL: model.model,
    },
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_LLM_MODEL = model.model;

  return async () => {
    await server.stop();
    await model.close();
    rmSync(work, { recursive: true, force: true });
    if (!useBuild) rmSync(dirname(serverBundle), { recursive: true, force: true });
  };
}
