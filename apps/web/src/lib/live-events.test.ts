import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeLiveEvents } from './live-events.ts';

/** Stands in for the browser's EventSource: the test plays the server's side. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  send(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  /** The server answered with an error status: EventSource gives up for good. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const latest = () => FakeEventSource.instances.at(-1) as FakeEventSource;

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live events', () => {
  it('shares one stream per tab and calls only the changed topic', () => {
    const notifications = vi.fn();
    const other = vi.fn();
    const stop = [
      subscribeLiveEvents('notifications', notifications),
      subscribeLiveEvents('watchlists', other),
    ];
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe('/api/events');

    latest().send({ type: 'change', topic: 'notifications' });
    expect(notifications).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    for (const unsubscribe of stop) unsubscribe();
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
  });

  it('refetches everything on every (re)connection and on resync', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLiveEvents('notifications', listener);
    latest().open();
    expect(listener).toHaveBeenCalledTimes(1);
    latest().send({ type: 'resync' });
    expect(listener).toHaveBeenCalledTimes(2);
    latest().open();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
  });

  it('ignores messages it does not understand', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLiveEvents('notifications', listener);
    latest().onmessage?.({ data: 'not json' });
    latest().send({ type: 'surprise' });
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('reconnects after a refused stream, waiting 1, 2, 5 then 10 s', () => {
    const unsubscribe = subscribeLiveEvents('notifications', vi.fn());
    for (const delay of [1_000, 2_000, 5_000, 10_000, 10_000]) {
      const before = FakeEventSource.instances.length;
      latest().refuse();
      vi.advanceTimersByTime(delay - 1);
      expect(FakeEventSource.instances).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeEventSource.instances).toHaveLength(before + 1);
    }
    latest().open();
    latest().refuse();
    vi.advanceTimersByTime(1_000);
    expect(latest().readyState).toBe(FakeEventSource.CONNECTING);
    unsubscribe();
  });

  it('does not reconnect once nobody listens', () => {
    const unsubscribe = subscribeLiveEvents('notifications', vi.fn());
    latest().refuse();
    unsubscribe();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
