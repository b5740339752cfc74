import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CachedQuote, QuoteOrigin } from '../../market-data/index.ts';
import { LivePrices } from './live-prices.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

/** LivePrices on a market whose quotes the test feeds, with a clock the test moves. */
function livePrices() {
  let feed: (symbol: string, quote: CachedQuote, origin: QuoteOrigin) => void = () => {};
  let now = 0;
  let trading = true;
  const prices = new LivePrices({
    market: {
      isTrading: () => trading,
      onQuote: (listener) => {
        feed = listener;
        return () => {};
      },
      demand: { hold: () => () => {} } as never,
      followDemand: () => {},
    },
    now: () => now,
  });
  const writes: { at: number; frame: string }[] = [];
  const tab = prices.open('ada', { write: (frame) => writes.push({ at: now, frame }) });
  prices.setSymbols(tab, 'ada', ['AAPL']);
  const quote = (price: number) => ({ price, previousClose: 100, fetchedAt: now }) as CachedQuote;
  const sent = () => writes.map(({ frame }) => JSON.parse(frame.slice(6)).quotes[0].price);
  return {
    prices,
    writes,
    sent,
    /** A trade from the provider's stream. */
    tick: (price: number) => feed('AAPL', quote(price), 'trade'),
    /** An upstream call's answer (a scheduled refresh of the day's figures). */
    answer: (price: number) => feed('AAPL', quote(price), 'call'),
    /** No trades carry the price: the stream is down or the market closed. */
    stopTrading: () => {
      trading = false;
    },
    setNow: (at: number) => {
      now = at;
    },
  };
}

describe('live prices, one symbol ticking once a second', () => {
  it('sends each tick on its arrival, though each write comes a little after its turn', async () => {
    const live = livePrices();
    for (let second = 0; second < 20; second += 1) {
      live.setNow(second * 1_000);
      live.tick(100 + second);
      // The write happens 30 ms after the tick (a busy server); the next turn still counts
      // from the tick's own second, so no tick waits for the one before it.
      live.setNow(second * 1_000 + 30);
      await nextTurn();
    }
    expect(live.writes).toHaveLength(20);
    expect(live.writes.map(({ frame }) => JSON.parse(frame.slice(6)).quotes[0].price)).toEqual(
      Array.from({ length: 20 }, (_, second) => 100 + second),
    );
    live.prices.stop();
  });

  it('still sends a symbol at most once a second, the newest price at its next turn', async () => {
    // The turn's timer runs on the test's time: 750 ms pass at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const live = livePrices();
    live.tick(101);
    await nextTurn();
    live.setNow(400);
    live.tick(102);
    live.setNow(900);
    live.tick(103);
    await nextTurn();
    expect(live.writes).toHaveLength(1);
    // The turn, at 1,000, was set when 102 came in (600 ms ahead): then 103 goes out, and 102
    // never does.
    live.setNow(1_000);
    vi.advanceTimersByTime(750);
    await nextTurn();
    expect(live.sent()).toEqual([101, 103]);
    live.prices.stop();
  });

  it("does not let an upstream answer take a trading symbol's next trade's turn", async () => {
    const live = livePrices();
    live.tick(101);
    await nextTurn();
    // A scheduled refresh answers 300 ms after the trade, with a price of its own.
    live.setNow(300);
    live.answer(101.5);
    await nextTurn();
    // Each next trade goes out as it arrives, not a second late behind the answer.
    for (let second = 1; second <= 5; second += 1) {
      live.setNow(second * 1_000 + 2);
      live.tick(101 + second);
      await nextTurn();
      expect(live.sent()).toEqual(Array.from({ length: second + 1 }, (_, k) => 101 + k));
    }
    live.prices.stop();
  });

  it('sends upstream answers while no trades carry the price (no stream, or market closed)', async () => {
    const live = livePrices();
    live.stopTrading();
    live.answer(101);
    await nextTurn();
    live.setNow(15_000);
    live.answer(102);
    await nextTurn();
    expect(live.sent()).toEqual([101, 102]);
    live.prices.stop();
  });
});
