import { analysisSectionKeys, analysisSectionTitles } from '@tickerwise/shared';
import type { ChatMessage } from './language-model.ts';
import type { ModelFacts } from './model-facts.ts';

/**
 * How long a model's text may be (docs/PRODUCT.md §7.4): `maxTokens` is asked of the model
 * (`max_tokens`), and reading stops at `maxChars` whatever the model does, at the last
 * complete sentence. Five sections of 2 to 4 sentences, or an answer of at most 5 sentences,
 * fit with room to spare.
 */
export interface TextLength {
  maxTokens: number;
  maxChars: number;
}
export const analysisLength: TextLength = { maxTokens: 1_200, maxChars: 6_000 };
export const answerLength: TextLength = { maxTokens: 400, maxChars: 2_000 };

const groundingRules = [
  'Use only the facts in the JSON below. Every number you write must appear in the facts, copied as given or rounded (12.34 may be written 12.3%). Do not compute new numbers: no differences, sums, ratios or counts of your own.',
  'Write numbers in digits, prices with a dollar sign, percentages with %, and dates like "March 5, 2025".',
  'Mention no news, events, price targets, forecasts or data that is not in the facts.',
  'Never tell the reader to buy, sell or hold, and give no personal recommendation: describe what the facts show.',
  'If the price data or the company data is simulated, say so.',
];

/** The request for the written analysis: five sections, each under its exact heading. */
export function analysisMessages(facts: ModelFacts): ChatMessage[] {
  const headings = analysisSectionKeys.map((key) => `## ${analysisSectionTitles[key]}`).join(', ');
  return [
    {
      role: 'system',
      content: [
        `You are the analyst of Tickerwise, writing for individual investors about ${facts.name} (${facts.symbol}).`,
        ...groundingRules,
        `Write exactly five sections in this order, each starting with its heading on its own line: ${headings}. Give each section 2 to 4 sentences of plain prose: no lists, no tables, no other headings.`,
      ].join('\n'),
    },
    { role: 'user', content: `Facts (JSON):\n${JSON.stringify(facts)}` },
  ];
}

/** A reader's question about the stock, answered from the same facts. */
export function questionMessages(facts: ModelFacts, question: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        `You are the analyst of Tickerwise. Answer the reader's question about ${facts.name} (${facts.symbol}) in at most 5 sentences of plain prose.`,
        ...groundingRules,
        'If the question asks whether to buy, sell or hold, or for a price target, say politely that you cannot give investment advice and offer what the facts show instead.',
        'If the facts do not answer the question, say so.',
      ].join('\n'),
    },
    { role: 'user', content: `Facts (JSON):\n${JSON.stringify(facts)}\n\nQuestion: ${question}` },
  ];
}
