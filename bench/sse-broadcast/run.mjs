#!/usr/bin/env node
// SSE broadcast benchmark: N Server-Sent Events clients on one server, one
// notification for everyone published, and how long each client waited for its event.
// Starts its own production server bundle on 127.0.0.1 with a fresh PGlite data folder.
//
//   node bench/sse-broadcast/run.mjs [--clients 1000] [--users 20] [--rounds 3]
//
// Prints p50/p99/max delivery time per round (publish request sent -> event parsed by the
// client) and the server's resident memory before the clients connect, with them connected,
// and after the deliveries. Target: p99 < 500 ms.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, prepareProductionServer, sleep } from '../support/production-server.mjs';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    users: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
  },
});
const clientCount = Number(values.clients);
const userCount = Number(values.users);
const rounds = Number(values.rounds);
const deadlineMs = 180_000;

const server = await prepareProductionServer('sse');
const watchdog = setTimeout(() => {
  process.stderr.write(`sse-broadcast: gave up after ${deadlineMs / 1000} s\n`);
  server.cleanUp();
  process.exit(1);
}, deadlineMs);

function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kib / 1024;
}

async function signUp(url, index) {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: url,
      'x-forwarded-for': `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`,
    },
    body: JSON.stringify({
      name: `Bench User ${index}`,
      email: `bench-${index}@example.com`,
      password: 'correct horse battery',
      plan: 'free',
    }),
  });
  if (!response.ok)
    throw new Error(`sign-up ${index}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** One EventSource-like client: resolves once the stream is open; records event arrival times. */
function openClient(url, cookie) {
  return new Promise((done, fail) => {
    const client = { arrivals: [], req: undefined };
    const req = request(`${url}/api/events`, {
      agent: false,
      headers: { accept: 'text/event-stream', cookie },
    });
    client.req = req;
    req.on('error', fail);
    req.on('response', (response) => {
      if (response.statusCode !== 200) {
        fail(new Error(`/api/events answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let opened = false;
      response.on('data', (chunk) => {
        if (chunk.includes('data: ')) client.arrivals.push(performance.now());
        if (!opened && chunk.includes(': connected')) {
          opened = true;
          done(client);
        }
      });
      response.on('error', () => {});
    });
    req.end();
  });
}

async function main() {
  const loadAtStart = loadavg()[0];
  // First run: create the database (initdb) and the users. Then restart, so the measured
  // process starts from a reopened data folder like any restart in production.
  const url = await server.start();
  const cookies = [];
  for (let index = 0; index < userCount; index++) cookies.push(await signUp(url, index));
  await server.stop();
  await server.start();
  const operator = JSON.parse(readFileSync(join(server.dataDir, 'operator.json'), 'utf8'));
  await sleep(1_000);
  const rssBefore = rssMiB(server.pid);

  const clients = [];
  const connectStarted = performance.now();
  for (let batch = 0; batch < clientCount; batch += 100) {
    const size = Math.min(100, clientCount - batch);
    const opened = await Promise.all(
      Array.from({ length: size }, (_, offset) =>
        openClient(url, cookies[(batch + offset) % cookies.length]),
      ),
    );
    clients.push(...opened);
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  await sleep(1_000);
  const rssConnected = rssMiB(server.pid);

  const results = [];
  for (let round = 1; round <= rounds; round++) {
    const seen = clients.map((client) => client.arrivals.length);
    const sent = performance.now();
    const response = await fetch(`${url}/api/notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Benchmark round ${round}`, message: 'One for everyone.' }),
    });
    if (response.status !== 201) throw new Error(`publish answered ${response.status}`);
    const answered = performance.now() - sent;
    const waitUntil = performance.now() + 10_000;
    while (
      clients.some((client, index) => client.arrivals.length <= seen[index]) &&
      performance.now() < waitUntil
    ) {
      await sleep(5);
    }
    const delays = clients
      .filter((client, index) => client.arrivals.length > seen[index])
      .map((client, index) => client.arrivals[seen[index]] - sent)
      .sort((a, b) => a - b);
    results.push({ round, received: delays.length, delays, answered });
    await sleep(500);
  }
  const rssAfter = rssMiB(server.pid);

  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(`\nSSE broadcast: ${clientCount} clients (${userCount} users) on one server, PGlite`);
  console.log(
    `machine: ${cpus().length} CPUs, load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at the end (figures from a busy machine are slower)`,
  );
  console.log(`connected all clients in ${connectSeconds.toFixed(2)} s`);
  for (const { round, received, delays, answered } of results) {
    console.log(
      `round ${round}: received ${received}/${clientCount}  p50 ${ms(percentile(delays, 50))}  p99 ${ms(percentile(delays, 99))}  max ${ms(delays.at(-1) ?? Number.NaN)}  (publish answered in ${ms(answered)})`,
    );
  }
  const all = results.flatMap((result) => result.delays).sort((a, b) => a - b);
  console.log(
    `all rounds: p50 ${ms(percentile(all, 50))}  p99 ${ms(percentile(all, 99))}  max ${ms(all.at(-1) ?? Number.NaN)}  (target p99 < 500 ms)`,
  );
  console.log(
    `server RSS: ${rssBefore.toFixed(1)} MiB before clients, ${rssConnected.toFixed(1)} MiB with ${clientCount} streams open (${(((rssConnected - rssBefore) * 1024) / clientCount).toFixed(1)} KiB per stream), ${rssAfter.toFixed(1)} MiB after the deliveries`,
  );

  for (const client of clients) client.req.destroy();
  await server.stop();
  const missed = results.some((result) => result.received < clientCount);
  return missed ? 1 : 0;
}

main().then(
  (code) => {
    clearTimeout(watchdog);
    server.cleanUp();
    process.exit(code);
  },
  (error) => {
    process.stderr.write(`sse-broadcast: ${error.stack ?? error}\n`);
    clearTimeout(watchdog);
    server.cleanUp();
    process.exit(1);
  },
);
