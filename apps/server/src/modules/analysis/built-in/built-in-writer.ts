import {
  type AnalysisSectionKey,
  analysisSectionKeys,
  analysisSectionTitles,
  investmentDisclaimer,
  type WrittenAnalysis,
} from '@tickerwise/shared';
import type { Clock } from '../../../clock.ts';
import { sectionText } from '../analysis-text.ts';
import { type AnalysisFacts, factsHash } from '../facts.ts';
import type { AnalysisWriter, WriteOptions } from '../writer.ts';
import type { WriterContext } from './context.ts';
import { Phrasing } from './phrasing.ts';
import { writeRisks } from './risks.ts';
import { writeSummary } from './summary.ts';
import { writeTrend } from './trend.ts';
import { writeValuation } from './valuation.ts';
import { writeWatch } from './watch.ts';

const sectionWriters: Record<AnalysisSectionKey, (context: WriterContext) => string> = {
  summary: writeSummary,
  trend: writeTrend,
  valuation: writeValuation,
  risks: writeRisks,
  watch: writeWatch,
};

/** The sections in words, composed from the facts alone. */
export function composeSections(facts: AnalysisFacts): WrittenAnalysis['sections'] {
  const context: WriterContext = { facts, phrasing: new Phrasing(factsHash(facts)) };
  return analysisSectionKeys.map((key) => ({
    key,
    title: analysisSectionTitles[key],
    text: sectionWriters[key](context),
  }));
}

/**
 * The offline writer: clear English composed from the facts, every number taken from them.
 * Sentences vary with the facts (what they say, and which of several phrasings, chosen from
 * the facts' hash), so two stocks never read as one template with the numbers swapped.
 */
export class BuiltInWriter implements AnalysisWriter {
  /** `now`: the app's clock, for the time the analysis is written. */
  constructor(private readonly now: Clock) {}

  async write(facts: AnalysisFacts, options: WriteOptions = {}): Promise<WrittenAnalysis> {
    const sections = composeSections(facts);
    sections.forEach((section, index) => {
      options.emit?.({ type: 'text', text: sectionText(section.key, section.text, index === 0) });
    });
    return {
      sections,
      writer: 'built_in',
      model: null,
      fallback: null,
      dataDate: facts.dataDate,
      writtenAt: this.now().toISOString(),
      disclaimer: investmentDisclaimer,
    };
  }
}
