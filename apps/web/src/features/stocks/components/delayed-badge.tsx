import { Badge } from '../../../components/ui/badge.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Shown beside a price the data feed could not refresh: it is the last price received. */
export function DelayedBadge({ asOf }: { asOf: string }) {
  return (
    <Tooltip
      content={`Live prices are briefly unavailable. This is the last price received, at ${time.format(new Date(asOf))}.`}
    >
      <button type="button" className="rounded-full">
        <Badge tone="warning">Delayed</Badge>
      </button>
    </Tooltip>
  );
}
