import { readingOf, voteOf, type WriterContext } from './context.ts';
import { day, usd } from './wording.ts';

function averageLevelSentence({ facts, phrasing }: WriterContext): string | null {
  const { sma50, close } = facts.figures;
  if (sma50 === null) return null;
  return close >= sma50
    ? phrasing.pick('watch.sma50.above', [
        `The 50-day average, now at ${usd(sma50)}, is the nearest trend level to watch: a close below it would turn that vote to sell.`,
        `A close below the 50-day average at ${usd(sma50)} would flip that vote from buy to sell.`,
      ])
    : phrasing.pick('watch.sma50.below', [
        `The 50-day average, now at ${usd(sma50)}, is the level to reclaim: a close above it would turn that vote to buy.`,
        `A close back above the 50-day average at ${usd(sma50)} would flip that vote from sell to buy.`,
      ]);
}

function crossSentence({ facts }: WriterContext): string | null {
  const { sma50, sma200 } = facts.figures;
  if (sma50 === null || sma200 === null) return null;
  return sma50 > sma200
    ? `The 50-day average (${usd(sma50)}) is above the 200-day (${usd(sma200)}); a move beneath it would be a death cross.`
    : `The 50-day average (${usd(sma50)}) is below the 200-day (${usd(sma200)}); a move above it would be a golden cross.`;
}

function rangeSentence({ facts }: WriterContext): string | null {
  const range = facts.figures.yearRange;
  if (!range) return null;
  return `The 52-week high of ${usd(range.high)} and low of ${usd(range.low)} frame the past year; a close beyond either would set a new extreme.`;
}

function oscillatorSentence({ facts }: WriterContext): string | null {
  const rsi = readingOf(facts, 'rsi14');
  if (rsi === null) return null;
  if (rsi >= 60) {
    return 'Should RSI climb above 70 and then turn down, its vote would switch to sell.';
  }
  if (rsi <= 40) {
    return 'Should RSI drop below 30 and then turn up, its vote would switch to buy.';
  }
  const macd = voteOf(facts, 'macd');
  if (macd?.vote === 1)
    return 'A MACD line falling through its signal line would turn that vote to sell.';
  if (macd?.vote === -1)
    return 'A MACD line rising through its signal line would turn that vote to buy.';
  return null;
}

export function writeWatch(context: WriterContext): string {
  const sentences = [
    averageLevelSentence(context),
    crossSentence(context),
    rangeSentence(context),
    oscillatorSentence(context),
    `Each new trading day updates these figures; this analysis uses prices up to ${day(context.facts.dataDate)}.`,
  ].filter((part): part is string => part !== null);
  return sentences.join(' ');
}
