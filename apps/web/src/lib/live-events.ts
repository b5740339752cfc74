import { type LiveEvent, liveEventSchema, recentChangesMs } from '@tickerwise/shared';

/**
 * Told of a change of its topic (the event, with the server's mark of that announcement), or
 * with nothing after a (re)connection.
 */
type Listener = (change?: ChangeEvent) => void;
type ChangeEvent = Extract<LiveEvent, { type: 'change' }>;
type EventListener = (event: LiveEvent) => void;

/** Waits before re-opening a stream the server refused or ended (then the longest, repeated). */
const reconnectDelaysMs = [1_000, 2_000, 5_000, 10_000];

/**
 * A tab's first stream trusts the `hello`'s list of recent changes only while everything the
 * tab has read is younger than the server's memory of them, with room to spare.
 */
const recentChangesTrustedMs = recentChangesMs - 5_000;

const listeners = new Map<string, Set<Listener>>();
const eventListeners = new Set<EventListener>();
let source: EventSource | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
/** The id the open stream's `hello` gave, for subscribers that come after it. */
let streamId: string | null = null;
/** A stream of this tab has been open before: the next opening follows a gap. */
let openedBefore = false;
/** The tab's first stream is open and its `hello` (with the recent changes) is still to come. */
let awaitingFirstHello = false;

function notify(topic: string, change?: ChangeEvent): void {
  for (const listener of listeners.get(topic) ?? []) listener(change);
}

function notifyAll(): void {
  for (const topic of listeners.keys()) notify(topic);
}

function connect(): void {
  // Without EventSource (an old browser, a test page) nothing is live: pages keep polling.
  if (typeof EventSource === 'undefined') return;
  // The tab's first stream comes just after its screens read their data: only what changed
  // since their reads began (at the earliest when the page opened) may be stale, and the
  // server's `hello` names it, unless the tab has read for longer than the server remembers.
  // Any other opening follows a gap (a dropped or refused stream, or one closed while nothing
  // listened) whose events were missed: it refetches everything live.
  const readsAgoMs = Math.ceil(performance.now());
  const first = !openedBefore && readsAgoMs <= recentChangesTrustedMs;
  const stream = new EventSource(first ? `/api/events?readsAgoMs=${readsAgoMs}` : '/api/events');
  source = stream;
  streamId = null;
  stream.onopen = () => {
    failures = 0;
    if (first && !openedBefore) awaitingFirstHello = true;
    else notifyAll();
    openedBefore = true;
  };
  stream.onmessage = (message) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message.data);
    } catch {
      return;
    }
    const event = liveEventSchema.safeParse(parsed);
    if (!event.success) return;
    if (event.data.type === 'hello') {
      streamId = event.data.streamId;
      if (awaitingFirstHello) for (const topic of event.data.recent ?? []) notify(topic);
      awaitingFirstHello = false;
    }
    for (const listener of eventListeners) listener(event.data);
    if (event.data.type === 'resync') notifyAll();
    else if (event.data.type === 'change') notify(event.data.topic, event.data);
  };
  stream.onerror = () => {
    // A dropped connection is retried by the browser (readyState CONNECTING). A refused one
    // (an error status, e.g. 503 while the server restarts) is final: retry it ourselves.
    if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
    source = null;
    const delay = reconnectDelaysMs[Math.min(failures, reconnectDelaysMs.length - 1)];
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (inUse()) connect();
    }, delay);
  };
}

function inUse(): boolean {
  return listeners.size > 0 || eventListeners.size > 0;
}

function disconnect(): void {
  source?.close();
  source = null;
  streamId = null;
  awaitingFirstHello = false;
  clearTimeout(reconnectTimer);
  reconnectTimer = undefined;
  failures = 0;
}

/**
 * Calls `listener` whenever the server says `topic` changed for the signed-in user (with that
 * change event), and with nothing when changes may have been missed: on every reconnection
 * after a gap, on `resync`, and on the tab's first connection when the server says `topic`
 * changed just before it. One `/api/events` stream per tab serves every subscriber; it closes
 * when the last one leaves.
 */
export function subscribeLiveEvents(topic: string, listener: Listener): () => void {
  let topicListeners = listeners.get(topic);
  if (!topicListeners) {
    topicListeners = new Set();
    listeners.set(topic, topicListeners);
  }
  topicListeners.add(listener);
  if (!source && !reconnectTimer) connect();
  return () => {
    const current = listeners.get(topic);
    current?.delete(listener);
    if (current?.size === 0) listeners.delete(topic);
    if (!inUse()) disconnect();
  };
}

/**
 * Calls `listener` with every event of the tab's `/api/events` stream (`hello` with the
 * stream's id on each connection, live `prices`), sharing the one stream.
 */
export function subscribeStreamEvents(listener: EventListener): () => void {
  eventListeners.add(listener);
  if (!source && !reconnectTimer) connect();
  else if (streamId) listener({ type: 'hello', streamId });
  return () => {
    eventListeners.delete(listener);
    if (!inUse()) disconnect();
  };
}
