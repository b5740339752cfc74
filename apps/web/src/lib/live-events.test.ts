import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source.ts';

type LiveEventsModule = typeof import('./live-events.ts');
/** A fresh copy of the module per test: each test is a new tab. */
let subscribeLiveEvents: LiveEventsModule['subscribeLiveEvents'];
/** How long the tab has been open (`performance.now()`), in ms. */
let tabAgeMs = 2_000;
let tabAge: { mockRestore(): void } | undefined;

const latest = () => FakeEventSource.instances.at(-1) as FakeEventSource;

beforeEach(async () => {
  FakeEventSource.instances = [];
  tabAgeMs = 2_000;
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
  tabAge = vi.spyOn(performance, 'now').mockImplementation(() => tabAgeMs);
  vi.resetModules();
  ({ subscribeLiveEvents } = await import('./live-events.ts'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  tabAge?.mockRestore();
});

const hello = (recent: string[] = []) => ({ type: 'hello', streamId: 'stream-1', recent });

describe('live events', () => {
  it('shares one stream per tab and calls only the changed topic', () => {
    const notifications = vi.fn();
    const other = vi.fn();
    const stop = [
      subscribeLiveEvents('notifications', notifications),
      subscribeLiveEvents('watchlists', other),
    ];
    expect(FakeEventSource.instances).toHaveLength(1);
    // The tab's first stream says how long ago its reads began: when the page opened.
    expect(latest().url).toBe('/api/events?readsAgoMs=2000');

    latest().send({ type: 'change', topic: 'notifications' });
    expect(notifications).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    for (const unsubscribe of stop) unsubscribe();
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
  });

  it("refetches nothing on the tab's first connection when nothing changed just before it", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLiveEvents('notifications', listener);
    latest().open();
    latest().send(hello());
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });

  it("refetches, on the tab's first connection, only the topics that changed just before it", () => {
    const notifications = vi.fn();
    const watchlists = vi.fn();
    const stop = [
      subscribeLiveEvents('notifications', notifications),
      subscribeLiveEvents('watchlists', watchlists),
    ];
    latest().open();
    expect(watchlists).not.toHaveBeenCalled();
    latest().send(hello(['alerts', 'watchlists']));
    expect(watchlists).toHaveBeenCalledTimes(1);
    expect(watchlists).toHaveBeenCalledWith(undefined);
    expect(notifications).not.toHaveBeenCalled();
    // A later stream's hello is no first connection's: its reopening already refetched.
    latest().open();
    expect(notifications).toHaveBeenCalledTimes(1);
    latest().send(hello(['watchlists']));
    expect(watchlists).toHaveBeenCalledTimes(2);
    for (const unsubscribe of stop) unsubscribe();
  });

  it('refetches everything when a dropped stream reconnects, and on resync', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLiveEvents('notifications', listener);
    latest().open();
    latest().send(hello());
    expect(listener).not.toHaveBeenCalled();
    latest().send({ type: 'resync' });
    expect(listener).toHaveBeenCalledTimes(1);
    // The browser reconnects the same EventSource after a dropped connection.
    latest().open();
    expect(listener).toHaveBeenCalledTimes(2);
    latest().send(hello());
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('refetches everything when a refused stream is opened again', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLiveEvents('notifications', listener);
    latest().open();
    latest().refuse();
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(latest().url).toBe('/api/events');
    expect(listener).not.toHaveBeenCalled();
    latest().open();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('refetches everything when the stream reopens after nobody listened for a while', () => {
    // The tab had a stream once; it closed when its last listener left.
    const first = vi.fn();
    const unsubscribeFirst = subscribeLiveEvents('watchlists', first);
    latest().open();
    unsubscribeFirst();
    expect(first).not.toHaveBeenCalled();
    const listener = vi.fn();
    const unsubscribe = subscribeLiveEvents('watchlists', listener);
    expect(FakeEventSource.instances).toHaveLength(2);
    latest().open();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("refetches everything on the first connection of a tab older than the server's memory", () => {
    tabAgeMs = 60_000;
    const listener = vi.fn();
    const unsubscribe = subscribeLiveEvents('notifications', listener);
    expect(latest().url).toBe('/api/events');
    latest().open();
    expect(listener).toHaveBeenCalledTimes(1);
    latest().send(hello(['notifications']));
    expect(listener).toHaveBeenCalledTimes(1);
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
