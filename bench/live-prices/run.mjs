#!/usr/bin/env node
// Live prices benchmark: N real-time (Alpha) browser streams, each watching 10 of 100 symbols
// that tick every second on the simulated market, and how long each price takes from the
// tick to the client. Starts its own production server bundle on 127.0.0.1 with a fresh
// PGlite data folder, the simulated market set inside a regular session.
//
//   node bench/live-prices/run.mjs [--clients 2000] [--users 100] [--seconds 30]
//                                  [--client-processes 2]
//
// Prints delivery p50/p99/max (the tick's instant, as the server stamps it in `asOf`, to the
// frame's arrival at the client), the updates received, whether any client got a symbol it did
// not ask for or two prices of one symbol within a second, and the CPU and RSS of the server
// and of the client processes. Exit code 1 if a client got a symbol it did not ask for or one
// sent twice within a second.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { inviteCodes } from '@tickerwise/testkit';
import {
  clockMs,
  cpuSeconds,
  openEventStream,
  rssMiB,
  signUpBenchAccount,
} from '../support/event-streams.mjs';
import { percentile, prepareProductionServer, sleep } from '../support/production-server.mjs';

/** Prices of a symbol that arrive closer than this count as arriving close together. */
const closeMs = 900;

if (process.env.LIVE_PRICES_CLIENTS === '1') {
  clientProcess();
} else {
  await benchmark();
}

/**
 * One process of client tabs: opens the streams it is given and names their symbols, then,
 * asked for its report, reads what arrived in the measured window.
 */
function clientProcess() {
  const tabs = [];
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (message) => {
    if (message.type === 'open') {
      const { url, assignments } = message;
      for (let batch = 0; batch < assignments.length; batch += 100) {
        const opened = await Promise.all(
          assignments.slice(batch, batch + 100).map(async ({ cookie, wanted }) => {
            const stream = await openEventStream(url, cookie, { live: true, keepText: true });
            await askSymbols(url, cookie, stream.streamId, wanted);
            return { stream, wanted: new Set(wanted) };
          }),
        );
        tabs.push(...opened);
      }
      process.send({ type: 'opened' });
    } else if (message.type === 'report') {
      process.send({ type: 'report', ...readTabs(tabs, message) });
    }
  });
}

async function askSymbols(url, cookie, streamId, symbols) {
  const response = await fetch(`${url}/api/live/symbols`, {
    method: 'PUT',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ streamId, symbols }),
  });
  if (!response.ok) throw new Error(`/api/live/symbols answered ${response.status}`);
  await response.arrayBuffer();
}

/** Delivery times and checks over the prices that arrived in [fromMs, toMs). */
function readTabs(tabs, { fromMs, toMs, shift }) {
  const delays = [];
  let strangers = 0;
  let twiceInASecond = 0;
  let arrivedClose = 0;
  let silent = 0;
  for (const { stream, wanted } of tabs) {
    const last = new Map();
    let received = 0;
    for (const { arrived, event } of stream.events(fromMs, toMs)) {
      if (event.type !== 'prices') continue;
      for (const quote of event.quotes) {
        received += 1;
        if (!wanted.has(quote.symbol)) strangers += 1;
        const tick = Date.parse(quote.asOf) - shift;
        const before = last.get(quote.symbol);
        // A price goes out after its tick, and the next a second after it at the earliest: one
        // arriving sooner than a second after the previous one's tick was surely sent too soon
        // (5 ms allowed for reading the market clock's offset).
        if (before !== undefined && arrived < before.tick + 995) twiceInASecond += 1;
        // Arrivals closer than that may also be delivery jitter (an earlier price held up).
        if (before !== undefined && arrived - before.arrived < closeMs) arrivedClose += 1;
        last.set(quote.symbol, { tick, arrived });
        delays.push(arrived - tick);
      }
    }
    if (received === 0) silent += 1;
  }
  return { delays, strangers, twiceInASecond, arrivedClose, silent };
}

async function benchmark() {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '2000' },
      users: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '30' },
      'client-processes': { type: 'string', default: '2' },
    },
  });
  const clientCount = Number(values.clients);
  const userCount = Number(values.users);
  const seconds = Number(values.seconds);
  const processCount = Number(values['client-processes']);
  const deadlineMs = 600_000;

  const universe = JSON.parse(
    readFileSync(
      new URL('../../apps/server/src/market-data/reference/universe.json', import.meta.url),
      'utf8',
    ),
  );
  const symbols = (Array.isArray(universe) ? universe : Object.values(universe).flat())
    .map((entry) => entry.symbol)
    .filter((symbol) => typeof symbol === 'string')
    .slice(0, 100);
  /** 10 distinct symbols of the 100, spread so every symbol is watched. */
  const wantedBy = (index) => {
    const start = (index * 7) % symbols.length;
    return Array.from({ length: 10 }, (_, k) => symbols[(start + k * 10) % symbols.length]);
  };

  const server = await prepareProductionServer('live-prices', {
    env: {
      // Monday 10:00 in New York: the simulated market trades every second.
      SIMULATED_MARKET_START: '2026-03-16T10:00:00-04:00',
      LIMIT_EVENT_STREAMS_PER_USER: String(Math.ceil(clientCount / userCount) + 1),
      LIMIT_EVENT_STREAMS_PER_ADDRESS: String(clientCount + 10),
    },
  });
  const children = [];
  const cleanUp = () => {
    for (const child of children) child.kill();
    server.cleanUp();
  };
  const watchdog = setTimeout(() => {
    process.stderr.write(`live-prices: gave up after ${deadlineMs / 1000} s\n`);
    cleanUp();
    process.exit(1);
  }, deadlineMs);
  try {
    const code = await measure();
    clearTimeout(watchdog);
    cleanUp();
    process.exit(code);
  } catch (error) {
    process.stderr.write(`live-prices: ${error.stack ?? error}\n`);
    clearTimeout(watchdog);
    cleanUp();
    process.exit(1);
  }

  /** The next message of `type` from a client process. */
  function reply(child, type) {
    return new Promise((answer, fail) => {
      const onMessage = (message) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        answer(message);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => fail(new Error(`a client process exited (${code})`)));
    });
  }

  /** The market clock's offset from this process's clock (the server runs a shifted market). */
  async function marketShiftMs(url, cookie) {
    let best = { rtt: Number.POSITIVE_INFINITY, shift: 0 };
    for (let i = 0; i < 10; i++) {
      const sent = clockMs();
      const health = await (await fetch(`${url}/api/health`, { headers: { cookie } })).json();
      const received = clockMs();
      const time = Date.parse(health.market?.time ?? health.time);
      if (received - sent < best.rtt) {
        best = { rtt: received - sent, shift: time - (sent + received) / 2 };
      }
    }
    return best.shift;
  }

  async function measure() {
    const loadAtStart = loadavg()[0];
    const url = await server.start();
    const cookies = [];
    const invitations = await inviteCodes(server.dataDir, userCount);
    for (let index = 0; index < userCount; index++) {
      const account = await signUpBenchAccount(url, index, {
        prefix: 'bench-live',
        plan: 'alpha',
        net: 78,
        invitationCode: invitations[index],
      });
      cookies.push(account.cookie);
    }
    await sleep(1_000);
    const rssBefore = rssMiB(server.pid);

    // The tabs, dealt round the client processes (so each process holds every kind of tab).
    const connectStarted = clockMs();
    for (let number = 0; number < processCount; number++) {
      const child = fork(new URL(import.meta.url), [], {
        env: { ...process.env, LIVE_PRICES_CLIENTS: '1' },
      });
      children.push(child);
      const assignments = [];
      for (let index = number; index < clientCount; index += processCount) {
        assignments.push({ cookie: cookies[index % cookies.length], wanted: wantedBy(index) });
      }
      child.send({ type: 'open', url, assignments });
    }
    await Promise.all(children.map((child) => reply(child, 'opened')));
    const connectSeconds = (clockMs() - connectStarted) / 1000;
    const shift = await marketShiftMs(url, cookies[0]);
    await sleep(3_000);

    const rssConnected = rssMiB(server.pid);
    const cpuStart = cpuSeconds(server.pid);
    const clientCpuStart = children.map((child) => cpuSeconds(child.pid));
    const fromMs = clockMs();
    await sleep(seconds * 1_000);
    const toMs = clockMs();
    const wallSeconds = (toMs - fromMs) / 1000;
    const cpuUsed = cpuSeconds(server.pid) - cpuStart;
    const clientCpu = children.map((child, index) => cpuSeconds(child.pid) - clientCpuStart[index]);
    const rssAfter = rssMiB(server.pid);

    const reports = await Promise.all(
      children.map((child) => {
        const answer = reply(child, 'report');
        child.send({ type: 'report', fromMs, toMs, shift });
        return answer;
      }),
    );
    const delays = reports.flatMap((report) => report.delays).sort((a, b) => a - b);
    const total = (key) => reports.reduce((sum, report) => sum + report[key], 0);
    const strangers = total('strangers');

    const ms = (value) => `${value.toFixed(1)} ms`;
    const percent = (cpu) => `${((cpu / wallSeconds) * 100).toFixed(0)}%`;
    console.log(
      `\nLive prices: ${clientCount} real-time streams (${userCount} users) in ${processCount} client processes, each watching 10 of ${symbols.length} symbols ticking every second, ${seconds} s measured`,
    );
    console.log(
      `machine: ${cpus().length} CPUs, load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at the end (the benchmark's clients share the machine)`,
    );
    console.log(`connected and named symbols for all streams in ${connectSeconds.toFixed(1)} s`);
    console.log(
      `updates received: ${delays.length} (${(delays.length / wallSeconds).toFixed(0)} a second; ideal ${clientCount * 10})`,
    );
    console.log(
      `delivery tick -> client: p50 ${ms(percentile(delays, 50))}  p90 ${ms(percentile(delays, 90))}  p99 ${ms(percentile(delays, 99))}  max ${ms(delays.at(-1) ?? Number.NaN)}  (target p99 < 250 ms)`,
    );
    console.log(
      `symbols a client did not ask for: ${strangers}; a symbol sent twice within a second: ${total('twiceInASecond')} (arrived within ${closeMs} ms of the one before, jitter included: ${total('arrivedClose')}); streams with no price: ${total('silent')}`,
    );
    console.log(
      `server CPU: ${percent(cpuUsed)} of one core; RSS ${rssBefore.toFixed(1)} MiB before streams, ${rssConnected.toFixed(1)} MiB with them, ${rssAfter.toFixed(1)} MiB at the end`,
    );
    console.log(`client processes CPU: ${clientCpu.map(percent).join(', ')} of one core each`);
    await server.stop();
    return strangers > 0 || total('twiceInASecond') > 0 ? 1 : 0;
  }
}
