import { type FilingSummary as FilingSummaryAnswer, filingFormText } from '@tickerwise/shared';
import { formatDay, formatMoment } from '../../../lib/price-sources.ts';
import { useFilingSummary, useWriteFilingSummary } from '../api/summaries.ts';
import { ResearchSummary, type SummaryTexts } from './research-summary.tsx';

const texts: SummaryTexts<FilingSummaryAnswer> = {
  what: 'Filing summaries',
  pitch: 'A language model summarises a filing’s own text, every figure checked against it.',
  loadingLabel: 'Loading the filing summary',
  loadFailed: 'The filing summary could not be loaded.',
  writing: (answer) => `Reading the ${answer.form} on SEC EDGAR and summarising it…`,
  offer: (answer) =>
    `A language model can summarise this ${filingFormText[answer.form].toLowerCase()} from its text (${
      answer.form === '8-K'
        ? 'the items reported and any press release filed with them'
        : 'management’s discussion and risk factors'
    }), every figure checked against it.`,
  action: 'Summarise the filing',
  sourceNoun: 'section',
};

/**
 * docs/PRODUCT.md §3.13: a language model's summary of a 10-K, 10-Q or 8-K from its text
 * sections on EDGAR, each sentence citing the sections it rests on and every figure checked
 * against them. Shown when a reader opens it under the filing; written only on request.
 */
export function FilingSummary({ symbol, accession }: { symbol: string; accession: string }) {
  const query = useFilingSummary(symbol, accession);
  const write = useWriteFilingSummary(symbol, accession);
  return (
    <ResearchSummary
      query={query}
      write={write}
      texts={texts}
      written={(answer, summary) => ({
        sources: answer.sources.map((section) => ({
          key: section.title,
          title: section.title,
          detail: section.cut ? '(its beginning)' : undefined,
        })),
        note: (
          <>
            Source: SEC EDGAR, the {answer.form} filed {formatDay(answer.filedOn)} · written by the
            language model {summary.model}, {formatMoment(summary.writtenAt)}
          </>
        ),
      })}
    />
  );
}
