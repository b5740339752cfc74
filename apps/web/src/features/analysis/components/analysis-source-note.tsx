import type { DataSource } from '@tickerwise/shared';
import { UpgradeLink } from '../../../components/prices/delayed-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDay } from '../../../lib/price-sources.ts';

const sourceNames: Record<DataSource, string> = {
  simulated: 'simulated data (not real market data)',
  finnhub: 'Finnhub',
  tiingo: 'Tiingo',
};

interface AnalysisSourceNoteProps {
  /** What the figures are, e.g. 'Rating and figures'. */
  subject: string;
  source: DataSource;
  asOf: string;
  /** 'through' for a series ending that day, 'as of' for a snapshot taken then. */
  dateWord: 'through' | 'as of';
  /** The source could not bring the data up to date: it stops at `asOf`. */
  stale: boolean;
  /** The plan sees a session's close this many minutes after the market closes (0: at once). */
  delayMinutes?: number;
}

/** Where the analysis's figures come from and the day they stop at. */
export function AnalysisSourceNote({
  subject,
  source,
  asOf,
  dateWord,
  stale,
  delayMinutes = 0,
}: AnalysisSourceNoteProps) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
      {stale && <Badge tone="warning">Delayed</Badge>}
      <span>
        {subject}: {sourceNames[source]} · {dateWord} {formatDay(asOf)}
        {stale && ' (the data source could not be reached just now)'}
        {delayMinutes > 0 && (
          <>
            {' '}
            · Delayed {delayMinutes} min: your plan sees a day's close {delayMinutes} minutes after
            the market closes (<UpgradeLink forWhat="each day's close as the market closes" />)
          </>
        )}
      </span>
    </p>
  );
}
