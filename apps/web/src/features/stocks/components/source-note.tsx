import type { DataSource } from '@tickerwise/shared';
import { formatTradingDay, sourceName } from '../data-source.ts';
import { StaleBadge } from './stale-badge.tsx';

interface SourceNoteProps {
  /** What the figures are, e.g. 'Daily bars' or 'Figures'. */
  subject: string;
  source: DataSource;
  /** The last day covered (YYYY-MM-DD), if any. */
  asOf: string | null;
  /** 'through' for a series ending that day, 'as of' for a snapshot taken then. */
  dateWord: 'through' | 'as of';
  stale: boolean;
}

/** Where a section's figures come from and how recent they are, under the section. */
export function SourceNote({ subject, source, asOf, dateWord, stale }: SourceNoteProps) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
      {stale && asOf && <StaleBadge asOf={asOf} />}
      <span>
        {subject}: {sourceName(source)}
        {source === 'simulated' && ' (not real market data)'}
        {asOf && ` · ${dateWord} ${formatTradingDay(asOf)}`}
      </span>
    </p>
  );
}
