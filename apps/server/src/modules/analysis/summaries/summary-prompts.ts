import type { FilingForm } from '@tickerwise/shared';
import type { ChatMessage } from '../language-model.ts';
import type { TextLength } from '../prompts.ts';

/** 2 to 4 sentences for "Why it moved", 3 to 6 for a filing, with room for citations. */
export const whyItMovedLength: TextLength = { maxTokens: 350, maxChars: 1_500 };
export const filingSummaryLength: TextLength = { maxTokens: 600, maxChars: 2_500 };

const citingRules = (what: string) => [
  `Use only the numbered ${what} below: say nothing they do not say (no other events, companies, people, products, figures, dates, causes or forecasts).`,
  `End every sentence with the number of the ${what.replace(/s$/, '')} or ${what} it rests on in square brackets, before the full stop, like: "The company announced a new product [2]." or "[1, 3]".`,
  `Every number you write must appear in the ${what.replace(/s$/, '')} you cite, copied as written there (with its unit and scale). Do not compute new numbers.`,
  'Never tell the reader to buy, sell or hold, and give no price targets or personal recommendations.',
  'Write plain prose: no headings, no lists.',
];

/** The day's headlines, numbered from 1, as the model reads them. */
interface NumberedHeadline {
  headline: string;
  publisher: string;
  summary: string;
}

export function whyItMovedMessages(
  company: { name: string; symbol: string },
  day: string,
  headlines: NumberedHeadline[],
): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        `You write "Why it moved" for Tickerwise: in 2 to 4 sentences, what the day's news about ${company.name} (${company.symbol}) reports that may explain the stock's move on ${day}.`,
        ...citingRules('headlines'),
        'Do not state the stock price or its change: the page shows them beside your summary.',
        'If the headlines give no clear reason for a move, say so in one sentence citing them, and summarise what they report.',
      ].join('\n'),
    },
    {
      role: 'user',
      content: `Headlines of ${day}:\n${headlines
        .map(
          (item, index) =>
            `[${index + 1}] ${item.headline} (${item.publisher})${item.summary ? `\n${item.summary}` : ''}`,
        )
        .join('\n\n')}`,
    },
  ];
}

export function filingSummaryMessages(
  company: { name: string; symbol: string },
  filing: { form: FilingForm; filedOn: string },
  sections: Array<{ title: string; text: string }>,
): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        `You summarise SEC filings for Tickerwise's readers: in 3 to 6 sentences, what ${company.name} (${company.symbol}) reports in its ${filing.form} filed on ${filing.filedOn}, the most important first.`,
        ...citingRules('sections'),
      ].join('\n'),
    },
    {
      role: 'user',
      content: sections
        .map((section, index) => `[${index + 1}] ${section.title}\n${section.text}`)
        .join('\n\n'),
    },
  ];
}
