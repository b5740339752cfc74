const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Shown beside a price the data feed could not refresh: it is the last price received. */
export function DelayedBadge({ updatedAt }: { updatedAt: string }) {
  return (
    <span
      title={`Live prices are briefly unavailable. This is the last price received, at ${time.format(new Date(updatedAt))}.`}
      className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800"
    >
      Delayed
    </span>
  );
}
