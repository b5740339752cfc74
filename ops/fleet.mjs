// A fleet on this machine, as an operator runs Tickerwise once one instance is not enough:
// a private PostgreSQL cluster, N production server instances on 127.0.0.1 ports, and nginx
// in front on 127.0.0.1:${FLEET_PORT:-8080} with ops/nginx/nginx.conf.
//
//   npm run fleet                     starts it (3 instances; --instances N for another count)
//   npm run fleet -- status           what runs, where
//   npm run fleet -- stop             stops everything it started and removes its folder
//
// Needs Debian's postgresql and nginx (with libnginx-mod-http-brotli-filter and -static):
// .ci/run installs them. The production build (apps/server/dist, apps/web/dist) is made when
// missing (--build makes it again). Everything lives in $FLEET_DIR (by default
// /tmp/tickerwise-fleet-<port>): the cluster, each instance's data folder and log, nginx's
// configuration and logs, and fleet.json, which `stop` reads. The instances inherit this
// environment (e.g. SIMULATION_CONTROL=true, LOG_LEVEL=warn), less DATABASE_URL, PORT, HOST,
// DATA_DIR, PUBLIC_URL and TRUST_PROXY, which the fleet sets.
//
// bench/fleet drives it through the functions exported here.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = join(repositoryRoot, 'apps/server/dist/main.js');
const webDist = join(repositoryRoot, 'apps/web/dist');
const nginxBin = '/usr/sbin/nginx';
const brotliModules = [
  '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so',
  '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
];
const isRoot = process.getuid?.() === 0;

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The fleet's folder for nginx on `port`. */
export function fleetDir(port = fleetPort()) {
  return process.env.FLEET_DIR ?? join(tmpdir(), `tickerwise-fleet-${port}`);
}

function fleetPort() {
  return Number(process.env.FLEET_PORT ?? 8080);
}

/** A port nobody listens on at 127.0.0.1 now. */
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

/** The newest PostgreSQL of Debian's packages (its bin folder), or undefined. */
function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(root, newest, 'bin') : undefined;
}

const quote = (text) => `'${String(text).replaceAll("'", "'\\''")}'`;

/**
 * Runs a PostgreSQL program: as the postgres account when this runs as root (PostgreSQL
 * refuses to run as root), as this account otherwise.
 */
function asPostgres(program, args, options = {}) {
  if (!isRoot) return execFileSync(program, args, { stdio: 'pipe', ...options });
  const command = [program, ...args].map(quote).join(' ');
  return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], {
    stdio: 'pipe',
    ...options,
  });
}

function saveState(state) {
  writeFileSync(join(state.dir, 'fleet.json'), `${JSON.stringify(state, null, 2)}\n`);
}

/** The fleet running from `dir` (its fleet.json), or undefined. */
export function readFleet(dir = fleetDir()) {
  const file = join(dir, 'fleet.json');
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Whether process `pid` still runs (a zombie does not). */
function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const status = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return status !== 'Z' && status !== 'X';
  } catch {
    return false;
  }
}

async function waitForExit(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/** Resolves once `url` answers 200, or throws after `timeoutMs`. */
export async function waitHealthy(url, timeoutMs = 60_000, exited = () => false) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error(`${url}: the process exited before it was healthy`);
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.ok;
      },
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url}/api/health did not answer 200 in time`);
    await sleep(100);
  }
}

function ensureBuild(force) {
  const built = existsSync(serverMain) && existsSync(join(webDist, 'index.html'));
  if (built && !force) return;
  console.log('fleet: building the web app and the server (npm run build) ...');
  execFileSync('npm', ['run', 'build', '-w', '@tickerwise/web', '-w', '@tickerwise/server'], {
    cwd: repositoryRoot,
    stdio: 'inherit',
  });
}

function checkPackages() {
  const missing = [];
  const pgBin = postgresBin();
  if (!pgBin) missing.push('postgresql');
  if (!existsSync(nginxBin)) missing.push('nginx');
  if (!brotliModules.every((file) => existsSync(file))) {
    missing.push('libnginx-mod-http-brotli-filter', 'libnginx-mod-http-brotli-static');
  }
  if (missing.length > 0) {
    throw new Error(
      `Install Debian's ${missing.join(', ')} first (apt-get install ${missing.join(' ')})`,
    );
  }
  return pgBin;
}

// PostgreSQL --------------------------------------------------------------------------------

function pgCtl(state, action, extra = []) {
  const { bin, data, log, port, socketDir } = state.pg;
  const args = ['-D', data, '-w'];
  if (action === 'start') {
    args.push('-l', log, '-o', `-h 127.0.0.1 -p ${port} -k ${socketDir} -c max_connections=300`);
  }
  asPostgres(join(bin, 'pg_ctl'), [...args, ...extra, action]);
}

export function startPostgres(state) {
  pgCtl(state, 'start');
}

/** Stops PostgreSQL (`-m fast`: sessions are ended, as on a restart for an upgrade). */
export function stopPostgres(state) {
  pgCtl(state, 'stop', ['-m', 'fast']);
}

// Instances ---------------------------------------------------------------------------------

/** The environment of instance `index`. */
function instanceEnv(state, instance) {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name];
  return {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(instance.port),
    DATA_DIR: instance.dataDir,
    DATABASE_URL: state.databaseUrl,
    PUBLIC_URL: state.url,
    TRUST_PROXY: '127.0.0.1',
    AUTH_SECRET: state.authSecret,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // The deploy migrates once (`main.js migrate`, below); an instance applies nothing.
    MIGRATE_ON_START: 'false',
  };
}

/** Starts instance `index` (again) and resolves once it answers; its pid is saved. */
export async function startInstance(state, index, { timeoutMs = 90_000 } = {}) {
  const instance = state.instances[index];
  mkdirSync(instance.dataDir, { recursive: true });
  const out = openSync(instance.log, 'a');
  const child = spawn(process.execPath, [serverMain], {
    cwd: repositoryRoot,
    env: instanceEnv(state, instance),
    stdio: ['ignore', out, out],
    detached: true,
  });
  closeSync(out);
  child.unref();
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  instance.pid = child.pid;
  saveState(state);
  try {
    await waitHealthy(instance.url, timeoutMs, () => exited);
  } catch (error) {
    const tail = readFileSync(instance.log, 'utf8').slice(-2_000);
    throw new Error(`instance ${index}: ${error.message}; the end of its log:\n${tail}`);
  }
  return instance;
}

/**
 * Stops instance `index`: SIGTERM is the graceful stop (lifecycle/drain.ts), SIGKILL a crash.
 * Resolves once the process is gone (a SIGTERM that takes over `timeoutMs` ends with SIGKILL:
 * 30 s, the process managers' grace of apps/server/src/lifecycle/stop-budget.ts, whose stop
 * takes at most 20 s).
 */
export async function stopInstance(state, index, { signal = 'SIGTERM', timeoutMs = 30_000 } = {}) {
  const { pid } = state.instances[index];
  if (!alive(pid)) return;
  process.kill(pid, signal);
  if (!(await waitForExit(pid, timeoutMs))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, 5_000);
  }
}

// nginx -------------------------------------------------------------------------------------

function writeNginxConfig(state) {
  const { dir } = state.nginx;
  mkdirSync(join(dir, 'tickerwise'), { recursive: true });
  const temp = join(dir, 'temp');
  mkdirSync(temp, { recursive: true });
  // nginx's workers run as www-data when it starts as root: they write their temporary files
  // here and read the web app's files from the fleet's copy.
  chmodSync(temp, 0o777);
  cpSync(join(repositoryRoot, 'ops/nginx/nginx.conf'), join(dir, 'nginx.conf'));
  const file = (name, lines) =>
    writeFileSync(join(dir, 'tickerwise', name), `${lines.join('\n')}\n`);
  file('main.conf', [
    ...(isRoot ? ['user www-data;'] : []),
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
  ]);
  file('http.conf', [
    `access_log ${join(dir, 'access.log')} tickerwise;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `${kind}_temp_path ${join(temp, kind)};`,
    ),
  ]);
  file(
    'upstream.conf',
    state.instances.map(
      (instance) => `server 127.0.0.1:${instance.port} max_fails=2 fail_timeout=5s;`,
    ),
  );
  file('server.conf', [
    `listen 127.0.0.1:${state.port};`,
    'server_name localhost 127.0.0.1;',
    `root ${state.webRoot};`,
  ]);
}

function nginx(state, args) {
  const { dir } = state.nginx;
  return execFileSync(
    nginxBin,
    ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), ...args],
    { stdio: 'pipe' },
  );
}

/** Writes the upstream list again (after a change of instances) and reloads nginx. */
export function reloadNginx(state) {
  writeNginxConfig(state);
  nginx(state, ['-s', 'reload']);
}

// The fleet ---------------------------------------------------------------------------------

/**
 * Starts the fleet: PostgreSQL, the migrations (once), the instances side by side, then
 * nginx. Resolves with its state (also in fleet.json).
 */
export async function startFleet({
  instances = 3,
  port = fleetPort(),
  dir = fleetDir(port),
  build = false,
  log = (line) => console.log(`fleet: ${line}`),
} = {}) {
  const pgBin = checkPackages();
  const running = readFleet(dir);
  if (running) {
    throw new Error(`A fleet already runs from ${dir}: npm run fleet -- stop (FLEET_DIR=${dir})`);
  }
  ensureBuild(build);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  chmodSync(dir, 0o755);
  const pgDir = join(dir, 'postgres');
  mkdirSync(pgDir);
  if (isRoot) execFileSync('chown', ['postgres:postgres', pgDir]);
  const pgPort = await freePort();
  const state = {
    dir,
    port,
    url: `http://127.0.0.1:${port}`,
    startedAt: new Date().toISOString(),
    authSecret: randomBytes(32).toString('base64url'),
    databaseUrl: `postgres://postgres@127.0.0.1:${pgPort}/tickerwise`,
    pg: {
      bin: pgBin,
      data: join(pgDir, 'data'),
      log: join(pgDir, 'postgres.log'),
      port: pgPort,
      socketDir: pgDir,
    },
    webRoot: join(dir, 'web'),
    nginx: { dir: join(dir, 'nginx') },
    instances: [],
  };
  saveState(state);

  log(`PostgreSQL on 127.0.0.1:${pgPort}`);
  asPostgres(join(pgBin, 'initdb'), [
    '-D',
    state.pg.data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
  ]);
  startPostgres(state);
  asPostgres(join(pgBin, 'createdb'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(pgPort),
    '-U',
    'postgres',
    'tickerwise',
  ]);

  for (let index = 0; index < instances; index++) {
    const instancePort = await freePort();
    state.instances.push({
      index,
      port: instancePort,
      url: `http://127.0.0.1:${instancePort}`,
      dataDir: join(dir, `instance-${index}`),
      log: join(dir, `instance-${index}.log`),
      pid: 0,
    });
  }
  saveState(state);
  // Migrations run once per deploy, as the runbook does it (docs/operations.md): then the
  // instances start side by side, none of them migrating.
  execFileSync(process.execPath, [serverMain, 'migrate'], {
    cwd: repositoryRoot,
    env: instanceEnv(state, state.instances[0]),
    stdio: 'pipe',
  });
  log('database migrated (main.js migrate)');
  await Promise.all(state.instances.map((_, index) => startInstance(state, index)));
  for (const instance of state.instances) {
    log(`instance ${instance.index} on ${instance.url} (pid ${instance.pid})`);
  }

  cpSync(webDist, state.webRoot, { recursive: true });
  writeNginxConfig(state);
  nginx(state, ['-t', '-q']);
  nginx(state, []);
  state.nginx.pid = Number(readFileSync(join(state.nginx.dir, 'nginx.pid'), 'utf8'));
  saveState(state);
  await waitHealthy(state.url, 10_000);
  log(`nginx on ${state.url} (pid ${state.nginx.pid}), in front of ${instances} instance(s)`);
  log(`logs and data in ${dir}; stop with: npm run fleet -- stop`);
  return state;
}

/** Stops everything the fleet in `dir` started, and removes its folder. */
export async function stopFleet(dir = fleetDir(), log = (line) => console.log(`fleet: ${line}`)) {
  const state = readFleet(dir);
  if (!state) {
    log(`no fleet runs from ${dir}`);
    return;
  }
  if (state.nginx.pid && alive(state.nginx.pid)) {
    try {
      nginx(state, ['-s', 'quit']);
    } catch {
      process.kill(state.nginx.pid, 'SIGTERM');
    }
    if (!(await waitForExit(state.nginx.pid, 10_000))) process.kill(state.nginx.pid, 'SIGKILL');
    log('nginx stopped');
  }
  await Promise.all(state.instances.map((_, index) => stopInstance(state, index)));
  log(`${state.instances.length} instance(s) stopped`);
  if (existsSync(join(state.pg.data, 'postmaster.pid'))) {
    try {
      stopPostgres(state);
      log('PostgreSQL stopped');
    } catch (error) {
      log(`PostgreSQL: ${error.message}`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

function status(dir = fleetDir()) {
  const state = readFleet(dir);
  if (!state) {
    console.log(`fleet: no fleet runs from ${dir}`);
    return;
  }
  const mark = (pid) => (alive(pid) ? `pid ${pid}, running` : 'not running');
  console.log(`fleet in ${dir}, started ${state.startedAt}`);
  console.log(`  nginx      ${state.url}  (${mark(state.nginx.pid)})`);
  for (const instance of state.instances) {
    console.log(
      `  instance ${instance.index} ${instance.url}  (${mark(instance.pid)})  log ${instance.log}`,
    );
  }
  console.log(
    `  PostgreSQL 127.0.0.1:${state.pg.port}  (${existsSync(join(state.pg.data, 'postmaster.pid')) ? 'running' : 'not running'})`,
  );
}

async function main() {
  const args = process.argv.slice(2);
  const command = args.find((arg) => !arg.startsWith('--')) ?? 'start';
  const instancesArg = args.indexOf('--instances');
  const instances = instancesArg >= 0 ? Number(args[instancesArg + 1]) : 3;
  if (command === 'stop') return stopFleet();
  if (command === 'status') return status();
  if (command !== 'start' || !(instances >= 1)) {
    throw new Error('Usage: npm run fleet [-- start [--instances N] [--build] | status | stop]');
  }
  if (readFleet()) {
    throw new Error(`A fleet already runs from ${fleetDir()}: npm run fleet -- stop first`);
  }
  try {
    await startFleet({ instances, build: args.includes('--build') });
  } catch (error) {
    // Leave nothing half-started behind.
    await stopFleet(fleetDir(), () => {}).catch(() => {});
    throw error;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`fleet: ${error.message}\n`);
    process.exit(1);
  });
}
