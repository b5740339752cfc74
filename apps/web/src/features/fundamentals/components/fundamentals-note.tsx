import type { FundamentalsSource, ResearchStatus } from '@tickerwise/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatMoment } from '../../../lib/price-sources.ts';

const sourceText: Record<FundamentalsSource, string> = {
  finnhub: 'Finnhub',
  simulated: 'Tickerwise’s market simulation (not real figures)',
};

/** Where the figures come from and when they were read, under the panel. */
export function FundamentalsNote({
  source,
  asOf,
  what,
  extra,
}: {
  source: FundamentalsSource | null;
  asOf: string | null;
  /** What the source gave, e.g. "statements as reported to the SEC". */
  what: string;
  extra?: string;
}) {
  if (!source) return null;
  return (
    <p className="mt-3 border-t border-slate-100 pt-2 text-xs text-slate-500">
      Source: {sourceText[source]}
      {source === 'finnhub' && `, ${what}`}
      {asOf && ` · as of ${formatMoment(asOf)}`}
      {extra && ` · ${extra}`}
    </p>
  );
}

/** A panel's standing when it is not a plain fresh real answer: simulated, old, or missing. */
export function FundamentalsStanding({
  status,
  source,
  message,
}: {
  status: ResearchStatus;
  source: FundamentalsSource | null;
  message: string | null;
}) {
  if (status === 'stale' || status === 'unavailable') {
    return <Alert tone="warning">{message}</Alert>;
  }
  if (status === 'not_offered') return <p className="text-sm text-slate-500">{message}</p>;
  if (source === 'simulated') {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Badge tone="outline">Simulated data</Badge>
        <span>{message}</span>
      </p>
    );
  }
  return null;
}
