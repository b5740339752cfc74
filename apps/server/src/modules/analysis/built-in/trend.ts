import { readingOf, returnOf, type WriterContext } from './context.ts';
import { day, isFlat, percent, ratio, reading, usd } from './wording.ts';

const side = (distance: number) => (distance >= 0 ? 'above' : 'below');

function averagesSentence({ facts, phrasing }: WriterContext): string | null {
  const { close, sma50, sma200, distanceToSma50: d50, distanceToSma200: d200 } = facts.figures;
  if (sma50 === null || d50 === null) return null;
  const at = usd(close);
  if (sma200 === null || d200 === null) {
    return `The close of ${at} is ${percent(d50)} ${side(d50)} the 50-day average of ${usd(sma50)}; there is not yet enough history for a 200-day average.`;
  }
  if (d50 >= 0 && d200 >= 0) {
    return phrasing.pick('trend.up', [
      `The close of ${at} sits ${percent(d50)} above the 50-day average (${usd(sma50)}) and ${percent(d200)} above the 200-day (${usd(sma200)}), the shape of an uptrend.`,
      `At ${at}, the price is above both its 50-day average of ${usd(sma50)} (by ${percent(d50)}) and its 200-day average of ${usd(sma200)} (by ${percent(d200)}): the trend points up on both horizons.`,
    ]);
  }
  if (d50 < 0 && d200 < 0) {
    return phrasing.pick('trend.down', [
      `The close of ${at} sits ${percent(d50)} below the 50-day average (${usd(sma50)}) and ${percent(d200)} below the 200-day (${usd(sma200)}), the shape of a downtrend.`,
      `At ${at}, the price trails both its 50-day average of ${usd(sma50)} (by ${percent(d50)}) and its 200-day average of ${usd(sma200)} (by ${percent(d200)}): the trend points down on both horizons.`,
    ]);
  }
  if (d200 >= 0) {
    return `The close of ${at} is still ${percent(d200)} above the 200-day average (${usd(sma200)}) but has slipped ${percent(d50)} under the 50-day (${usd(sma50)}): the longer trend holds while the shorter one has softened.`;
  }
  return `The close of ${at} has climbed ${percent(d50)} above the 50-day average (${usd(sma50)}) yet remains ${percent(d200)} below the 200-day (${usd(sma200)}): a short-term rebound inside a longer decline.`;
}

function crossSentence({ facts, phrasing }: WriterContext): string | null {
  const { lastCross, sma200 } = facts.figures;
  if (sma200 === null) return null;
  if (!lastCross) {
    return 'The 50-day and 200-day averages have not crossed within the stored history.';
  }
  const when = day(lastCross.date);
  return lastCross.kind === 'golden'
    ? phrasing.pick('trend.golden', [
        `Their last crossing was a golden cross on ${when}, when the 50-day rose above the 200-day.`,
        `The 50-day average last crossed above the 200-day on ${when}, a golden cross.`,
      ])
    : phrasing.pick('trend.death', [
        `Their last crossing was a death cross on ${when}, when the 50-day fell below the 200-day.`,
        `The 50-day average last crossed below the 200-day on ${when}, a death cross.`,
      ]);
}

function returnsSentence({ facts, phrasing }: WriterContext): string | null {
  const parts: string[] = [];
  const describe = (value: number, span: string) =>
    isFlat(value)
      ? `flat over ${span}`
      : `${value > 0 ? 'up' : 'down'} ${percent(value)} over ${span}`;
  const month = returnOf(facts, '1m');
  const quarter = returnOf(facts, '3m');
  const half = returnOf(facts, '6m');
  if (month !== null) parts.push(describe(month, 'the past month'));
  if (quarter !== null) parts.push(describe(quarter, '3 months'));
  if (half !== null) parts.push(describe(half, '6 months'));
  if (parts.length === 0) return null;
  const [first, ...rest] = parts;
  const lead = phrasing.pick('trend.returns', [
    'The shares are',
    'Measured by price, the stock is',
  ]);
  const tail =
    rest.length === 0 ? '' : rest.length === 1 ? ` and ${rest[0]}` : `, ${rest[0]} and ${rest[1]}`;
  return `${lead} ${first}${tail}.`;
}

function momentumSentence({ facts, phrasing }: WriterContext): string | null {
  const sentences: string[] = [];
  const rsi = readingOf(facts, 'rsi14');
  if (rsi !== null) {
    const zone =
      rsi > 70
        ? 'above the 70 line that marks overbought'
        : rsi < 30
          ? 'below the 30 line that marks oversold'
          : rsi >= 55
            ? 'firm, though short of the 70 line that marks overbought'
            : rsi <= 45
              ? 'soft, though above the 30 line that marks oversold'
              : 'in the middle of its range';
    sentences.push(
      phrasing.pick('trend.rsi', [
        `RSI (14) reads ${reading(rsi)}, ${zone}.`,
        `The 14-day RSI stands at ${reading(rsi)}, ${zone}.`,
      ]),
    );
  }
  const macd = readingOf(facts, 'macd', 'MACD');
  const signal = readingOf(facts, 'macd', 'Signal');
  if (macd !== null && signal !== null && macd !== signal) {
    sentences.push(
      macd > signal
        ? `The MACD line (${ratio(macd)}) runs above its signal line (${ratio(signal)}), so momentum leans up.`
        : `The MACD line (${ratio(macd)}) runs below its signal line (${ratio(signal)}), so momentum leans down.`,
    );
  }
  const adx = readingOf(facts, 'adx14');
  if (adx !== null) {
    const strength =
      adx >= 25
        ? 'a strong trend'
        : adx > 20
          ? 'a trend that is taking shape'
          : 'no strong trend either way';
    sentences.push(`ADX at ${reading(adx)} points to ${strength}.`);
  }
  return sentences.length === 0 ? null : sentences.join(' ');
}

function rangeSentence({ facts }: WriterContext): string | null {
  const range = facts.figures.yearRange;
  if (!range) return null;
  const where =
    range.position >= 90
      ? 'close to the top of it'
      : range.position >= 60
        ? 'in its upper half'
        : range.position > 40
          ? 'near the middle'
          : range.position > 10
            ? 'in its lower half'
            : 'close to the bottom of it';
  return `Within the 52-week range from ${usd(range.low)} to ${usd(range.high)}, the close sits at ${percent(range.position)}, ${where}.`;
}

export function writeTrend(context: WriterContext): string {
  return [
    averagesSentence(context),
    crossSentence(context),
    returnsSentence(context),
    momentumSentence(context),
    rangeSentence(context),
  ]
    .filter((part): part is string => part !== null)
    .join(' ');
}
