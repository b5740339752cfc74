#!/usr/bin/env node
// SSE broadcast benchmark: N Server-Sent Events clients on one server, one
// notification for everyone published, and how long each client waited for its event.
// Starts its own production server bundle on 127.0.0.1 with a fresh PGlite data folder.
//
//   node bench/sse-broadcast/run.mjs [--clients 1000] [--users 20] [--rounds 3]
//
// Prints p50/p99/max delivery time per round (publish request sent -> event arrived at the
// client) and the server's resident memory before the clients connect, with them connected,
// and after the deliveries. Target: p99 < 500 ms.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { clockMs, openEventStream, rssMiB, signUpBenchAccount } from '../support/event-streams.mjs';
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

async function main() {
  const loadAtStart = loadavg()[0];
  // First run: create the database (initdb) and the users. Then restart, so the measured
  // process starts from a reopened data folder like any restart in production.
  const url = await server.start();
  const cookies = [];
  for (let index = 0; index < userCount; index++) {
    const account = await signUpBenchAccount(url, index, {
      prefix: 'bench',
      plan: 'free',
      net: 77,
    });
    cookies.push(account.cookie);
  }
  await server.stop();
  await server.start();
  const operator = JSON.parse(readFileSync(join(server.dataDir, 'operator.json'), 'utf8'));
  await sleep(1_000);
  const rssBefore = rssMiB(server.pid);

  const clients = [];
  const connectStarted = clockMs();
  for (let batch = 0; batch < clientCount; batch += 100) {
    const size = Math.min(100, clientCount - batch);
    const opened = await Promise.all(
      Array.from({ length: size }, (_, offset) =>
        openEventStream(url, cookies[(batch + offset) % cookies.length]),
      ),
    );
    clients.push(...opened);
  }
  const connectSeconds = (clockMs() - connectStarted) / 1000;
  await sleep(1_000);
  const rssConnected = rssMiB(server.pid);

  const results = [];
  for (let round = 1; round <= rounds; round++) {
    const seen = clients.map((client) => client.arrivals.length);
    const sent = clockMs();
    const response = await fetch(`${url}/api/notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Benchmark round ${round}`, message: 'One for everyone.' }),
    });
    if (response.status !== 201) throw new Error(`publish answered ${response.status}`);
    const answered = clockMs() - sent;
    const waitUntil = clockMs() + 10_000;
    while (
      clients.some((client, index) => client.arrivals.length <= seen[index]) &&
      clockMs() < waitUntil
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

  for (const client of clients) client.close();
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
