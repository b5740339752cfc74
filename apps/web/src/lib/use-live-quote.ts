import type { PriceFreshness } from '@tickerwise/shared';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { livePrice, watchLivePrice } from './live-prices.ts';

type Priced = Pick<PriceFreshness, 'delayed' | 'asOf'> & {
  symbol: string;
  price: number;
  change?: number;
};

/** How long a changed price stays highlighted. */
const flashMs = 1_200;

/**
 * The quote with the latest live price of its symbol laid over it, for a real-time plan: the
 * symbol is followed live while the component is on screen (ended when it leaves). A delayed
 * plan's quote is returned as it is: its page keeps polling.
 */
export function useLiveQuote<T extends Priced>(quote: T): T {
  const { symbol, delayed } = quote;
  const subscribe = useCallback(
    (onChange: () => void) => (delayed ? () => {} : watchLivePrice(symbol, onChange)),
    [symbol, delayed],
  );
  const live = useSyncExternalStore(
    subscribe,
    () => (delayed ? undefined : livePrice(symbol)),
    () => undefined,
  );
  if (!live || live.asOf <= quote.asOf) return quote;
  return {
    ...quote,
    price: live.price,
    ...(quote.change === undefined ? {} : { change: live.change }),
    asOf: live.asOf,
    stale: false,
  };
}

/**
 * 'up' or 'down' for a moment after `value` changes (not on first show), for a brief
 * highlight of a price that moved; the highlight's colour fades without motion.
 */
export function usePriceMove(value: number): 'up' | 'down' | null {
  const previous = useRef(value);
  const [move, setMove] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (value === previous.current) return;
    setMove(value > previous.current ? 'up' : 'down');
    previous.current = value;
    const timer = setTimeout(() => setMove(null), flashMs);
    return () => clearTimeout(timer);
  }, [value]);
  return move;
}

/** Classes of a highlighted price: a background tint only, so nothing moves or resizes. */
export function moveHighlight(move: 'up' | 'down' | null): string {
  const base = 'rounded transition-colors duration-700 motion-reduce:transition-none';
  if (move === 'up') return `${base} bg-emerald-100`;
  if (move === 'down') return `${base} bg-red-100`;
  return `${base} bg-transparent`;
}
