/** How each source of prices is named where figures say where they come from. */
const sourceNames: Record<string, string> = {
  simulated: 'simulated prices (not real market data)',
  finnhub: 'Finnhub',
  tiingo: 'Tiingo end-of-day prices',
  trade: 'your last trade price',
};

export function priceSourceName(source: string): string {
  return sourceNames[source] ?? source;
}

const moment = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const day = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Jan 17, 3:00 PM EST" (the reader's time zone, named). */
export function formatMoment(iso: string): string {
  return moment.format(new Date(iso));
}

/** "Jan 17, 2024" for a YYYY-MM-DD trading day. */
export function formatDay(date: string): string {
  return day.format(new Date(`${date}T00:00:00Z`));
}
