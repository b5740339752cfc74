import { Badge } from '../../../components/ui/badge.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';

/** Marks figures from the market simulation, so nothing synthetic passes for real. */
export function SimulatedBadge() {
  return (
    <Tooltip content="These figures come from Tickerwise's market simulation, not from an exchange: they behave like market data but are not real prices.">
      <button type="button" className="rounded-full">
        <Badge tone="outline">Simulated data</Badge>
      </button>
    </Tooltip>
  );
}
