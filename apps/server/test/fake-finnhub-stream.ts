import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * A stand-in for Finnhub's WebSocket trade stream (`wss://ws.finnhub.io?token=`) on
 * 127.0.0.1, in its wire format: the client sends `{"type":"subscribe","symbol":"AAPL"}` and
 * `{"type":"unsubscribe",...}`; the server sends `{"type":"trade","data":[{"s","p","t","v","c"}]}`
 * for subscribed symbols, `{"type":"ping"}`, and `{"type":"error","msg":...}` past the plan's
 * symbol limit. A wrong token is refused with 401 at the handshake. It counts subscriptions,
 * and drops connections or refuses new ones on command.
 */
export interface FakeFinnhubStreamOptions {
  apiKey?: string;
  /** Symbols one connection may follow (Finnhub free: 50). */
  symbolLimit?: number;
}

export interface FakeFinnhubStream {
  /** Use as FINNHUB_STREAM_URL. */
  url: string;
  apiKey: string;
  /** Connections accepted so far, and open now. */
  readonly connectionsAccepted: number;
  readonly openConnections: number;
  /** Subscribe and unsubscribe messages received, over every connection. */
  readonly subscribes: number;
  readonly unsubscribes: number;
  /** Every subscribe/unsubscribe in arrival order, as "+AAPL" / "-AAPL". */
  readonly changes: readonly string[];
  /** The symbols the newest open connection follows. */
  subscribed(): Set<string>;
  /** Sends one trade to every connection following `symbol`. */
  trade(symbol: string, price: number, tradedAt?: number): void;
  /** Sends several trades in one message (as Finnhub batches them). */
  trades(trades: { symbol: string; price: number; tradedAt?: number }[]): void;
  ping(): void;
  /** Cuts every open connection, as a network failure would (no close handshake). */
  dropConnections(): void;
  /** While refusing, handshakes are answered 503. */
  refuseConnections(refuse: boolean): void;
  /** Resolves once the newest connection follows exactly `symbols`. */
  waitForSubscribed(symbols: readonly string[], timeoutMs?: number): Promise<void>;
  waitForConnections(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const messageOf = (raw: unknown): { type?: string; symbol?: string } => {
  try {
    return JSON.parse(String(raw)) as { type?: string; symbol?: string };
  } catch {
    return {};
  }
};

export async function startFakeFinnhubStream(
  options: FakeFinnhubStreamOptions = {},
): Promise<FakeFinnhubStream> {
  const apiKey = options.apiKey ?? 'fake-finnhub-key';
  const symbolLimit = options.symbolLimit ?? 50;
  const following = new Map<WebSocket, Set<string>>();
  const changes: string[] = [];
  const waiters = new Set<() => void>();
  const counts = { accepted: 0, subscribes: 0, unsubscribes: 0 };
  let newest: WebSocket | undefined;
  let refusing = false;

  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: (
      { req }: { req: IncomingMessage },
      done: (ok: boolean, code?: number, message?: string) => void,
    ) => {
      const token = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('token');
      if (refusing) return done(false, 503, 'Service Unavailable');
      if (token !== apiKey) return done(false, 401, 'Unauthorized');
      done(true);
    },
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  server.on('connection', (socket) => {
    counts.accepted += 1;
    newest = socket;
    const symbols = new Set<string>();
    following.set(socket, symbols);
    socket.on('message', (raw) => {
      const message = messageOf(raw);
      if (!message.symbol) return;
      if (message.type === 'subscribe') {
        counts.subscribes += 1;
        changes.push(`+${message.symbol}`);
        if (symbols.size >= symbolLimit && !symbols.has(message.symbol)) {
          socket.send(JSON.stringify({ type: 'error', msg: 'Subscribing to too many symbols' }));
        } else {
          symbols.add(message.symbol);
        }
      } else if (message.type === 'unsubscribe') {
        counts.unsubscribes += 1;
        changes.push(`-${message.symbol}`);
        symbols.delete(message.symbol);
      }
      notify();
    });
    socket.on('close', () => {
      following.delete(socket);
      notify();
    });
    notify();
  });

  const send = (trades: { symbol: string; price: number; tradedAt?: number }[]) => {
    for (const [socket, symbols] of following) {
      const data = trades
        .filter((trade) => symbols.has(trade.symbol))
        .map((trade) => ({
          s: trade.symbol,
          p: trade.price,
          t: trade.tradedAt ?? Date.now(),
          v: 100,
          c: ['1', '12'],
        }));
      if (data.length > 0) socket.send(JSON.stringify({ type: 'trade', data }));
    }
  };

  const until = (check: () => boolean, timeoutMs: number, what: () => string) =>
    new Promise<void>((resolve, reject) => {
      const test = () => {
        if (!check()) return;
        waiters.delete(test);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(test);
        reject(new Error(`${what()} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(test);
      test();
    });

  const current = () => (newest && following.get(newest)) ?? new Set<string>();

  return {
    url: `ws://127.0.0.1:${port}`,
    apiKey,
    get connectionsAccepted() {
      return counts.accepted;
    },
    get openConnections() {
      return following.size;
    },
    get subscribes() {
      return counts.subscribes;
    },
    get unsubscribes() {
      return counts.unsubscribes;
    },
    changes,
    subscribed: () => new Set(current()),
    trade: (symbol, price, tradedAt) => send([{ symbol, price, tradedAt }]),
    trades: send,
    ping: () => {
      for (const socket of following.keys()) socket.send(JSON.stringify({ type: 'ping' }));
    },
    dropConnections: () => {
      for (const socket of following.keys()) socket.terminate();
    },
    refuseConnections: (refuse) => {
      refusing = refuse;
    },
    waitForSubscribed: (symbols, timeoutMs = 3_000) => {
      const wanted = [...symbols].sort().join(',');
      return until(
        () =>
          newest !== undefined &&
          following.has(newest) &&
          [...current()].sort().join(',') === wanted,
        timeoutMs,
        () =>
          `No connection following [${wanted}] (it follows [${[...current()].sort().join(',')}])`,
      );
    },
    waitForConnections: (count, timeoutMs = 3_000) =>
      until(
        () => counts.accepted >= count && following.size > 0,
        timeoutMs,
        () => `Not ${count} connections (${counts.accepted} accepted, ${following.size} open)`,
      ),
    async close() {
      for (const socket of following.keys()) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
