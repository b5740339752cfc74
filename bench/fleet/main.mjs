// The fleet under failure: realistic mixed traffic through nginx to 3 production instances on
// PostgreSQL (ops/fleet.mjs), and while it runs: kill -9 of one instance and its restart, a
// rolling restart of all three (SIGTERM: lifecycle/drain.ts), PostgreSQL stopped for 5 s.
// Then the scaling figure: the same traffic, closed loop, against 1 and 3 instances.
//
//   npm run bench:fleet                      the whole run (1,000 live streams, 100 accounts)
//   npm run bench:fleet -- --sse 300         fewer live streams (a machine that cannot hold 1,000)
//   npm run bench:fleet -- --short           CI's check (.ci/run): one kill under load, ~60 s;
//                                            exits 1 when a write was lost, a live stream did not
//                                            resume, a notification was missed, an alert fired
//                                            twice or a request failed that was not in flight on
//                                            the killed instance.
//
// The traffic: signed-in page loads (the dashboard's HTML from an instance, its hashed assets
// from nginx), lists (stocks, portfolios, watchlists, alerts, notifications), detail pages
// (a stock, its history and profile, a portfolio), portfolio writes (deposits), live quotes;
// each account from its own address (nginx's X-Forwarded-For, trusted by the instances). The
// live streams behave as the web app's (apps/web/src/lib/live-events.ts): reconnect after the
// server's `retry:` hint and refetch the notifications on every (re)connection and on every
// change announced for them. Alerts fire in rounds: the simulated price of one symbol is moved
// past every level set on it, on every instance at once (SIMULATION_CONTROL), and each alert
// must fire exactly once across the instances and reach every stream of its account.
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { inviteCodes } from '@tickerwise/testkit';
import {
  readFleet,
  sleep,
  startFleet,
  startInstance,
  startPostgres,
  stopFleet,
  stopInstance,
  stopPostgres,
  waitHealthy,
} from '../../ops/fleet.mjs';
import { benchAddress, rssMiB } from '../support/event-streams.mjs';

const { values: options } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    sse: { type: 'string' },
    users: { type: 'string' },
    rate: { type: 'string' },
    'no-scaling': { type: 'boolean', default: false },
    'scaling-only': { type: 'boolean', default: false },
    port: { type: 'string' },
  },
});
const short = options.short;
const sseCount = Number(options.sse ?? (short ? 150 : 1000));
const userCount = Number(options.users ?? (short ? 15 : 100));
const rate = Number(options.rate ?? (short ? 30 : 80));
const withScaling = !short && !options['no-scaling'];
const port = Number(options.port ?? process.env.FLEET_PORT ?? 18080);
const dir = join(tmpdir(), `tickerwise-bench-fleet-${port}`);
const alertSymbolCount = short ? 2 : 16;

const watchdog = setTimeout(
  () => {
    process.stderr.write('bench:fleet: gave up (watchdog)\n');
    void stopFleet(dir, () => {}).finally(() => process.exit(1));
  },
  (short ? 4 : 25) * 60_000,
);
watchdog.unref();

const now = () => performance.timeOrigin + performance.now();
const log = (line) => console.log(line);
const fmt = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'never');
const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

// Requests ----------------------------------------------------------------------------------

/** Every request of the run: kind, method, start, end, status (0: no answer). */
const answers = [];
let recording = true;

async function call(base, user, kind, path, { method = 'GET', body, record = true } = {}) {
  const start = now();
  let status = 0;
  let json;
  let requestId;
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        ...(user ? { cookie: user.cookie, 'x-forwarded-for': user.address } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    status = response.status;
    requestId = response.headers.get('x-request-id') ?? undefined;
    const text = await response.text();
    if (response.headers.get('content-type')?.includes('json')) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
  } catch {
    status = 0;
  }
  const answer = { kind, method, path, start, end: now(), status, json, requestId };
  if (record && recording) answers.push(answer);
  return answer;
}

// Accounts ----------------------------------------------------------------------------------

async function setUpAccounts(fleet, count, { alerts }) {
  const codes = await inviteCodes(fleet.instances[0].dataDir, count);
  const users = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from(
      { length: Math.min(10, count - start) },
      (_, offset) => start + offset,
    );
    users.push(
      ...(await Promise.all(
        batch.map(async (index) => {
          const address = benchAddress(81, index);
          const email = `fleet-${index}-${Date.now()}@example.com`;
          const response = await fetch(`${fleet.url}/api/auth/sign-up/email`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: fleet.url,
              'x-forwarded-for': address,
            },
            body: JSON.stringify({
              name: `Fleet Investor ${index}`,
              email,
              password: 'correct horse battery',
              plan: 'alpha',
              invitationCode: codes[index],
            }),
          });
          if (!response.ok)
            throw new Error(`sign-up ${index}: ${response.status} ${await response.text()}`);
          const { user } = await response.json();
          const cookie = response.headers
            .getSetCookie()
            .map((value) => value.split(';')[0])
            .join('; ');
          const account = { index, id: user.id, email, cookie, address, alertIds: new Map() };
          const created = await call(fleet.url, account, 'setup', '/api/portfolios', {
            method: 'POST',
            body: { name: 'Fleet portfolio' },
            record: false,
          });
          if (created.status !== 201) throw new Error(`portfolio: ${created.status}`);
          account.portfolioId = created.json.portfolio.id;
          return account;
        }),
      )),
    );
  }
  if (!alerts) return { users, rounds: [] };
  // The symbols of the alert rounds, each with a level 25% above its price for every account
  // that watches it (each account watches three of them).
  const list = await call(fleet.url, users[0], 'setup', '/api/stocks', { record: false });
  const stocks = list.json.stocks
    .filter((stock) => typeof stock.price === 'number' && stock.price > 5)
    .slice(0, alertSymbolCount);
  const rounds = stocks.map((stock) => ({
    symbol: stock.symbol,
    level: Math.round(stock.price * 125) / 100,
    price: Math.round(stock.price * 150) / 100,
    alertIds: [],
  }));
  for (const user of users) {
    for (let k = 0; k < Math.min(3, rounds.length); k++) {
      const round = rounds[(user.index + k) % rounds.length];
      const answer = await call(fleet.url, user, 'setup', '/api/alerts', {
        method: 'POST',
        body: {
          symbol: round.symbol,
          condition: { kind: 'price_above', level: round.level },
          repeat: 'once',
        },
        record: false,
      });
      if (answer.status !== 201)
        throw new Error(`alert: ${answer.status} ${JSON.stringify(answer.json)}`);
      round.alertIds.push(answer.json.alert.id);
    }
  }
  return { users, rounds };
}

/** The dashboard's HTML names its scripts and styles: what a page load fetches after it. */
async function pageAssets(fleet, user) {
  const response = await fetch(`${fleet.url}/dashboard`, {
    headers: { cookie: user.cookie, 'x-forwarded-for': user.address },
  });
  const html = await response.text();
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)]
    .map((match) => match[1])
    .slice(0, 3);
}

// Live streams ------------------------------------------------------------------------------

class LiveClient {
  constructor(base, user, number) {
    this.base = base;
    this.user = user;
    this.address = benchAddress(82, number);
    this.seen = new Set();
    this.opens = 0;
    this.ends = 0;
    this.connected = false;
    this.retryMs = 3_000;
    this.closed = false;
    this.refreshing = undefined;
    this.again = false;
    this.downSince = 0;
    this.downtimes = [];
  }

  open() {
    return new Promise((opened) => {
      const req = httpRequest(`${this.base}/api/events`, {
        agent: false,
        headers: {
          accept: 'text/event-stream',
          cookie: this.user.cookie,
          'x-forwarded-for': this.address,
        },
      });
      this.req = req;
      let settled = false;
      const settle = () => {
        if (!settled) {
          settled = true;
          opened();
        }
      };
      let over = false;
      const dropped = () => {
        settle();
        if (over) return;
        over = true;
        if (this.connected) {
          this.connected = false;
          this.ends += 1;
          this.downSince = now();
        }
        if (!this.closed) setTimeout(() => void this.open(), this.retryMs);
      };
      req.on('error', dropped);
      req.on('response', (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          // A refused stream: the web app tries again after 1 s.
          this.retryMs = 1_000;
          response.on('end', dropped);
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          buffer += chunk;
          let boundary = buffer.indexOf('\n\n');
          while (boundary >= 0) {
            this.frame(buffer.slice(0, boundary), settle);
            buffer = buffer.slice(boundary + 2);
            boundary = buffer.indexOf('\n\n');
          }
        });
        response.on('end', dropped);
        response.on('close', dropped);
        response.on('error', () => {});
      });
      req.end();
    });
  }

  frame(text, settle) {
    for (const line of text.split('\n')) {
      if (line.startsWith('retry: ')) this.retryMs = Number(line.slice(7));
      else if (line === ': connected') {
        this.connected = true;
        this.opens += 1;
        if (this.downSince) this.downtimes.push(now() - this.downSince);
        this.downSince = 0;
        // Every (re)connection may follow missed events: refetch (live-events.ts).
        void this.refresh();
        settle();
      } else if (line.startsWith('data: ')) {
        const event = JSON.parse(line.slice(6));
        if (
          event.type === 'resync' ||
          (event.type === 'change' && event.topic === 'notifications')
        ) {
          void this.refresh();
        }
      }
    }
  }

  async refresh() {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.again = false;
        const answer = await call(
          this.base,
          { ...this.user, address: this.address },
          'live refetch',
          '/api/notifications',
        );
        if (answer.status === 200) {
          for (const item of answer.json.notifications) this.seen.add(item.id);
        } else {
          // Failed (the database restarting): try again shortly, as the page's query would.
          await sleep(1_000);
          this.again = true;
        }
      } while (this.again && !this.closed);
    })().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  close() {
    this.closed = true;
    this.req?.destroy();
  }
}

async function openLiveClients(base, users, count) {
  const clients = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, offset) => {
      const number = start + offset;
      return new LiveClient(base, users[number % users.length], number);
    });
    await Promise.all(batch.map((client) => client.open()));
    clients.push(...batch);
  }
  return clients;
}

// Traffic -----------------------------------------------------------------------------------

/** One request (or a page load: the HTML, then its assets) of the mix, for a random account. */
function mixedRequest(base, users, assets, symbols, slot, acknowledged) {
  const user = users[Math.floor(Math.random() * users.length)];
  const symbol = symbols[slot % symbols.length];
  switch (slot % 20) {
    case 0:
    case 1:
    case 2:
      return call(base, user, 'page', '/dashboard').then(() =>
        Promise.all(assets.map((asset) => call(base, user, 'asset', asset))),
      );
    case 3:
      return call(base, user, 'list', '/api/stocks');
    case 4:
      return call(base, user, 'list', '/api/portfolios');
    case 5:
      return call(base, user, 'list', '/api/watchlists');
    case 6:
      return call(base, user, 'list', '/api/alerts');
    case 7:
      return call(base, user, 'list', '/api/notifications');
    case 8:
    case 9:
      return call(base, user, 'detail', `/api/stocks/${symbol}`);
    case 10:
      return call(base, user, 'detail', `/api/stocks/${symbol}/history?range=1m`);
    case 11:
      return call(base, user, 'detail', `/api/stocks/${symbol}/profile`);
    case 12:
    case 13:
      return call(base, user, 'detail', `/api/portfolios/${user.portfolioId}`);
    case 14:
    case 15:
    case 16:
    case 17: {
      return call(base, user, 'write', `/api/portfolios/${user.portfolioId}/transactions`, {
        method: 'POST',
        body: { kind: 'deposit', date: '2026-01-05', amount: String(1 + (slot % 97)) },
      }).then((answer) => {
        if (answer.status === 201) acknowledged.push(answer.json.transaction.id);
        return answer;
      });
    }
    default:
      return call(base, user, 'quotes', `/api/quotes?symbols=${symbols.slice(0, 5).join(',')}`);
  }
}

/** Sends the mix at `perSecond` (open loop) until `stop()`; resolves when all have answered. */
function openLoop(base, users, assets, symbols, perSecond, acknowledged) {
  let running = true;
  const pending = new Set();
  const started = now();
  const done = (async () => {
    for (let slot = 0; running; slot++) {
      const due = started + (slot * 1000) / perSecond;
      const wait = due - now();
      if (wait > 0) await sleep(wait);
      const request = mixedRequest(base, users, assets, symbols, slot, acknowledged);
      pending.add(request);
      void request.finally(() => pending.delete(request));
    }
    await Promise.allSettled([...pending]);
  })();
  return {
    stop() {
      running = false;
      return done;
    },
  };
}

/** The same mix as fast as `workers` accounts can go, for `ms` (answers go to `answers`). */
async function closedLoop(base, users, assets, symbols, workers, ms) {
  const acknowledged = [];
  const until = now() + ms;
  let slot = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (now() < until) await mixedRequest(base, users, assets, symbols, slot++, acknowledged);
    }),
  );
}

// nginx's access log: which instance served --------------------------------------------------

class AccessLog {
  constructor(file) {
    this.file = file;
    this.offset = 0;
    this.rest = '';
    /** Where nginx sent each request, by its request id (the entry nginx logged). */
    this.byRequestId = new Map();
  }

  /** The answers logged since the last look: [{ upstream, status }]. */
  read() {
    let size;
    try {
      size = statSync(this.file).size;
    } catch {
      return [];
    }
    if (size <= this.offset) return [];
    const fd = openSync(this.file, 'r');
    const buffer = Buffer.alloc(size - this.offset);
    readSync(fd, buffer, 0, buffer.length, this.offset);
    closeSync(fd);
    this.offset = size;
    const text = this.rest + buffer.toString('utf8');
    const lines = text.split('\n');
    this.rest = lines.pop() ?? '';
    return lines.flatMap((line) => {
      try {
        const entry = JSON.parse(line);
        this.byRequestId.set(entry.request_id, entry);
        return [entry];
      } catch {
        return [];
      }
    });
  }

  /** Resolves with the instant nginx first logged an answer by `instancePort` (from now on). */
  async servedBy(instancePort, timeoutMs = 60_000) {
    this.read();
    const deadline = now() + timeoutMs;
    while (now() < deadline) {
      const served = this.read().some(
        (entry) =>
          String(entry.upstream).split(', ').at(-1) === `127.0.0.1:${instancePort}` &&
          entry.status < 500,
      );
      if (served) return now();
      await sleep(50);
    }
    return Number.POSITIVE_INFINITY;
  }
}

// Alert rounds -------------------------------------------------------------------------------

/** Moves `round`'s symbol past its level on every running instance at once. */
async function fireRound(fleet, round) {
  round.firedAt = now();
  await Promise.all(
    fleet.instances.map(async (instance) => {
      let token;
      try {
        token = JSON.parse(readFileSync(join(instance.dataDir, 'operator.json'), 'utf8')).token;
      } catch {
        return;
      }
      await fetch(`${instance.url}/api/simulation/quotes/${round.symbol}`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          origin: fleet.url,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ price: round.price }),
        signal: AbortSignal.timeout(10_000),
      })
        .then((response) => response.arrayBuffer())
        .catch(() => {});
    }),
  );
}

// The database, read directly ------------------------------------------------------------------

function sql(fleet, query) {
  const output = execFileSync(
    join(fleet.pg.bin, 'psql'),
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(fleet.pg.port),
      '-U',
      'postgres',
      '-d',
      'tickerwise',
      '-Atc',
      query,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return output
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('|'));
}

// The run ------------------------------------------------------------------------------------

function summarise(list) {
  const failed = list.filter((answer) => answer.status === 0 || answer.status >= 500);
  const byStatus = {};
  for (const answer of failed) {
    const key = `${answer.method} ${answer.kind} ${answer.status}`;
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  return { count: list.length, failed, byStatus };
}

async function failureRun(report) {
  const fleetEnv = { SIMULATION_CONTROL: 'true', LOG_LEVEL: 'warn' };
  Object.assign(process.env, fleetEnv);
  log(`Starting the fleet (3 instances, nginx on 127.0.0.1:${port}) ...`);
  const fleet = await startFleet({ instances: 3, port, dir, log: (line) => log(`  ${line}`) });
  const accessLog = new AccessLog(join(fleet.nginx.dir, 'access.log'));
  const { users, rounds } = await setUpAccounts(fleet, userCount, { alerts: true });
  const assets = await pageAssets(fleet, users[0]);
  const symbols = rounds.map((round) => round.symbol);
  log(
    `  ${users.length} accounts, ${rounds.reduce((sum, round) => sum + round.alertIds.length, 0)} alerts on ${rounds.length} symbols; a page load fetches ${assets.length} assets`,
  );
  const clients = await openLiveClients(fleet.url, users, sseCount);
  await sleep(2_000);
  log(
    `  ${clients.filter((client) => client.connected).length}/${clients.length} live streams open`,
  );

  const acknowledged = [];
  answers.length = 0;
  const traffic = openLoop(fleet.url, users, assets, symbols, rate, acknowledged);
  const runStart = now();
  const events = {};
  let nextRound = 0;
  let roundsRunning = true;
  const roundLoop = (async () => {
    while (roundsRunning && nextRound < rounds.length) {
      await sleep(short ? 3_000 : 7_000);
      if (!roundsRunning) break;
      await fireRound(fleet, rounds[nextRound++]);
    }
  })();

  await sleep(short ? 6_000 : 20_000);
  report.memoryWithStreams = fleet.instances.map((instance) => rssMiB(instance.pid));

  // 1. kill -9 of one instance, restarted at once.
  const victim = 1;
  events.killAt = now();
  await stopInstance(fleet, victim, { signal: 'SIGKILL' });
  log(`  kill -9 of instance ${victim} at ${fmt(events.killAt - runStart)}`);
  await startInstance(fleet, victim, { timeoutMs: 240_000 });
  events.killHealthyAt = now();
  events.killServingAt = await accessLog.servedBy(fleet.instances[victim].port);
  log(
    `  instance ${victim} healthy after ${fmt(events.killHealthyAt - events.killAt)}, serving through nginx after ${fmt(events.killServingAt - events.killAt)}`,
  );

  if (!short) {
    await sleep(10_000);
    // 2. Rolling restart: each instance stopped gracefully, started, back in nginx's rotation.
    events.rollingStart = now();
    events.drains = [];
    for (let index = 0; index < fleet.instances.length; index++) {
      const stopAt = now();
      await stopInstance(fleet, index, { signal: 'SIGTERM' });
      events.drains.push(now() - stopAt);
      await startInstance(fleet, index, { timeoutMs: 240_000 });
      await accessLog.servedBy(fleet.instances[index].port);
    }
    events.rollingEnd = now();
    log(
      `  rolling restart from ${fmt(events.rollingStart - runStart)} to ${fmt(events.rollingEnd - runStart)} (stops took ${events.drains.map((ms) => fmt(ms)).join(', ')})`,
    );
    await sleep(10_000);

    // 3. PostgreSQL stopped for 5 s.
    events.pgStopAt = now();
    stopPostgres(fleet);
    events.pgStoppedAt = now();
    await sleep(5_000);
    startPostgres(fleet);
    events.pgStartedAt = now();
    await waitHealthy(fleet.url, 30_000);
    events.pgBackAt = now();
    log(
      `  PostgreSQL stopped at ${fmt(events.pgStopAt - runStart)}, started ${fmt(events.pgStartedAt - events.pgStopAt)} later, the fleet healthy ${fmt(events.pgBackAt - events.pgStartedAt)} after that`,
    );
  }
  await sleep(short ? 3_000 : 12_000);
  roundsRunning = false;
  await roundLoop;
  // Any rounds left fire now, with everything running.
  while (nextRound < rounds.length) await fireRound(fleet, rounds[nextRound++]);
  await sleep(3_000);
  await traffic.stop();
  recording = false;
  const runEnd = now();
  // Let the streams' refetches after the last firings land.
  await sleep(5_000);
  await Promise.allSettled(clients.map((client) => client.refreshing));

  // The checks, from PostgreSQL itself.
  const stored = new Set(sql(fleet, 'select id from portfolio_transactions').map(([id]) => id));
  const lost = acknowledged.filter((id) => !stored.has(id));
  const firings = new Map(
    sql(
      fleet,
      'select alert_id, count(*) from alert_firings where alert_id is not null group by alert_id',
    ).map(([id, count]) => [id, Number(count)]),
  );
  const expected = rounds.slice(0, nextRound).flatMap((round) => round.alertIds);
  const firedOnce = expected.filter((id) => firings.get(id) === 1).length;
  const firedTwice = expected.filter((id) => (firings.get(id) ?? 0) > 1).length;
  const notFired = expected.filter((id) => !firings.has(id)).length;
  const notificationsByUser = new Map();
  for (const [id, userId] of sql(
    fleet,
    'select id, user_id from notifications where user_id is not null',
  )) {
    if (!notificationsByUser.has(userId)) notificationsByUser.set(userId, []);
    notificationsByUser.get(userId).push(id);
  }
  let missed = 0;
  let clientsMissing = 0;
  for (const client of clients) {
    const due = notificationsByUser.get(client.user.id) ?? [];
    const unseen = due.filter((id) => !client.seen.has(id)).length;
    missed += unseen;
    if (unseen > 0) clientsMissing += 1;
  }
  const notificationsMade = [...notificationsByUser.values()].reduce(
    (sum, list) => sum + list.length,
    0,
  );
  const jobs = sql(
    fleet,
    'select name, state, count(*), max(attempts) from jobs group by name, state order by name, state',
  );

  const inWindow = (from, to) => answers.filter((answer) => answer.start < to && answer.end > from);
  const killWindow = inWindow(events.killAt - 100, events.killServingAt + 1_000);
  const killSummary = summarise(killWindow);
  const inFlightAtKill = answers.filter(
    (answer) => answer.start <= events.killAt && answer.end >= events.killAt,
  );
  // Where nginx sent each failed request (its access log, by the X-Request-Id it answered
  // with): a write it had sent to the killed instance fails by design (nginx never sends a POST
  // twice, the instance may have done it); anything else that failed is a fault.
  accessLog.read();
  const killedUpstream = `127.0.0.1:${fleet.instances[victim].port}`;
  const sentToKilled = (answer) =>
    String(accessLog.byRequestId.get(answer.requestId)?.upstream ?? '')
      .split(', ')
      .at(-1) === killedUpstream;
  const unexpected = killSummary.failed.filter(
    (answer) => !(answer.method === 'POST' && sentToKilled(answer)),
  );
  const all = summarise(answers);
  const latencies = answers
    .filter((answer) => answer.status > 0)
    .map((answer) => answer.end - answer.start)
    .sort((a, b) => a - b);
  const reconnected = clients.filter((client) => client.ends > 0).length;
  const downtimes = clients.flatMap((client) => client.downtimes).sort((a, b) => a - b);

  report.run = {
    seconds: (runEnd - runStart) / 1000,
    requests: answers.length,
    rate,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
  log('');
  log(
    `Mixed traffic through nginx: ${answers.length} requests in ${report.run.seconds.toFixed(0)} s (${rate}/s open loop, plus the live streams' refetches), p50 ${report.run.p50.toFixed(0)} ms, p99 ${report.run.p99.toFixed(0)} ms`,
  );
  log(`  requests failed, all: ${all.failed.length} ${JSON.stringify(all.byStatus)}`);
  log(
    `  kill -9: ${killSummary.failed.length} failed of ${killSummary.count} between the kill and the instance serving again, ${killSummary.failed.filter(sentToKilled).length} of them writes nginx had sent to the killed instance; ${inFlightAtKill.length} requests were in flight at the kill (${inFlightAtKill.filter((answer) => answer.method === 'POST').length} writes); other failures: ${unexpected.length} ${JSON.stringify(summarise(unexpected).byStatus)}`,
  );
  log(
    `  kill -9: back to full capacity (the restarted instance serving through nginx) ${fmt(events.killServingAt - events.killAt)} after the kill (healthy after ${fmt(events.killHealthyAt - events.killAt)})`,
  );
  let rollingFailed = [];
  let pgSummary;
  if (!short) {
    const rolling = summarise(inWindow(events.rollingStart, events.rollingEnd));
    rollingFailed = rolling.failed;
    log(
      `  rolling restart: ${rolling.failed.length} failed of ${rolling.count} ${JSON.stringify(rolling.byStatus)}; it took ${fmt(events.rollingEnd - events.rollingStart)}, each instance back in rotation before the next stopped`,
    );
    pgSummary = summarise(inWindow(events.pgStopAt, events.pgBackAt));
    const unavailable = pgSummary.failed.filter((answer) => answer.status === 503).length;
    log(
      `  PostgreSQL down 5 s: ${pgSummary.failed.length} of ${pgSummary.count} answered 5xx (${unavailable} of them 503 with Retry-After, by design) ${JSON.stringify(pgSummary.byStatus)}; healthy ${fmt(events.pgBackAt - events.pgStartedAt)} after it was back`,
    );
    const outside = all.failed.filter(
      (answer) =>
        !killWindow.includes(answer) &&
        !(answer.start < events.pgBackAt && answer.end > events.pgStopAt) &&
        !(answer.start < events.rollingEnd && answer.end > events.rollingStart),
    );
    log(
      `  failed outside those windows: ${outside.length} ${JSON.stringify(summarise(outside).byStatus)}`,
    );
  }
  log(`  writes acknowledged: ${acknowledged.length}; lost: ${lost.length}`);
  log(
    `  live streams: ${clients.filter((client) => client.connected).length}/${clients.length} connected at the end; ${reconnected} were cut and reconnected (${clients.reduce((sum, client) => sum + client.ends, 0)} reconnections, back after p50 ${fmt(percentile(downtimes, 0.5))}, p99 ${fmt(percentile(downtimes, 0.99))})`,
  );
  log(
    `  notifications: ${notificationsMade} made for the accounts; missed by a stream: ${missed} (${clientsMissing} streams missing any)`,
  );
  log(
    `  alerts: ${expected.length} crossed in ${nextRound} rounds; fired exactly once ${firedOnce}, more than once ${firedTwice}, not fired ${notFired}`,
  );
  log(
    `  jobs (name state count max-attempts): ${jobs.map((row) => row.join(' ')).join('; ') || 'none'}`,
  );
  log(
    `  memory per instance with ${sseCount} live streams and the traffic: ${report.memoryWithStreams.map((mib) => `${mib.toFixed(0)} MiB`).join(', ')}`,
  );

  const allConnected = clients.every((client) => client.connected);
  for (const client of clients) client.close();
  await stopFleet(dir, () => {});
  const problems = [
    lost.length > 0 && `${lost.length} acknowledged writes lost`,
    unexpected.length > 0 &&
      `${unexpected.length} requests failed that were not writes nginx had sent to the killed instance`,
    rollingFailed.length > 0 &&
      `${rollingFailed.length} requests failed during the rolling restart`,
    !allConnected && 'live streams not connected at the end',
    reconnected === 0 && 'no live stream was cut by the kill',
    missed > 0 && `${missed} notifications missed by live streams`,
    firedTwice > 0 && `${firedTwice} alerts fired more than once`,
    notFired > 0 && `${notFired} alerts did not fire`,
  ].filter(Boolean);
  return problems;
}

/** Processor time of process `pid` so far, in seconds (utime + stime of /proc/pid/stat). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // After the command: state is field 3, utime 14 and stime 15 (1-based), in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
/** The machine's busy and total processor time so far, in seconds (all cores, /proc/stat). */
function machineSeconds() {
  const ticks = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = ticks[3] + ticks[4];
  return { busy: (total - idle) / 100, total: total / 100 };
}

async function scalingRun(instances, users, durationMs, workers) {
  log(
    `Scaling: ${instances} instance(s), ${workers} accounts as fast as they go for ${durationMs / 1000} s ...`,
  );
  const fleet = await startFleet({ instances, port, dir, log: () => {} });
  try {
    const { users: accounts } = await setUpAccounts(fleet, users, { alerts: false });
    const assets = await pageAssets(fleet, accounts[0]);
    const list = await call(fleet.url, accounts[0], 'setup', '/api/stocks', { record: false });
    const symbols = list.json.stocks.slice(0, 16).map((stock) => stock.symbol);
    recording = true;
    answers.length = 0;
    await closedLoop(fleet.url, accounts, assets, symbols, workers, 3_000);
    answers.length = 0;
    const started = now();
    const pids = fleet.instances.map((instance) => instance.pid);
    const instanceCpu = pids.map(cpuSeconds);
    const machine = machineSeconds();
    const ownCpu = process.cpuUsage();
    await closedLoop(fleet.url, accounts, assets, symbols, workers, durationMs);
    const seconds = (now() - started) / 1000;
    const machineAfter = machineSeconds();
    const own = process.cpuUsage(ownCpu);
    // Where the two cores went: each instance, the load (this process) and the rest
    // (PostgreSQL, nginx, anything else), as a share of one core over the run.
    const cpu = {
      machine: (machineAfter.busy - machine.busy) / (machineAfter.total - machine.total),
      instances: pids.map((pid, index) => (cpuSeconds(pid) - instanceCpu[index]) / seconds),
      load: (own.user + own.system) / 1e6 / seconds,
    };
    const ok = answers.filter((answer) => answer.status > 0 && answer.status < 500);
    const latencies = ok.map((answer) => answer.end - answer.start).sort((a, b) => a - b);
    const memory = fleet.instances.map((instance) => rssMiB(instance.pid));
    recording = false;
    return {
      instances,
      throughput: ok.length / seconds,
      failed: answers.length - ok.length,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      memory,
      cpu,
    };
  } finally {
    await stopFleet(dir, () => {});
  }
}

async function main() {
  log(
    `machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} at the start`,
  );
  log(
    `live streams: ${sseCount}${sseCount < 1000 ? ' (scaled down from 1,000 with --sse)' : ''}, accounts: ${userCount}`,
  );
  if (readFleet(dir)) await stopFleet(dir, () => {});
  const report = {};
  const problems = options['scaling-only'] ? [] : await failureRun(report);
  if (withScaling || options['scaling-only']) {
    const workers = 32;
    const three = await scalingRun(3, 30, 20_000, workers);
    const one = await scalingRun(1, 30, 20_000, workers);
    log('');
    log(
      `Scaling, the same mix closed loop (${workers} accounts at once, no live streams), one machine of ${cpus().length} cores for everything:`,
    );
    for (const result of [one, three]) {
      log(
        `  ${result.instances} instance(s): ${result.throughput.toFixed(0)} requests/s, p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, failed ${result.failed}; memory per instance ${result.memory.map((mib) => `${mib.toFixed(0)} MiB`).join(', ')}`,
      );
      const percent = (share) => `${(share * 100).toFixed(0)}%`;
      log(
        `    processor: the machine ${percent(result.cpu.machine)} busy (of ${cpus().length} cores); each instance ${result.cpu.instances.map(percent).join(', ')} of a core; the load ${percent(result.cpu.load)}; the rest (PostgreSQL, nginx) ${percent(result.cpu.machine * cpus().length - result.cpu.instances.reduce((sum, share) => sum + share, 0) - result.cpu.load)}`,
      );
    }
    log(
      `  throughput 3 vs 1 instance: ${(three.throughput / one.throughput).toFixed(2)}x; p99 ${(three.p99 / one.p99).toFixed(2)}x`,
    );
  }
  log('');
  log(
    `load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} at the end (figures from a busy machine are slower)`,
  );
  if (problems.length > 0) {
    log(`FAILED: ${problems.join('; ')}`);
    process.exitCode = 1;
  } else {
    log('fleet: every check passed');
  }
}

main()
  .catch(async (error) => {
    process.stderr.write(`bench:fleet: ${error.stack ?? error.message}\n`);
    await stopFleet(dir, () => {}).catch(() => {});
    process.exitCode = 1;
  })
  .finally(() => {
    clearTimeout(watchdog);
    // Open keep-alive sockets of fetch would hold the process a while.
    setTimeout(() => process.exit(process.exitCode ?? 0), 100).unref();
  });
