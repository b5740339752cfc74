import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../test/fake-event-source.ts';
import { livePrice, watchLivePrice } from './live-prices.ts';

const stream = () => FakeEventSource.instances.at(-1) as FakeEventSource;
const announced = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)));

let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  FakeEventSource.instances = [];
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
  fetch = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live prices', () => {
  it('ends the stream with the last price when it never said hello, telling the server nothing', async () => {
    const stop = watchLivePrice('AAPL', vi.fn());
    expect(stream().readyState).toBe(FakeEventSource.CONNECTING);
    stop();
    expect(stream().readyState).toBe(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch).not.toHaveBeenCalled();
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('names the shown symbols once the stream said hello, and withdraws them when the last goes', async () => {
    const listener = vi.fn();
    const stop = watchLivePrice('MSFT', listener);
    stream().send({ type: 'hello', streamId: 'stream-1' });
    await vi.advanceTimersByTimeAsync(200);
    expect(announced(fetch)).toEqual([{ streamId: 'stream-1', symbols: ['MSFT'] }]);

    const quote = { symbol: 'MSFT', price: 412.5, change: 0.36, asOf: '2026-03-16T15:00:00.000Z' };
    stream().send({ type: 'prices', quotes: [quote] });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(livePrice('MSFT')).toEqual(quote);

    stop();
    expect(livePrice('MSFT')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    expect(announced(fetch).at(-1)).toEqual({ streamId: 'stream-1', symbols: [] });
    expect(stream().readyState).toBe(FakeEventSource.CLOSED);
  });
});
