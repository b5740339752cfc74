import { readingOf, type WriterContext } from './context.ts';
import { day, list, percent, ratio, reading } from './wording.ts';

function volatilitySentence({ facts, phrasing }: WriterContext): string | null {
  const volatility = facts.figures.volatility30d;
  if (volatility === null) return null;
  const level =
    volatility < 20
      ? 'a calm level'
      : volatility < 35
        ? 'a moderate level'
        : volatility < 60
          ? 'a high level'
          : 'a very high level';
  return phrasing.pick('risks.volatility', [
    `Over the last 30 trading days the shares swung with an annualised volatility of ${percent(volatility)}, ${level}.`,
    `Annualised volatility over the last 30 trading days is ${percent(volatility)}, ${level}.`,
  ]);
}

function drawdownSentence({ facts, phrasing }: WriterContext): string | null {
  const drawdown = facts.figures.maxDrawdown1y;
  if (!drawdown) return null;
  if (drawdown.percent === 0) {
    return 'In the past year the close never fell below an earlier peak close.';
  }
  return phrasing.pick('risks.drawdown', [
    `The deepest fall in the past year was ${percent(drawdown.percent)}, from the peak close on ${day(drawdown.peak)} to the low on ${day(drawdown.trough)}.`,
    `Someone who bought at the peak close of ${day(drawdown.peak)} was down ${percent(drawdown.percent)} by ${day(drawdown.trough)}, the worst stretch of the past year.`,
  ]);
}

function marketSentence({ facts }: WriterContext): string | null {
  const { beta, correlation, symbol } = facts.figures.benchmark;
  if (beta === null || correlation === null) return null;
  const swing =
    beta > 1.2
      ? 'has moved more than the market'
      : beta < 0.8
        ? 'has moved less than the market'
        : 'has moved roughly in step with the market';
  const tie = correlation > 0.7 ? 'closely' : correlation > 0.4 ? 'moderately' : 'only loosely';
  return `Against ${symbol} over the past year, beta is ${ratio(beta)} and correlation ${ratio(correlation)}: the ${facts.security.type === 'etf' ? 'fund' : 'stock'} ${swing}, and ${tie} follows its daily swings.`;
}

function signalSentence({ facts }: WriterContext): string | null {
  const rsi = readingOf(facts, 'rsi14');
  if (rsi === null) return null;
  if (rsi > 70) {
    return `With RSI at ${reading(rsi)}, above 70, the stock counts as overbought by the usual reading of that indicator.`;
  }
  if (rsi < 30) {
    return `With RSI at ${reading(rsi)}, below 30, the stock counts as oversold by the usual reading of that indicator.`;
  }
  return null;
}

function failedChecksSentence({ facts }: WriterContext): string | null {
  const failed = facts.checks.filter((check) => check.status === 'fail');
  if (failed.length === 0) return null;
  const names = failed.map((check) => check.label.toLowerCase());
  return `Fundamental checks that fail: ${list(names)}.`;
}

export function writeRisks(context: WriterContext): string {
  const sentences = [
    volatilitySentence(context),
    drawdownSentence(context),
    marketSentence(context),
    signalSentence(context),
    failedChecksSentence(context),
  ].filter((part): part is string => part !== null);
  if (sentences.length === 0) {
    return 'There is not yet enough history to measure volatility, drawdowns or market sensitivity.';
  }
  return sentences.join(' ');
}
