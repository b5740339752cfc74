import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { alerts as alertsTable } from '../../apps/server/src/db/schema/index.ts';
import { prepareProductionServer, sleep } from '../support/production-server.mjs';
import { benchSymbols, seedAlerts } from './seed.ts';

interface Client {
  userIndex: number;
  arrivals: number[];
  close(): void;
}

/** An /api/events stream; resolves once it is open, then records when each event arrives. */
function openClient(
  url: string,
  cookie: string,
  userIndex: number,
  address: string,
): Promise<Client> {
  return new Promise((done, fail) => {
    const arrivals: number[] = [];
    const req = request(`${url}/api/events`, {
      agent: false,
      // Each stream from its own address, as browsers on many networks would be.
      headers: { accept: 'text/event-stream', cookie, 'x-forwarded-for': address },
    });
    req.on('error', fail);
    req.on('response', (response) => {
      if (response.statusCode !== 200) {
        fail(new Error(`/api/events answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      let opened = false;
      response.on('data', (chunk: string) => {
        if (chunk.includes('data: ')) arrivals.push(performance.now());
        if (!opened && chunk.includes(': connected')) {
          opened = true;
          done({ userIndex, arrivals, close: () => req.destroy() });
        }
      });
      response.on('error', () => {});
    });
    req.end();
  });
}

async function signUp(url: string, index: number): Promise<{ cookie: string; id: string }> {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: url,
      'x-forwarded-for': `10.78.${Math.floor(index / 250)}.${(index % 250) + 1}`,
    },
    body: JSON.stringify({
      name: `Bench Investor ${index}`,
      email: `bench-alerts-${index}@example.com`,
      password: 'correct horse battery',
      plan: 'alpha',
    }),
  });
  if (!response.ok)
    throw new Error(`sign-up ${index}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { cookie, id: body.user.id };
}

export interface DeliveryFigures {
  clients: number;
  alerts: number;
  startMs: number;
  rounds: { symbol: string; received: number; delays: number[] }[];
}

/**
 * The production server with `perSymbol` × `symbolCount` armed alerts (seeded into its data
 * folder between two starts) and `clientCount` live streams over `userCount` accounts, each of
 * which has an alert on the round's symbol. Each round moves that symbol's simulated price
 * through the levels (the operator's simulation control, as a new quote), and measures the
 * time from sending that quote to each client's first event.
 */
export async function measureDelivery(options: {
  symbolCount: number;
  perSymbol: number;
  clientCount: number;
  userCount: number;
  rounds: number;
}): Promise<DeliveryFigures> {
  const server = await prepareProductionServer('alerts', { env: { SIMULATION_CONTROL: 'true' } });
  const clients: Client[] = [];
  try {
    let url = await server.start();
    const users: { cookie: string; id: string }[] = [];
    for (let index = 0; index < options.userCount; index++) users.push(await signUp(url, index));
    await server.stop();

    // Seed while the server is down: PGlite has one process per data folder.
    const symbols = benchSymbols(options.symbolCount);
    const roundSymbols = symbols.slice(0, options.rounds);
    const database = await openDatabase({ dataDir: server.dataDir, migrate: false });
    let alerts = 0;
    try {
      const ids = users.map((user) => user.id);
      alerts = await seedAlerts(database.db, symbols, ids, options.perSymbol);
      // Every account has an alert on each round's symbol, so every stream gets the round's event.
      const probes = roundSymbols.flatMap(({ symbol, price }) =>
        ids.map((id) => ({ symbol, id, level: Math.round(price * 1.35 * 100) / 100 })),
      );
      await database.db.insert(alertsTable).values(
        probes.map((probe) => ({
          userId: probe.id,
          symbol: probe.symbol,
          kind: 'price_above',
          level: probe.level,
          repeat: 'once',
        })),
      );
      alerts += probes.length;
    } finally {
      await database.close();
    }
    const started = performance.now();
    url = await server.start();
    const startMs = performance.now() - started;
    const operator = JSON.parse(readFileSync(join(server.dataDir, 'operator.json'), 'utf8')) as {
      token: string;
    };

    for (let batch = 0; batch < options.clientCount; batch += 100) {
      const size = Math.min(100, options.clientCount - batch);
      clients.push(
        ...(await Promise.all(
          Array.from({ length: size }, (_, offset) => {
            const userIndex = (batch + offset) % users.length;
            const number = batch + offset;
            const address = `10.79.${Math.floor(number / 250)}.${(number % 250) + 1}`;
            return openClient(url, users[userIndex]!.cookie, userIndex, address);
          }),
        )),
      );
    }
    await sleep(1_000);

    const rounds: DeliveryFigures['rounds'] = [];
    for (const { symbol, price } of roundSymbols) {
      const seen = clients.map((client) => client.arrivals.length);
      const sent = performance.now();
      const response = await fetch(`${url}/api/simulation/quotes/${symbol}`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${operator.token}`,
          origin: url,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ price: Math.round(price * 1.4 * 100) / 100 }),
      });
      if (!response.ok) throw new Error(`the quote was refused: ${response.status}`);
      const waitUntil = performance.now() + 10_000;
      while (
        clients.some((client, index) => client.arrivals.length <= seen[index]!) &&
        performance.now() < waitUntil
      ) {
        await sleep(2);
      }
      const delays = clients
        .map((client, index) => client.arrivals[seen[index]!])
        .filter((arrival): arrival is number => arrival !== undefined)
        .map((arrival) => arrival - sent)
        .sort((a, b) => a - b);
      rounds.push({ symbol, received: delays.length, delays });
      await sleep(1_000);
    }
    return { clients: clients.length, alerts, startMs, rounds };
  } finally {
    for (const client of clients) client.close();
    await server.stop().catch(() => {});
    server.cleanUp();
  }
}
