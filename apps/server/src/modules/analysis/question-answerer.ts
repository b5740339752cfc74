import { investmentDisclaimer, type QuestionAnswer, ratingLabelText } from '@tickerwise/shared';
import { asksForAdvice } from './advice-question.ts';
import type { AnalysisFacts } from './facts.ts';
import { UngroundedFigureError } from './grounded-stream.ts';
import type { LanguageModel } from './language-model.ts';
import { toModelFacts } from './model-facts.ts';
import { type AnalysisLog, fallbackReasonOf, streamGrounded } from './model-writer.ts';
import { allowedFactsOf } from './number-check.ts';
import { questionMessages } from './prompts.ts';
import type { WriteOptions } from './writer.ts';

export function refusalText(facts: AnalysisFacts): string {
  const label = facts.rating.overall.label;
  const example =
    label === null
      ? 'how the fundamentals checklist came out'
      : `why the technical rating is ${ratingLabelText[label]}`;
  return `I can't say whether to buy, sell or hold ${facts.security.symbol}: that would be investment advice, which Tickerwise does not give. I can explain what the data shows, for example ${example}.`;
}

export const unverifiedText =
  'The answer used figures that are not in this stock’s data, so it is not shown. Try asking about the rating, the key figures or the checks.';

export const unavailableText =
  'The language model did not answer in time. Please try again in a moment.';

export interface QuestionAnswererOptions {
  model: LanguageModel;
  log: AnalysisLog;
  timeoutMs: number;
}

/**
 * "Ask about this stock": a question answered by the language model from the same facts as
 * the written analysis, streamed sentence by sentence as each passes the number check. A
 * question asking for advice is declined before the model sees it, and an answer that gives
 * advice is withdrawn and declined the same way. An answer that states a figure that is not
 * a fact is withdrawn and replaced by an explanation; so is one the model failed to give in
 * time.
 */
export class QuestionAnswerer {
  constructor(private readonly options: QuestionAnswererOptions) {}

  async answer(
    facts: AnalysisFacts,
    question: string,
    options: WriteOptions = {},
  ): Promise<QuestionAnswer> {
    const base = { question, dataDate: facts.dataDate, disclaimer: investmentDisclaimer } as const;
    if (asksForAdvice(question)) {
      const answer = refusalText(facts);
      options.emit?.({ type: 'text', text: answer });
      return { ...base, answer, outcome: 'refused', model: null };
    }
    const { model, log, timeoutMs } = this.options;
    const modelFacts = toModelFacts(facts);
    let shown = false;
    try {
      const answer = await streamGrounded(
        (signal) => model.stream(questionMessages(modelFacts, question), signal),
        allowedFactsOf(modelFacts, facts),
        {
          timeoutMs,
          signal: options.signal,
          onText: (text) => {
            shown = true;
            options.emit?.({ type: 'text', text });
          },
        },
      );
      return { ...base, answer: answer.trim(), outcome: 'answered', model: model.name };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const reason = fallbackReasonOf(error);
      log.warn(
        {
          event: 'analysis_question_withheld',
          symbol: facts.security.symbol,
          model: model.name,
          reason,
          figures: error instanceof UngroundedFigureError ? error.figures : undefined,
          error: reason === 'model_error' ? String(error) : undefined,
        },
        'The model’s answer to a question was not served',
      );
      if (shown) options.emit?.({ type: 'reset', reason });
      if (reason === 'advice') {
        const answer = refusalText(facts);
        options.emit?.({ type: 'text', text: answer });
        return { ...base, answer, outcome: 'refused', model: model.name };
      }
      const ungrounded = reason === 'ungrounded_figure';
      const answer = ungrounded ? unverifiedText : unavailableText;
      options.emit?.({ type: 'text', text: answer });
      return {
        ...base,
        answer,
        outcome: ungrounded ? 'unverified' : 'unavailable',
        model: model.name,
      };
    }
  }
}
