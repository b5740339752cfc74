import { formatUsd, type Stock } from '@tickerwise/shared';
import { ChangeIndicator } from '../../../components/prices/change-indicator.tsx';
import { DelayedBadge } from '../../../components/prices/delayed-badge.tsx';
import { MarketStatusBadge } from '../../../components/prices/market-status-badge.tsx';
import { useDayChangeWord, useMarketStatus } from '../../../lib/market-status.ts';
import { moveHighlight, useLiveQuote, usePriceMove } from '../../../lib/use-live-quote.ts';
import { quoteFreshness } from '../data-source.ts';

/** What the headline price reads; `symbol` lets the live feed replace one security's price. */
export type Quote = Pick<
  Stock,
  'symbol' | 'price' | 'change' | 'source' | 'delayed' | 'delayMinutes' | 'asOf' | 'stale'
>;

/**
 * A security's headline price and change, with the note saying what the price is (simulated,
 * delayed or real-time, and when it was taken): docs/PRODUCT.md §3.13.
 */
export function StockQuote({ quote: polled }: { quote: Quote }) {
  const quote = useLiveQuote(polled);
  const move = usePriceMove(quote.price);
  const changeWord = useDayChangeWord();
  const market = useMarketStatus();
  return (
    <div className="sm:text-right">
      <div className="flex flex-wrap items-center gap-3 sm:justify-end">
        <DelayedBadge quote={quote} upgrade />
        <p
          className={`-mx-1 px-1 text-3xl font-bold tracking-tight text-ink-950 tabular-nums ${moveHighlight(move)}`}
          data-live-price={quote.symbol}
        >
          {formatUsd(quote.price)}
        </p>
        <span className="inline-flex items-baseline gap-1.5">
          <ChangeIndicator change={quote.change} className="text-base" />
          <span className="text-sm text-slate-500">{changeWord}</span>
        </span>
      </div>
      <div className="mt-2 flex sm:justify-end">
        <MarketStatusBadge />
      </div>
      <p className="mt-2 inline-flex items-center gap-1.5 text-xs text-slate-500">
        <span
          aria-hidden="true"
          className={`size-1.5 rounded-full ${
            quote.delayed || quote.stale
              ? 'bg-amber-500'
              : quote.source === 'simulated'
                ? 'bg-ink-300'
                : 'bg-brand-500'
          }`}
        />
        {quoteFreshness(quote, market)}
      </p>
    </div>
  );
}
