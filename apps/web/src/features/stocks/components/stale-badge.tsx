import { Badge } from '../../../components/ui/badge.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { formatTradingDay } from '../data-source.ts';

/** Shown beside stored figures the source could not bring up to date: they are as of `asOf`. */
export function StaleBadge({ asOf }: { asOf: string }) {
  return (
    <Tooltip
      content={`The data source could not be reached just now. These figures are as of ${formatTradingDay(asOf)}.`}
    >
      <button type="button" className="rounded-full">
        <Badge tone="warning">Delayed</Badge>
      </button>
    </Tooltip>
  );
}
