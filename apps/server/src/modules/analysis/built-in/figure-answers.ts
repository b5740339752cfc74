import {
  investmentDisclaimer,
  type KeyMetrics,
  type QuestionAnswer,
  type ReturnPeriod,
  ratingLabelText,
  returnPeriodText,
} from '@tickerwise/shared';
import type { AnalysisFacts } from '../facts.ts';
import { bigUsd, day, isFlat, list, percent, ratio, reading, usd } from './wording.ts';

/**
 * "Ask about this stock" without a language model: factual questions answered from the
 * computed figures (the close, returns, volatility, drawdown, beta, the 52-week range, the
 * moving averages, the technical rating and its indicators, the checklist, the company's key
 * statistics, the sector, the data's day and source), each topic the question names in one
 * sentence or two. A question none of them answers gets a plain "cannot", naming what can be
 * asked. No AI: the same words for the same figures, every time.
 */

interface Topic {
  /** Any of these in the lower-cased question names the topic. */
  words: RegExp;
  answer(facts: AnalysisFacts, question: string): string;
}

const sourceNames: Record<string, string> = { finnhub: 'Finnhub', tiingo: 'Tiingo' };

/** "simulated prices", "Finnhub's prices" */
const sourced = (source: string, what: string) =>
  source === 'simulated' ? `simulated ${what}` : `${sourceNames[source] ?? source}'s ${what}`;

/** "-5.0%" or "12.3%": a figure's own sign. */
const signedPercent = (value: number) => `${value < 0 ? '-' : ''}${percent(value)}`;

const signed = (value: number) =>
  isFlat(value) ? 'flat (0.0%)' : `${value > 0 ? 'up' : 'down'} ${percent(value)}`;

const periodWords: Array<[ReturnPeriod, RegExp]> = [
  ['ytd', /\bytd\b|year[- ]to[- ]date|this year/],
  ['1w', /\bweek\b|\b1w\b|7 days|five days|5 days/],
  ['1m', /\b(1|one) month\b|\bmonth\b|\b1m\b|30 days/],
  ['3m', /\b(3|three) months?\b|\bquarter\b|\b3m\b/],
  ['6m', /\b(6|six) months?\b|half[- ]year|\b6m\b/],
  ['1y', /\b(1|one) year\b|\b12 months\b|\byear\b|\b1y\b|annual/],
];

function returnsAnswer(facts: AnalysisFacts, question: string): string {
  const named = periodWords.filter(([, words]) => words.test(question)).map(([period]) => period);
  // "year to date" also reads as "year": the narrower period wins.
  const periods = named.includes('ytd') ? named.filter((period) => period !== '1y') : named;
  const wanted = periods.length > 0 ? periods : facts.figures.returns.map((item) => item.period);
  const parts = wanted.map((period) => {
    const found = facts.figures.returns.find((item) => item.period === period);
    if (!found || found.percent === null || found.from === null) {
      return `over ${returnPeriodText[period]}: not available (the history is too short)`;
    }
    return `over ${returnPeriodText[period]} ${signed(found.percent)} (since the close of ${day(found.from)})`;
  });
  return `${facts.security.symbol}'s price return ${list(parts)}, to the close of ${day(facts.dataDate)}.`;
}

interface MetricTopic {
  key: keyof KeyMetrics;
  name: string;
  words: RegExp;
  format: (value: number) => string;
}

const metricTopics: MetricTopic[] = [
  {
    key: 'marketCap',
    name: 'market capitalisation',
    words: /market ?cap|\bsize\b/,
    format: bigUsd,
  },
  {
    key: 'peRatio',
    name: 'price to earnings ratio',
    words: /\bp\/?e\b|price[- ]to[- ]earnings|earnings multiple/,
    format: ratio,
  },
  {
    key: 'pbRatio',
    name: 'price to book ratio',
    words: /\bp\/?b\b|price[- ]to[- ]book/,
    format: ratio,
  },
  {
    key: 'psRatio',
    name: 'price to sales ratio',
    words: /\bp\/?s\b|price[- ]to[- ]sales/,
    format: ratio,
  },
  {
    key: 'eps',
    name: 'earnings per share (trailing twelve months)',
    words: /\beps\b(?! growth)|earnings per share/,
    format: usd,
  },
  {
    key: 'dividendYieldPercent',
    name: 'dividend yield',
    words: /dividend|\byield\b/,
    format: signedPercent,
  },
  { key: 'payoutRatioPercent', name: 'payout ratio', words: /payout/, format: signedPercent },
  { key: 'grossMarginPercent', name: 'gross margin', words: /gross margin/, format: signedPercent },
  {
    key: 'operatingMarginPercent',
    name: 'operating margin',
    words: /operating margin/,
    format: signedPercent,
  },
  {
    key: 'netMarginPercent',
    name: 'net margin',
    words: /net margin|profit margin|\bmargins?\b/,
    format: signedPercent,
  },
  {
    key: 'roePercent',
    name: 'return on equity',
    words: /\broe\b|return on equity/,
    format: signedPercent,
  },
  {
    key: 'revenueGrowthPercent',
    name: 'revenue growth (year on year)',
    words: /revenue|sales growth/,
    format: signedPercent,
  },
  {
    key: 'epsGrowthPercent',
    name: 'earnings per share growth (year on year)',
    words: /eps growth|earnings growth/,
    format: signedPercent,
  },
  { key: 'debtToEquity', name: 'debt to equity', words: /\bdebt\b|leverage/, format: ratio },
  { key: 'currentRatio', name: 'current ratio', words: /current ratio|liquidity/, format: ratio },
];

function metricAnswer(facts: AnalysisFacts, metric: MetricTopic): string {
  const { symbol } = facts.security;
  const company = facts.company;
  const value = company?.metrics[metric.key] ?? null;
  if (!company || value === null) {
    return `The ${metric.name} of ${symbol} is not in the company data Tickerwise has.`;
  }
  return `The ${metric.name} of ${symbol} is ${metric.format(value)} (${sourced(company.source, 'company data')}, as of ${day(company.asOf)}).`;
}

const topics: Topic[] = [
  {
    words: /\bprice\b|\bclose[ds]?\b|closing|trad(e|es|ing) at|\bworth\b|\bcost\b|quote/,
    answer: (facts) =>
      `${facts.security.symbol} closed at ${usd(facts.figures.close)} on ${day(facts.figures.date)} (${sourced(facts.priceSource, 'prices')}).`,
  },
  {
    words: /return|perform|gain|\bchange|\bmoved?\b|\bup\b|\bdown\b|\bytd\b|year[- ]to[- ]date/,
    answer: returnsAnswer,
  },
  {
    words: /volatil|\bswing|risky|\brisk\b|standard deviation/,
    answer: (facts) => {
      const value = facts.figures.volatility30d;
      return value === null
        ? `The 30-day volatility of ${facts.security.symbol} is not available: the history is too short.`
        : `The annualised volatility of ${facts.security.symbol}'s daily returns over the last 30 trading days is ${percent(value)}.`;
    },
  },
  {
    words: /drawdown|\bfall\b|\bdrop\b|\bcrash|\bdecline/,
    answer: (facts) => {
      const drawdown = facts.figures.maxDrawdown1y;
      return drawdown === null
        ? `The largest fall of ${facts.security.symbol} within the last year is not available.`
        : `The deepest fall of ${facts.security.symbol} from a peak within the last year was ${percent(drawdown.percent)}, from ${day(drawdown.peak)} to ${day(drawdown.trough)}.`;
    },
  },
  {
    words: /\bbeta\b|correlat|\bmarket\b(?! ?cap)|\bspy\b|s&p|benchmark/,
    answer: (facts) => {
      const { benchmark } = facts.figures;
      if (benchmark.beta === null || benchmark.correlation === null) {
        return `Beta and correlation against ${benchmark.symbol} are not available for ${facts.security.symbol}.`;
      }
      return `Against ${benchmark.symbol} over the last ${benchmark.days} trading days, ${facts.security.symbol}'s beta is ${ratio(benchmark.beta)} and its correlation ${ratio(benchmark.correlation)}.`;
    },
  },
  {
    words: /52[- ]week|year(ly)? range|\brange\b|\bhigh\b|\blow\b/,
    answer: (facts) => {
      const range = facts.figures.yearRange;
      return range === null
        ? `The 52-week range of ${facts.security.symbol} is not available.`
        : `Over the last 52 weeks ${facts.security.symbol} traded between ${usd(range.low)} and ${usd(range.high)}; the last close stands ${reading(range.position)}% of the way from the low to the high.`;
    },
  },
  {
    words: /moving average|\bsma\b|50[- ]day|200[- ]day|golden cross|death cross|\bcross/,
    answer: (facts) => {
      const { sma50, sma200, distanceToSma50, distanceToSma200, lastCross } = facts.figures;
      const parts: string[] = [];
      if (sma50 !== null && distanceToSma50 !== null) {
        parts.push(
          `the 50-day average is ${usd(sma50)}, the close ${percent(distanceToSma50)} ${distanceToSma50 >= 0 ? 'above' : 'below'} it`,
        );
      }
      if (sma200 !== null && distanceToSma200 !== null) {
        parts.push(
          `the 200-day average is ${usd(sma200)}, the close ${percent(distanceToSma200)} ${distanceToSma200 >= 0 ? 'above' : 'below'} it`,
        );
      }
      const cross = lastCross
        ? ` The last ${lastCross.kind === 'golden' ? 'golden' : 'death'} cross of the 50-day over the 200-day average was on ${day(lastCross.date)}.`
        : '';
      return parts.length === 0
        ? `The moving averages of ${facts.security.symbol} are not available: the history is too short.`
        : `For ${facts.security.symbol}, ${list(parts)}.${cross}`;
    },
  },
  {
    words: /rating|technical|signal|indicator|oscillator|\bbuy\b|\bsell\b|sentiment|momentum/,
    answer: (facts) => {
      const { overall, movingAverages, oscillators } = facts.rating;
      if (overall.label === null) {
        return `The technical rating of ${facts.security.symbol} is not available: the history is too short.`;
      }
      const group = (name: string, rating: typeof movingAverages) =>
        `${name} ${rating.label === null ? 'not available' : ratingLabelText[rating.label]} (${rating.buy} buy, ${rating.neutral} neutral, ${rating.sell} sell)`;
      return `The technical rating of ${facts.security.symbol} on ${day(facts.rating.date)} is ${ratingLabelText[overall.label]}: ${group('moving averages', movingAverages)}, ${group('oscillators', oscillators)}. A rating reads indicators; it is not advice.`;
    },
  },
  {
    words: /check|checklist|fundamental|score|health|quality|valuation|overvalued|undervalued/,
    answer: (facts) => {
      const withData = facts.checks.filter((check) => check.status !== 'not_available');
      if (withData.length === 0) {
        return `No fundamental check of ${facts.security.symbol} has data: Tickerwise has no company figures for it.`;
      }
      const passed = withData.filter((check) => check.status === 'pass');
      const failed = withData.filter((check) => check.status === 'fail');
      const failing =
        failed.length > 0
          ? ` Failing: ${list(failed.map((check) => `${check.label.toLowerCase()} (${check.threshold})`))}.`
          : '';
      return `${passed.length} of the ${withData.length} fundamental checks with data pass for ${facts.security.symbol}; ${facts.checks.length - withData.length} have no data.${failing}`;
    },
  },
  {
    words: /sector|industry|business|what does .* do|company/,
    answer: (facts) => {
      const { symbol, name, sector, industry, type } = facts.security;
      if (type === 'etf') return `${symbol} is ${name}, an exchange-traded fund.`;
      const where = [sector && `the ${sector} sector`, industry && `the ${industry} industry`]
        .filter(Boolean)
        .join(', ');
      return where
        ? `${name} (${symbol}) is in ${where}.`
        : `${name} (${symbol}) has no sector on file.`;
    },
  },
  {
    words: /\bdate\b|\bwhen\b|as of|how (old|recent|fresh)|\bdata\b|source|updated/,
    answer: (facts) => {
      const company = facts.company
        ? ` The key statistics are ${sourced(facts.company.source, 'company data')}, as of ${day(facts.company.asOf)}.`
        : '';
      return `The figures are computed from ${sourced(facts.priceSource, 'prices')} up to the close of ${day(facts.dataDate)}.${company}`;
    },
  },
];

/** Indicators the question names, by the vote's short name ("RSI", "MACD") or full name. */
function indicatorAnswers(facts: AnalysisFacts, question: string): string[] {
  const answers: string[] = [];
  for (const vote of facts.rating.votes) {
    const short = /^[a-z]+/.exec(vote.key)?.[0] ?? vote.key;
    const named =
      question.includes(vote.name.toLowerCase()) ||
      (short.length >= 3 && new RegExp(`\\b${short}\\b`).test(question));
    if (!named) continue;
    const headline = vote.readings[0];
    const value =
      headline && headline.value !== null
        ? `${headline.label} ${reading(headline.value)}`
        : 'no reading';
    const voted =
      vote.vote === null
        ? 'no vote (too little history)'
        : ['a sell', 'a neutral', 'a buy'][vote.vote + 1];
    answers.push(`${vote.name}: ${value}, ${voted} vote (${vote.rule}).`);
    if (answers.length === 3) break;
  }
  return answers;
}

const coveredText =
  'the last close, returns over a week to a year, volatility, the largest fall, beta, the 52-week range, the moving averages, the technical rating and its indicators, the fundamentals checklist, key statistics such as P/E, market cap or dividend yield, the sector, and the data’s date and source';

/**
 * The answer to `question` from the figures alone: `answered` when a topic matched, else
 * `not_covered` with what can be asked.
 */
export function answerFromFigures(facts: AnalysisFacts, question: string): QuestionAnswer {
  const lower = question.toLowerCase();
  const sentences: string[] = [];
  const metrics = metricTopics.filter((metric) => metric.words.test(lower));
  for (const metric of metrics.slice(0, 3)) sentences.push(metricAnswer(facts, metric));
  const indicators = indicatorAnswers(facts, lower);
  sentences.push(...indicators);
  for (const topic of topics) {
    if (sentences.length >= 4) break;
    // A key statistic or an indicator named outright is the answer; a broader topic's words
    // inside it ("dividend yield" is not a return) add nothing.
    if ((metrics.length > 0 || indicators.length > 0) && topic.answer === returnsAnswer) continue;
    if (topic.words.test(lower)) sentences.push(topic.answer(facts, lower));
  }
  const base = {
    question,
    writer: 'built_in',
    model: null,
    dataDate: facts.dataDate,
    disclaimer: investmentDisclaimer,
  } as const;
  if (sentences.length === 0) {
    return {
      ...base,
      outcome: 'not_covered',
      answer: `No language model is connected to this server, so questions are answered from ${facts.security.symbol}'s computed figures only, and they do not answer this one. You can ask about ${coveredText}. News, forecasts and opinions are not among them.`,
    };
  }
  return { ...base, outcome: 'answered', answer: [...new Set(sentences)].join(' ') };
}
