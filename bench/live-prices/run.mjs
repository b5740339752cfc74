#!/usr/bin/env node
// Live prices benchmark: N real-time (Alpha) browser streams, each watching 10 of 100 symbols
// that tick every second on the simulated market, and how long each price takes from the
// tick to the client. Starts its own production server bundle on 127.0.0.1 with a fresh
// PGlite data folder, the simulated market set inside a regular session.
//
//   node bench/live-prices/run.mjs [--clients 2000] [--users 100] [--seconds 30]
//
// Prints delivery p50/p99/max (the tick's instant, as the server stamps it in `asOf`, to the
// client parsing the event), the updates received, whether any client got a symbol it did not
// ask for or two prices of one symbol within a second, and the server's CPU and RSS.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { percentile, prepareProductionServer, sleep } from '../support/production-server.mjs';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '2000' },
    users: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '30' },
  },
});
const clientCount = Number(values.clients);
const userCount = Number(values.users);
const seconds = Number(values.seconds);
const deadlineMs = 600_000;

const universe = JSON.parse(
  readFileSync(new URL('../../apps/server/src/reference/universe.json', import.meta.url), 'utf8'),
);
const symbols = (Array.isArray(universe) ? universe : Object.values(universe).flat())
  .map((entry) => entry.symbol)
  .filter((symbol) => typeof symbol === 'string')
  .slice(0, 100);

const server = await prepareProductionServer('live-prices', {
  env: {
    // Monday 10:00 in New York: the simulated market trades every second.
    SIMULATED_MARKET_START: '2026-03-16T10:00:00-04:00',
    LIMIT_EVENT_STREAMS_PER_USER: String(Math.ceil(clientCount / userCount) + 1),
    LIMIT_EVENT_STREAMS_PER_ADDRESS: String(clientCount + 10),
  },
});
const watchdog = setTimeout(() => {
  process.stderr.write(`live-prices: gave up after ${deadlineMs / 1000} s\n`);
  server.cleanUp();
  process.exit(1);
}, deadlineMs);

function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/** The server process's CPU time so far, in seconds (user + system). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function signUp(url, index) {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: url,
      'x-forwarded-for': `10.78.${Math.floor(index / 250)}.${(index % 250) + 1}`,
    },
    body: JSON.stringify({
      name: `Bench Investor ${index}`,
      email: `bench-live-${index}@example.com`,
      password: 'correct horse battery',
      plan: 'alpha',
    }),
  });
  if (!response.ok) throw new Error(`sign-up ${index}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The market clock's offset from this process's clock (the server runs a shifted market). */
async function marketShiftMs(url, cookie) {
  let best = { rtt: Number.POSITIVE_INFINITY, shift: 0 };
  for (let i = 0; i < 10; i++) {
    const sent = Date.now();
    const health = await (await fetch(`${url}/api/health`, { headers: { cookie } })).json();
    const received = Date.now();
    const time = Date.parse(health.market?.time ?? health.time);
    if (received - sent < best.rtt) {
      best = { rtt: received - sent, shift: time - (sent + received) / 2 };
    }
  }
  return best.shift;
}

/** One browser tab: its stream, the symbols it asked for, and every price it received. */
function openClient(url, cookie, wanted) {
  return new Promise((done, fail) => {
    const client = { wanted: new Set(wanted), prices: [], req: undefined, streamId: undefined };
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
      let buffer = '';
      response.on('data', (chunk) => {
        const arrived = Date.now();
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (!data) continue;
          const event = JSON.parse(data.slice(6));
          if (event.type === 'hello') {
            client.streamId = event.streamId;
            done(client);
          } else if (event.type === 'prices') {
            for (const quote of event.quotes) {
              client.prices.push({ symbol: quote.symbol, asOf: Date.parse(quote.asOf), arrived });
            }
          }
        }
      });
      response.on('error', () => {});
    });
    req.end();
  });
}

async function askSymbols(url, cookie, client) {
  const response = await fetch(`${url}/api/live/symbols`, {
    method: 'PUT',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ streamId: client.streamId, symbols: [...client.wanted] }),
  });
  if (!response.ok) throw new Error(`/api/live/symbols answered ${response.status}`);
  await response.arrayBuffer();
}

/** 10 distinct symbols of the 100, spread so every symbol is watched. */
function wantedBy(index) {
  const start = (index * 7) % symbols.length;
  return Array.from({ length: 10 }, (_, k) => symbols[(start + k * 10) % symbols.length]);
}

async function main() {
  const loadAtStart = loadavg()[0];
  const url = await server.start();
  const cookies = [];
  for (let index = 0; index < userCount; index++) cookies.push(await signUp(url, index));
  await sleep(1_000);
  const rssBefore = rssMiB(server.pid);

  const clients = [];
  const connectStarted = performance.now();
  for (let batch = 0; batch < clientCount; batch += 100) {
    const size = Math.min(100, clientCount - batch);
    const opened = await Promise.all(
      Array.from({ length: size }, async (_, offset) => {
        const index = batch + offset;
        const cookie = cookies[index % cookies.length];
        const client = await openClient(url, cookie, wantedBy(index));
        await askSymbols(url, cookie, client);
        return client;
      }),
    );
    clients.push(...opened);
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const shift = await marketShiftMs(url, cookies[0]);
  await sleep(3_000);
  for (const client of clients) client.prices.length = 0;
  const rssConnected = rssMiB(server.pid);
  const cpuStart = cpuSeconds(server.pid);
  const measureStarted = performance.now();
  await sleep(seconds * 1_000);
  const cpuUsed = cpuSeconds(server.pid) - cpuStart;
  const wallSeconds = (performance.now() - measureStarted) / 1000;
  const rssAfter = rssMiB(server.pid);

  const delays = [];
  let strangers = 0;
  let tooOften = 0;
  let silent = 0;
  for (const client of clients) {
    const last = new Map();
    if (client.prices.length === 0) silent += 1;
    for (const price of client.prices) {
      if (!client.wanted.has(price.symbol)) strangers += 1;
      const before = last.get(price.symbol);
      // Sent at most once a second; 100 ms of slack for the network and the client's reading.
      if (before !== undefined && price.arrived - before < 900) tooOften += 1;
      last.set(price.symbol, price.arrived);
      delays.push(price.arrived - (price.asOf - shift));
    }
  }
  delays.sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(
    `\nLive prices: ${clients.length} real-time streams (${userCount} users), each watching 10 of ${symbols.length} symbols ticking every second, ${seconds} s measured`,
  );
  console.log(
    `machine: ${cpus().length} CPUs, load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at the end (the benchmark's clients share the machine)`,
  );
  console.log(`connected and named symbols for all streams in ${connectSeconds.toFixed(1)} s`);
  console.log(
    `updates received: ${delays.length} (${(delays.length / wallSeconds).toFixed(0)} a second; ideal ${clients.length * 10})`,
  );
  console.log(
    `delivery tick -> client: p50 ${ms(percentile(delays, 50))}  p99 ${ms(percentile(delays, 99))}  max ${ms(delays.at(-1) ?? Number.NaN)}  (target p99 < 250 ms)`,
  );
  console.log(
    `symbols a client did not ask for: ${strangers}; a symbol twice within a second: ${tooOften}; streams with no price: ${silent}`,
  );
  console.log(
    `server CPU: ${((cpuUsed / wallSeconds) * 100).toFixed(0)}% of one core; RSS ${rssBefore.toFixed(1)} MiB before streams, ${rssConnected.toFixed(1)} MiB with them, ${rssAfter.toFixed(1)} MiB at the end`,
  );
  for (const client of clients) client.req.destroy();
  await server.stop();
  return strangers > 0 ? 1 : 0;
}

main().then(
  (code) => {
    clearTimeout(watchdog);
    server.cleanUp();
    process.exit(code);
  },
  (error) => {
    process.stderr.write(`live-prices: ${error.stack ?? error}\n`);
    clearTimeout(watchdog);
    server.cleanUp();
    process.exit(1);
  },
);
