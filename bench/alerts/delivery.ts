import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inviteCodes } from '@tickerwise/testkit';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { alerts as alertsTable } from '../../apps/server/src/db/schema/index.ts';
import {
  benchAddress,
  clockMs,
  openEventStream,
  signUpBenchAccount,
} from '../support/event-streams.mjs';
import { prepareProductionServer, sleep } from '../support/production-server.mjs';
import { benchSymbols, seedAlerts } from './seed.ts';

interface Client {
  userIndex: number;
  arrivals: number[];
  close(): void;
}

/**
 * The streams count as settled after this long without an event: longer than the keeper's
 * 15 s between two quotes of a symbol, so its first rounds after the start are over.
 */
const quietMs = 20_000;

export interface DeliveryFigures {
  clients: number;
  alerts: number;
  startMs: number;
  /** The catch-up after the start: how long until the streams were quiet, events meanwhile. */
  settle: { ms: number; events: number };
  rounds: { symbol: string; received: number; delays: number[]; answeredMs: number }[];
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
    const invitations = await inviteCodes(server.dataDir, options.userCount);
    for (let index = 0; index < options.userCount; index++) {
      users.push(
        await signUpBenchAccount(url, index, {
          prefix: 'bench-alerts',
          plan: 'alpha',
          net: 78,
          invitationCode: invitations[index],
        }),
      );
    }
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
    const started = clockMs();
    url = await server.start();
    const startMs = clockMs() - started;
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
            // Each stream from its own address, as browsers on many networks would be.
            const address = benchAddress(79, number);
            return openEventStream(url, users[userIndex]!.cookie, { address }).then(
              (stream): Client => ({ userIndex, arrivals: stream.arrivals, close: stream.close }),
            );
          }),
        )),
      );
    }
    // Alerts the seeding left already past their level fire on the first quotes after the
    // start (the keeper's catch-up); the rounds measure a crossing once that has settled.
    const settleStarted = clockMs();
    let quietSince = clockMs();
    let total = clients.reduce((sum, client) => sum + client.arrivals.length, 0);
    while (clockMs() - quietSince < quietMs && clockMs() - settleStarted < 240_000) {
      await sleep(100);
      const now = clients.reduce((sum, client) => sum + client.arrivals.length, 0);
      if (now !== total) {
        total = now;
        quietSince = clockMs();
      }
    }
    const settle = { ms: clockMs() - settleStarted, events: total };

    const rounds: DeliveryFigures['rounds'] = [];
    for (const { symbol, price } of roundSymbols) {
      const seen = clients.map((client) => client.arrivals.length);
      const put = () =>
        fetch(`${url}/api/simulation/quotes/${symbol}`, {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${operator.token}`,
            origin: url,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ price: Math.round(price * 1.4 * 100) / 100 }),
        });
      let sent = clockMs();
      // A kept-alive connection the server closed while idle is reset: send it again.
      const response = await put().catch(() => {
        sent = clockMs();
        return put();
      });
      if (!response.ok) throw new Error(`the quote was refused: ${response.status}`);
      // How long the server took to take the quote in: the rest is firing and delivery.
      const answeredMs = clockMs() - sent;
      const waitUntil = clockMs() + 10_000;
      while (
        clients.some((client, index) => client.arrivals.length <= seen[index]!) &&
        clockMs() < waitUntil
      ) {
        await sleep(2);
      }
      const delays = clients
        .map((client, index) => client.arrivals[seen[index]!])
        .filter((arrival): arrival is number => arrival !== undefined)
        .map((arrival) => arrival - sent)
        .sort((a, b) => a - b);
      rounds.push({ symbol, received: delays.length, delays, answeredMs });
      await sleep(1_000);
    }
    return { clients: clients.length, alerts, startMs, settle, rounds };
  } finally {
    for (const client of clients) client.close();
    await server.stop().catch(() => {});
    server.cleanUp();
  }
}
