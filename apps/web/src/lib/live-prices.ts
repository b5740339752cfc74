import type { LiveQuote } from '@tickerwise/shared';
import { apiRequest } from './api-client.ts';
import { subscribeStreamEvents } from './live-events.ts';

type Listener = () => void;

/** Symbols named within this long of each other go to the server in one request. */
const announceDelayMs = 150;

/** How many mounted prices show each symbol. */
const shown = new Map<string, number>();
const latest = new Map<string, LiveQuote>();
const listeners = new Map<string, Set<Listener>>();
let streamId: string | null = null;
let announced = '';
let announceTimer: ReturnType<typeof setTimeout> | undefined;
let stopStream: (() => void) | null = null;

function scheduleAnnounce(): void {
  if (announceTimer) return;
  announceTimer = setTimeout(() => {
    announceTimer = undefined;
    void announce();
  }, announceDelayMs);
}

/**
 * Tells the server which symbols this tab shows (`PUT /api/live/symbols`), once it knows the
 * stream's id; an empty list ends the tab's live prices. A failure leaves prices as they are:
 * the page keeps polling.
 */
async function announce(): Promise<void> {
  if (!streamId) return;
  const symbols = [...shown.keys()].sort();
  const key = `${streamId}|${symbols.join(',')}`;
  if (key === announced) return;
  announced = key;
  try {
    await apiRequest('/api/live/symbols', { method: 'PUT', body: { streamId, symbols } });
  } catch {
    announced = '';
  }
  if (shown.size === 0 && stopStream) {
    stopStream();
    stopStream = null;
  }
}

function onEvent(event: Parameters<Parameters<typeof subscribeStreamEvents>[0]>[0]): void {
  if (event.type === 'hello') {
    // A new connection starts with no symbols: name them again.
    streamId = event.streamId;
    announced = '';
    scheduleAnnounce();
  } else if (event.type === 'prices') {
    for (const quote of event.quotes) {
      if (!shown.has(quote.symbol)) continue;
      latest.set(quote.symbol, quote);
      for (const listener of listeners.get(quote.symbol) ?? []) listener();
    }
  }
}

/**
 * Shows `symbol` live while the returned function is not called: the tab's symbols go to the
 * server, whose `prices` events (real-time plans only, at most one per symbol a second) reach
 * `listener`. When the last price on the page goes, the tab's live prices end.
 */
export function watchLivePrice(symbol: string, listener: Listener): () => void {
  shown.set(symbol, (shown.get(symbol) ?? 0) + 1);
  let symbolListeners = listeners.get(symbol);
  if (!symbolListeners) {
    symbolListeners = new Set();
    listeners.set(symbol, symbolListeners);
  }
  symbolListeners.add(listener);
  if (!stopStream) {
    stopStream = subscribeStreamEvents(onEvent);
    announced = '';
  }
  scheduleAnnounce();
  return () => {
    symbolListeners.delete(listener);
    const count = (shown.get(symbol) ?? 1) - 1;
    if (count > 0) {
      shown.set(symbol, count);
    } else {
      shown.delete(symbol);
      listeners.delete(symbol);
      latest.delete(symbol);
    }
    if (shown.size === 0 && !streamId && stopStream) {
      // No stream has said hello, so the server was never told a symbol of this tab: there is
      // nothing to withdraw, and the stream goes with the last price at once.
      stopStream();
      stopStream = null;
      return;
    }
    scheduleAnnounce();
  };
}

/** The latest live price of a shown symbol, if one came since it was shown. */
export function livePrice(symbol: string): LiveQuote | undefined {
  return latest.get(symbol);
}
