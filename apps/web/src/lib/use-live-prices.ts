import type { NewerPrice } from '@tickerwise/shared';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { livePrice, watchLivePrice } from './live-prices.ts';

/**
 * The latest live prices of `symbols` while the component is on screen, for a real-time plan
 * (`live` false: none, and nothing is followed). The symbols join the tab's others in one
 * request to the server, whichever components show them.
 */
export function useLivePrices(
  symbols: readonly string[],
  live: boolean,
): ReadonlyMap<string, NewerPrice> {
  const key = live ? [...new Set(symbols)].sort().join(' ') : '';
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!key) return () => {};
      const stops = key.split(' ').map((symbol) => watchLivePrice(symbol, onChange));
      return () => {
        for (const stop of stops) stop();
      };
    },
    [key],
  );
  // A text of the prices received: equal while nothing changed, so the component renders
  // again only when a price moves.
  const snapshot = useSyncExternalStore(
    subscribe,
    () =>
      key
        ? currentPrices(key)
            .map(([symbol, { asOf }]) => `${symbol}@${asOf}`)
            .join(' ')
        : '',
    () => '',
  );
  // Built again when the snapshot says a price moved.
  return useMemo(() => new Map(key ? currentPrices(key) : []), [key, snapshot]);
}

/** The live prices received for the symbols of `key` (space-separated). */
function currentPrices(key: string): [string, NewerPrice][] {
  return key.split(' ').flatMap((symbol) => {
    const quote = livePrice(symbol);
    return quote
      ? [[symbol, { price: quote.price, asOf: quote.asOf }] as [string, NewerPrice]]
      : [];
  });
}
