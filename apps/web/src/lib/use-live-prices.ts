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
  // The prices received as text ("AAPL 231.41 2026-...Z" a line): equal while nothing changed,
  // so the component renders again only when a price moves.
  const snapshot = useSyncExternalStore(
    subscribe,
    () => {
      if (!key) return '';
      const lines: string[] = [];
      for (const symbol of key.split(' ')) {
        const quote = livePrice(symbol);
        if (quote) lines.push(`${symbol} ${quote.price} ${quote.asOf}`);
      }
      return lines.join('\n');
    },
    () => '',
  );
  return useMemo(() => {
    const prices = new Map<string, NewerPrice>();
    for (const line of snapshot ? snapshot.split('\n') : []) {
      const [symbol = '', price = '', asOf = ''] = line.split(' ');
      prices.set(symbol, { price: Number(price), asOf });
    }
    return prices;
  }, [snapshot]);
}
