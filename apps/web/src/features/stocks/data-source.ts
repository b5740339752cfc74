import type { DataSource, MarketStatus, Stock } from '@tickerwise/shared';

/** How each source is named where figures say where they come from. */
const sourceNames: Record<DataSource, string> = {
  simulated: 'Simulated data',
  finnhub: 'Finnhub',
  tiingo: 'Tiingo',
};

export function sourceName(source: DataSource): string {
  return sourceNames[source];
}

const tradingDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
// The zone is named ("4:00:12 PM EST"): the market's own times (charts, sessions) are New
// York's, so a reader elsewhere must be told which clock a price's time is on.
const clockTime = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

/** "Nov 21, 2026" for a YYYY-MM-DD day (the exchange's day, so never shifted by time zone). */
export function formatTradingDay(date: string): string {
  return tradingDay.format(new Date(`${date}T00:00:00Z`));
}

/** "12:03:15 PM EST" in the reader's time zone, named. */
export function formatClockTime(iso: string): string {
  return clockTime.format(new Date(iso));
}

/**
 * The note under a price saying what it is: never "Real-time" for a simulated price, one the
 * plan sees late, or a last known one the provider could not refresh.
 */
export function quoteFreshness(
  quote: Pick<Stock, 'source' | 'delayed' | 'delayMinutes' | 'asOf' | 'stale'>,
  market?: Pick<MarketStatus, 'state'> & Partial<Pick<MarketStatus, 'asOf'>>,
): string {
  const time = formatClockTime(quote.asOf);
  if (quote.delayed) {
    // Once the plan's delay has passed the last close, the price shown is that close: the
    // instant it was looked at says nothing more.
    const atClose =
      market?.state !== undefined &&
      market.state !== 'open' &&
      market.asOf !== undefined &&
      Date.parse(quote.asOf) >= Date.parse(market.asOf);
    if (atClose) return `Delayed ${quote.delayMinutes} min · the last close's price`;
    return `Delayed ${quote.delayMinutes} min · price at ${time}`;
  }
  if (quote.stale) return `Delayed · last price received at ${time}`;
  // "live" only while the market trades (docs/PRODUCT.md §7.6).
  const live = market?.state === 'open' ? ' · live' : '';
  if (quote.source === 'simulated') return `Simulated data${live} · updated ${time}`;
  return `Real-time data from ${sourceName(quote.source)} · updated ${time}`;
}
