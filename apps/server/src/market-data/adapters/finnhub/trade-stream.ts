import WebSocket from 'ws';
import { z } from 'zod';
import { recordUpstreamCall } from '../../../observability/metrics.ts';
import type { Trade } from '../../quotes/quote-cache.ts';
import type { MarketLog } from '../../upstream/market-log.ts';
import type { TradeStream, TradeStreamState } from '../trade-stream.ts';

export interface FinnhubTradeStreamOptions {
  /** e.g. wss://ws.finnhub.io (tests point it at a fake on 127.0.0.1). */
  url: string;
  apiKey: string;
  /** Symbols the plan lets one connection follow (free: 50). */
  symbolLimit: number;
  log: MarketLog;
  /** First wait before reconnecting; it doubles with each failure up to `maxReconnectMs`. */
  reconnectMs?: number;
  maxReconnectMs?: number;
  /** With no message (trade or ping) for this long, the connection is taken for dead. */
  silenceMs?: number;
  /** In [0, 1): the jitter of reconnection waits (tests fix it). */
  random?: () => number;
}

// Finnhub's trade stream messages: trades (several per message), pings, and errors such as
// "Subscribing to too many symbols".
const messageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('trade'),
    data: z.array(z.object({ s: z.string(), p: z.number(), t: z.number() })),
  }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('error'), msg: z.string().optional() }),
]);

/**
 * Finnhub's WebSocket trade stream: one connection per API key (Finnhub allows one), following
 * the symbols it is told to within the plan's limit. When the connection drops or goes silent
 * it reconnects after a jittered, doubling wait, and subscribes again to what it follows.
 */
export class FinnhubTradeStream implements TradeStream {
  readonly symbolLimit: number;
  private socket: WebSocket | undefined;
  private current: TradeStreamState = 'connecting';
  private wanted = new Set<string>();
  private readonly subscribedNow = new Set<string>();
  private readonly listeners = new Set<(trades: readonly Trade[]) => void>();
  private failures = 0;
  private stopped = true;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: FinnhubTradeStreamOptions) {
    this.symbolLimit = options.symbolLimit;
  }

  get state(): TradeStreamState {
    return this.current;
  }

  get subscribed(): ReadonlySet<string> {
    return this.subscribedNow;
  }

  follow(symbols: ReadonlySet<string>): void {
    this.wanted = new Set([...symbols].slice(0, this.symbolLimit));
    this.sync();
  }

  onTrades(listener: (trades: readonly Trade[]) => void): void {
    this.listeners.add(listener);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.silenceTimer);
    const socket = this.socket;
    this.socket = undefined;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      const closed = new Promise<void>((done) => socket.once('close', () => done()));
      socket.terminate();
      await closed;
    }
    this.current = 'connecting';
    this.subscribedNow.clear();
  }

  /** How long to wait before the next attempt: doubling per failure, half of it jittered. */
  reconnectDelay(failures: number): number {
    const { reconnectMs = 1_000, maxReconnectMs = 60_000, random = Math.random } = this.options;
    const ceiling = Math.min(maxReconnectMs, reconnectMs * 2 ** failures);
    return Math.round(ceiling / 2 + (random() * ceiling) / 2);
  }

  private connect(): void {
    const { url, apiKey, log } = this.options;
    this.current = 'connecting';
    const address = new URL(url);
    address.searchParams.set('token', apiKey);
    const socket = new WebSocket(address, { handshakeTimeout: 10_000 });
    this.socket = socket;
    // Counted as an outside call: the upgrade answered (101), or no stream opened.
    const started = performance.now();
    let opened = false;
    socket.on('open', () => {
      opened = true;
      recordUpstreamCall('finnhub_stream', '1xx', (performance.now() - started) / 1000);
      if (this.socket !== socket) return;
      this.current = 'connected';
      this.subscribedNow.clear();
      this.expectMessage(socket);
      this.sync();
    });
    socket.on('message', (data) => {
      if (this.socket !== socket) return;
      this.expectMessage(socket);
      this.receive(String(data));
    });
    // The key is in the address: errors are logged by their message only, never the URL.
    socket.on('error', (error) => {
      log.warn({ err: { message: error.message } }, 'Finnhub trade stream failed');
    });
    socket.on('close', () => {
      if (!opened) recordUpstreamCall('finnhub_stream', 'error');
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.current = 'connecting';
      this.subscribedNow.clear();
      clearTimeout(this.silenceTimer);
      if (this.stopped) return;
      const delay = this.reconnectDelay(this.failures);
      this.failures += 1;
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
      this.reconnectTimer.unref();
    });
  }

  private expectMessage(socket: WebSocket): void {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      this.options.log.warn({}, 'Finnhub trade stream went silent; reconnecting');
      socket.terminate();
    }, this.options.silenceMs ?? 90_000);
    this.silenceTimer.unref();
  }

  private receive(text: string): void {
    let parsed: z.infer<typeof messageSchema>;
    try {
      parsed = messageSchema.parse(JSON.parse(text));
    } catch {
      this.options.log.warn({ message: text.slice(0, 200) }, 'unknown Finnhub stream message');
      return;
    }
    if (parsed.type === 'error') {
      this.options.log.warn({ message: parsed.msg }, 'Finnhub trade stream refused a request');
      return;
    }
    // A connection that delivers is a working one: the next drop starts the waits afresh.
    this.failures = 0;
    if (parsed.type !== 'trade') return;
    const trades: Trade[] = [];
    for (const trade of parsed.data) {
      // Only symbols we follow: a late trade after an unsubscribe is not ours to keep.
      if (this.subscribedNow.has(trade.s) && trade.p > 0) {
        trades.push({ symbol: trade.s, price: trade.p, tradedAt: trade.t });
      }
    }
    if (trades.length === 0) return;
    for (const listener of this.listeners) listener(trades);
  }

  /** Subscribes to what is wanted and not subscribed, unsubscribes from the rest. */
  private sync(): void {
    const socket = this.socket;
    if (this.current !== 'connected' || !socket) return;
    for (const symbol of this.subscribedNow) {
      if (this.wanted.has(symbol)) continue;
      socket.send(JSON.stringify({ type: 'unsubscribe', symbol }));
      this.subscribedNow.delete(symbol);
    }
    for (const symbol of this.wanted) {
      if (this.subscribedNow.has(symbol)) continue;
      socket.send(JSON.stringify({ type: 'subscribe', symbol }));
      this.subscribedNow.add(symbol);
    }
  }
}
