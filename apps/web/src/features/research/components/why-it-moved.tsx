import {
  dayChangeWord,
  formatNewYorkTime,
  researchSourceText,
  type WhyItMoved as WhyItMovedAnswer,
} from '@tickerwise/shared';
import { ChangeIndicator } from '../../../components/prices/change-indicator.tsx';
import { useMarketStatus } from '../../../lib/market-status.ts';
import { formatDay, formatMoment, priceSourceName } from '../../../lib/price-sources.ts';
import { useLiveQuote } from '../../../lib/use-live-quote.ts';
import { useWhyItMoved, useWriteWhyItMoved } from '../api/summaries.ts';
import { ResearchSummary, type SummaryTexts } from './research-summary.tsx';

const texts: SummaryTexts<WhyItMovedAnswer> = {
  what: '“Why it moved”',
  pitch:
    'A short summary of the day’s headlines behind a stock’s move, written by a language model, with links to each headline.',
  loadingLabel: 'Loading why it moved',
  loadFailed: '“Why it moved” could not be loaded.',
  writing: () => 'Summarising the day’s headlines…',
  offer: (answer) =>
    `A language model can summarise the day’s ${answer.sources.length} ${answer.sources.length === 1 ? 'headline' : 'headlines'}, every sentence linked to the headline it rests on.`,
  action: 'Summarise the news',
  sourceNoun: 'headline',
};

/**
 * docs/PRODUCT.md §3.13: the day's move as the page shows it, and a language model's summary
 * of the day's headlines that may explain it, each sentence linking the headlines it rests on.
 * Written only on request (1 AI credit, free to read again); without a model, or without
 * headlines that day, it says so and nothing is charged.
 */
export function WhyItMoved({ symbol }: { symbol: string }) {
  const query = useWhyItMoved(symbol);
  const write = useWriteWhyItMoved(symbol);
  return (
    <section
      aria-label="Why it moved"
      className="mb-4 rounded-xl border border-slate-200 bg-slate-50/70 p-3 sm:p-4"
    >
      <h4 className="text-sm font-semibold text-ink-950">Why it moved</h4>
      <ResearchSummary
        className="mt-2"
        query={query}
        write={write}
        texts={texts}
        lead={(answer) => <DayMove answer={answer} />}
        written={(answer, summary) => ({
          sources: answer.sources.map((source) => ({
            key: source.url,
            title: source.headline,
            href: source.url,
            detail: `(${source.publisher})`,
          })),
          note: (
            <>
              Written by the language model {summary.model} from the day’s headlines
              {answer.newsSource ? ` (${researchSourceText[answer.newsSource]})` : ''}, each
              sentence checked against the headlines it cites · {formatMoment(summary.writtenAt)}
            </>
          ),
        })}
      />
    </section>
  );
}

function DayMove({ answer }: { answer: WhyItMovedAnswer }) {
  const { move } = answer;
  // The same figure as the page's headline, live for a real-time plan as it is there.
  const quote = useLiveQuote({
    symbol: answer.symbol,
    price: move.price,
    change: move.changePercent,
    delayed: move.delayed,
    asOf: move.asOf,
  });
  const market = useMarketStatus();
  // Outside a session, a price taken after the last close is that close: said as the
  // headline says it, with the session's day rather than today's.
  const atClose =
    market !== undefined &&
    market.state !== 'open' &&
    Date.parse(quote.asOf) >= Date.parse(market.asOf);
  return (
    <div className="text-xs text-slate-500">
      <p className="flex items-baseline gap-2">
        <span>
          {answer.symbol} {market ? dayChangeWord(market) : `on ${formatDay(answer.day)}`}:
        </span>
        <ChangeIndicator change={quote.change} className="text-sm" />
      </p>
      <p className="mt-0.5">
        Prices: {priceSourceName(move.source)}
        {move.delayed && `, delayed ${move.delayMinutes} min`} ·{' '}
        {atClose ? 'at the close of ' : 'as of '}
        <span className="whitespace-nowrap">
          {atClose ? formatNewYorkTime(market.asOf) : formatMoment(quote.asOf)}
        </span>
      </p>
    </div>
  );
}
