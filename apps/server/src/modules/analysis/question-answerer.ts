import { investmentDisclaimer, type QuestionAnswer, ratingLabelText } from '@tickerwise/shared';
import { asksForAdvice } from './advice-question.ts';
import type { AnalysisFacts } from './facts.ts';
import { UngroundedFigureError } from './grounded-stream.ts';
import type { LanguageModel } from './language-model.ts';
import { toModelFacts } from './model-facts.ts';
import {
  type AnalysisLog,
  fallbackReasonOf,
  streamGrounded,
  TooLongError,
} from './model-writer.ts';
import { allowedFactsOf } from './number-check.ts';
import { answerLength, questionMessages } from './prompts.ts';
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

export const tooLongText =
  'The language model’s answer ran past the length an answer may have without finishing a sentence, so it is not shown. Please try again, or ask a narrower question.';

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
 * time. An answer longer than `answerLength` ends at its last whole sentence within it.
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
      return { ...base, answer, outcome: 'refused', writer: 'built_in', model: null };
    }
    const { model, log, timeoutMs } = this.options;
    const modelFacts = toModelFacts(facts);
    let shown = false;
    try {
      const { text, cut } = await streamGrounded(
        (signal, maxTokens) =>
          model.stream(questionMessages(modelFacts, question), signal, maxTokens),
        allowedFactsOf(modelFacts, facts),
        {
          timeoutMs,
          length: answerLength,
          signal: options.signal,
          onText: (piece) => {
            shown = true;
            options.emit?.({ type: 'text', text: piece });
          },
        },
      );
      const answer = text.trim();
      if (cut) {
        // Ended at the last whole sentence within the cap; nothing whole is no answer.
        if (!answer)
          throw new TooLongError(`no sentence within ${answerLength.maxChars} characters`);
        log.warn(
          { event: 'analysis_answer_cut', symbol: facts.security.symbol, model: model.name },
          'The model’s answer ran past its length and was ended at its last whole sentence',
        );
      }
      return { ...base, answer, outcome: 'answered', writer: 'model', model: model.name };
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
        return { ...base, answer, outcome: 'refused', writer: 'built_in', model: model.name };
      }
      const ungrounded = reason === 'ungrounded_figure';
      const answer = ungrounded
        ? unverifiedText
        : reason === 'too_long'
          ? tooLongText
          : unavailableText;
      options.emit?.({ type: 'text', text: answer });
      return {
        ...base,
        answer,
        outcome: ungrounded ? 'unverified' : 'unavailable',
        writer: 'built_in',
        model: model.name,
      };
    }
  }
}
