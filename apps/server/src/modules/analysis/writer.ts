import type { WriterFallback, WrittenAnalysis } from '@tickerwise/shared';
import type { AnalysisFacts } from './facts.ts';

/** What a reader of a writer's stream sees: text to append, or the text so far withdrawn. */
export type WriterEvent =
  | { type: 'text'; text: string }
  | { type: 'reset'; reason: WriterFallback };

export interface WriteOptions {
  /** Receives the text as it is written. */
  emit?: (event: WriterEvent) => void;
  signal?: AbortSignal;
}

/** Turns facts into the written analysis: the built-in writer, or a checked language model. */
export interface AnalysisWriter {
  write(facts: AnalysisFacts, options?: WriteOptions): Promise<WrittenAnalysis>;
}
