import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repositoryRoot, startServerProcess } from '@tickerwise/testkit';
import { build } from 'esbuild';

export interface BenchApp {
  url: string;
  /** The server's DATA_DIR, where operator commands (`npm run invite`) find it. */
  dataDir: string;
  /** The server process's id (for its CPU time and memory). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * The checkout whose server a benchmark measures: `--target <folder>` on the command line (or
 * BENCH_TARGET), by default this one. `npm run bench:compare` points it at another commit's
 * worktree; the benchmark's own code stays this checkout's.
 */
export function benchTarget(): string {
  const flag = process.argv.indexOf('--target');
  return flag === -1 ? (process.env.BENCH_TARGET ?? repositoryRoot) : process.argv[flag + 1]!;
}

const bundles = new Map<string, Promise<string>>();

/**
 * Bundles bench-server.ts against the server source of checkout `root`, as its
 * `scripts/build.mjs` bundles the production server (workspace packages inlined, npm
 * dependencies left to that checkout's node_modules), once per root in a process.
 */
export function benchServerBundle(root: string = benchTarget()): Promise<string> {
  // Built once by `npm run bench:compare` for all its runs of one checkout.
  const prebuilt = process.env.BENCH_SERVER_BUNDLE;
  if (prebuilt) return Promise.resolve(prebuilt);
  let bundle = bundles.get(root);
  if (!bundle) {
    bundle = bundleBenchServer(root);
    bundles.set(root, bundle);
  }
  return bundle;
}

async function bundleBenchServer(root: string): Promise<string> {
  const folder = join(root, 'apps/server/dist', `bench-server-${process.pid}`);
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  return buildBenchServer(root, join(folder, 'main.js'));
}

/** Bundles bench-server.ts against checkout `root`'s server into `outfile` (in its dist). */
export async function buildBenchServer(root: string, outfile: string): Promise<string> {
  const serverDir = join(root, 'apps/server');
  const manifest = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(manifest.dependencies).filter(
    (name) => !name.startsWith('@tickerwise/'),
  );
  mkdirSync(dirname(outfile), { recursive: true });
  const entry = join(repositoryRoot, 'bench/support/bench-server.ts');
  await build({
    absWorkingDir: serverDir,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, ...external.map((name) => `${name}/*`)],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [
      {
        // bench-server.ts's imports of the server source go to the measured checkout's.
        name: 'measured-checkout',
        setup(builder) {
          builder.onResolve({ filter: /^\.\.\/\.\.\/apps\/server\/src\// }, (args) =>
            args.importer === entry
              ? { path: join(root, args.path.slice('../../'.length)) }
              : undefined,
          );
        },
      },
    ],
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * Starts the production build of the server (with a bare route beside the real ones, see
 * bench-server.ts) of checkout `root` in its own process on a free 127.0.0.1 port with a fresh
 * embedded database, so the benchmark's own work does not share its event loop.
 *
 * BENCH_DATA_TEMPLATE=<folder>: the database is a copy of that data folder, one the same
 * checkout's server created, migrated and closed (`makeDataTemplate`), instead of a new one
 * it creates and migrates itself (about 8 s of processor time): `npm run bench:compare` makes
 * one per side for all its runs.
 *
 * BENCH_DATABASE_URL=<url>: the server runs on that PostgreSQL database (as a fleet does)
 * instead of the embedded one; the benchmark's accounts are new on every run, so one database
 * serves several.
 */
export async function startBenchApp(
  env: Record<string, string> = {},
  root: string = benchTarget(),
): Promise<BenchApp> {
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF;
  const template = process.env.BENCH_DATA_TEMPLATE;
  const copy = template ? mkdtempSync(join(tmpdir(), 'tickerwise-bench-')) : undefined;
  if (template && copy) cpSync(template, join(copy, 'data'), { recursive: true });
  const server = await startServerProcess({
    args: [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      await benchServerBundle(root),
    ],
    cwd: root,
    // The benchmark tells each client's address in X-Forwarded-For, as a proxy would.
    env: {
      TRUST_PROXY: '127.0.0.1',
      ...(copy ? { DATA_DIR: join(copy, 'data') } : {}),
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
      ...env,
    },
    startTimeoutMs: 120_000,
    // A profiled server writes its profile as it exits: on a busy machine that takes a while.
    ...(profile ? { stopTimeoutMs: 120_000 } : {}),
  }).catch((error: unknown) => {
    if (copy) rmSync(copy, { recursive: true, force: true });
    throw error;
  });
  return {
    url: server.url,
    dataDir: server.dataDir,
    pid: server.pid,
    // Its data is thrown away: killed at once, unless it must write its profile first.
    async stop() {
      await (profile ? server.stop() : server.kill());
      if (copy) rmSync(copy, { recursive: true, force: true });
    },
  };
}

/**
 * A data folder for BENCH_DATA_TEMPLATE: the server bundle `bundle` of checkout `root` started
 * once on a new folder (it creates and migrates its database) and stopped cleanly. The caller
 * removes `folder`.
 */
export async function makeDataTemplate(root: string, bundle: string, folder: string) {
  const dataDir = join(folder, 'data');
  const server = await startServerProcess({
    args: [bundle],
    cwd: root,
    env: { DATA_DIR: dataDir },
    startTimeoutMs: 120_000,
  });
  await server.stop();
  return dataDir;
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
