#!/usr/bin/env node
// Auth under load: password hashing must not stall other requests. Starts the
// production server bundle on 127.0.0.1 with a fresh PGlite data folder, creates users, then
// measures GET /api/health latency alone and again while sign-ins run at a steady rate.
//
//   node bench/auth-under-load/run.mjs [--seconds 20] [--sign-ins 10] [--health 20] [--users 20]
//
// Prints sign-in p50/p99 and health p50/p99/max, alone and under load, and the ratio of the
// two health p99s. Target: health p99 under load < 50 ms.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { percentile, prepareProductionServer, sleep } from '../support/production-server.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    'sign-ins': { type: 'string', default: '10' },
    health: { type: 'string', default: '20' },
    users: { type: 'string', default: '20' },
  },
});
const loadSeconds = Number(values.seconds);
const signInsPerSecond = Number(values['sign-ins']);
const healthPerSecond = Number(values.health);
const userCount = Number(values.users);
const baselineSeconds = 5;
const healthTargetMs = 50;
const deadlineMs = 180_000;

const server = await prepareProductionServer('auth');
const watchdog = setTimeout(() => {
  process.stderr.write(`auth-under-load: gave up after ${deadlineMs / 1000} s\n`);
  server.cleanUp();
  process.exit(1);
}, deadlineMs);

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

const ms = (value) => `${value.toFixed(1)} ms`;

let addressCounter = 0;
/** A fresh client address per request (10.x.y.z), as many users behind a proxy would have. */
function nextAddress() {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function postJson(url, path, body) {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': nextAddress() },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function createUsers(url) {
  const users = [];
  for (let index = 0; index < userCount; index++) {
    const user = {
      name: `Bench User ${index}`,
      email: `bench-${index}@example.com`,
      password: `bench password ${index}`,
    };
    const { status } = await postJson(url, '/api/auth/sign-up/email', { ...user, plan: 'free' });
    if (status !== 200) throw new Error(`sign-up ${index} answered ${status}`);
    users.push(user);
  }
  return users;
}

/** Runs `task` `perSecond` times a second for `seconds`, on a fixed schedule (open loop). */
async function atRate(perSecond, seconds, task) {
  const total = Math.round(perSecond * seconds);
  const interval = 1000 / perSecond;
  const started = performance.now();
  const running = [];
  for (let index = 0; index < total; index++) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    running.push(task(index));
  }
  return Promise.all(running);
}

async function healthSample(url) {
  const started = performance.now();
  const response = await fetch(`${url}/api/health`);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function main() {
  const url = await server.start();
  const users = await createUsers(url);
  // Warm the paths once so the first samples do not measure module and JIT start-up.
  await atRate(10, 1, () => healthSample(url));

  const alone = await atRate(healthPerSecond, baselineSeconds, () => healthSample(url));
  const [underLoad, signIns] = await Promise.all([
    atRate(healthPerSecond, loadSeconds, () => healthSample(url)),
    atRate(signInsPerSecond, loadSeconds, (index) => {
      const user = users[index % users.length];
      return postJson(url, '/api/auth/sign-in/email', {
        email: user.email,
        password: user.password,
      });
    }),
  ]);

  const failedSignIns = signIns.filter((result) => result.status !== 200).length;
  const failedHealth = [...alone, ...underLoad].filter((result) => result.status !== 200).length;
  const baseline = summary(alone.map((result) => result.ms));
  const loaded = summary(underLoad.map((result) => result.ms));
  const signIn = summary(signIns.map((result) => result.ms));

  console.log(
    `auth-under-load: ${cpus().length} CPUs, load average ${loadavg()[0].toFixed(2)}, ` +
      `${userCount} users, ${signInsPerSecond} sign-ins/s and ${healthPerSecond} health checks/s for ${loadSeconds} s`,
  );
  console.log(
    `sign-in          n=${signIn.count}  p50 ${ms(signIn.p50)}  p99 ${ms(signIn.p99)}  max ${ms(signIn.max)}  failed ${failedSignIns}`,
  );
  console.log(
    `health alone     n=${baseline.count}  p50 ${ms(baseline.p50)}  p99 ${ms(baseline.p99)}  max ${ms(baseline.max)}`,
  );
  console.log(
    `health + sign-in n=${loaded.count}  p50 ${ms(loaded.p50)}  p99 ${ms(loaded.p99)}  max ${ms(loaded.max)}  failed ${failedHealth}`,
  );
  console.log(`health p99 under sign-in load / alone: ${(loaded.p99 / baseline.p99).toFixed(2)}x`);
  const pass = loaded.p99 < healthTargetMs && failedSignIns === 0 && failedHealth === 0;
  console.log(
    `target: health p99 < ${healthTargetMs} ms with every request answered: ${pass ? 'met' : 'NOT met'}`,
  );
  return pass;
}

main()
  .then(
    (pass) => {
      process.exitCode = pass ? 0 : 1;
    },
    (error) => {
      process.stderr.write(`auth-under-load: ${error.stack ?? error}\n`);
      process.exitCode = 1;
    },
  )
  .finally(async () => {
    clearTimeout(watchdog);
    await server.stop();
    server.cleanUp();
  });
