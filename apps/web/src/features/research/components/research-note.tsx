import { type ResearchSource, researchSourceText } from '@tickerwise/shared';
import { formatMoment } from '../../../lib/price-sources.ts';

/** Where a research panel's items come from and when they were fetched, under the panel. */
export function ResearchNote({
  source,
  asOf,
}: {
  source: ResearchSource | null;
  asOf: string | null;
}) {
  if (!source) return null;
  return (
    <p className="mt-3 border-t border-slate-100 pt-2 text-xs text-slate-500">
      Source: {researchSourceText[source]}
      {asOf && ` · as of ${formatMoment(asOf)}`}
    </p>
  );
}
