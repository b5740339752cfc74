import { z } from 'zod';
import { checkAreas, type RatingLabel, ratingLabels } from './analysis-labels.ts';
import { dataSourceSchema, securityTypeSchema } from './company.ts';

/**
 * The AI analyst's answers: a technical rating with every vote, key figures computed from the
 * stored daily bars, a fundamentals checklist from the stored company data, and a written
 * analysis whose numbers all come from those facts.
 */

export const ratingLabelSchema = z.enum(ratingLabels);

/**
 * The label of a rating between -1 and 1: Strong Sell below -0.5, Sell below -0.1, Neutral
 * from -0.1 to 0.1, Buy above 0.1, Strong Buy above 0.5 (TradingView's bounds).
 */
export function ratingLabelOf(score: number): RatingLabel {
  if (score < -0.5) return 'strong_sell';
  if (score < -0.1) return 'sell';
  if (score > 0.5) return 'strong_buy';
  if (score > 0.1) return 'buy';
  return 'neutral';
}

export const voteGroupSchema = z.enum(['movingAverages', 'oscillators']);
export type VoteGroup = z.infer<typeof voteGroupSchema>;

/** One indicator reading shown beside a vote, e.g. `{ label: '%K', value: 18.4 }`. */
export const indicatorReadingSchema = z.object({
  label: z.string(),
  /** Null while the history is too short for the indicator. */
  value: z.number().nullable(),
});
export type IndicatorReading = z.infer<typeof indicatorReadingSchema>;

/** +1 buy, 0 neutral, -1 sell; null when the history is too short for the indicator. */
export const voteValueSchema = z.union([z.literal(1), z.literal(0), z.literal(-1)]).nullable();
export type VoteValue = z.infer<typeof voteValueSchema>;

export const voteSchema = z.object({
  /** Stable id, e.g. `sma50`, `rsi14`, `ichimoku`. */
  key: z.string(),
  /** As TradingView names it, e.g. "Relative Strength Index (14)". */
  name: z.string(),
  group: voteGroupSchema,
  vote: voteValueSchema,
  /** The readings the rule looked at; the first is the indicator's headline value. */
  readings: z.array(indicatorReadingSchema),
  /** The rule in words: when this indicator votes buy and when sell. */
  rule: z.string(),
});
export type Vote = z.infer<typeof voteSchema>;

export const groupRatingSchema = z.object({
  /** Mean of the available votes, -1 to 1; null when no vote is available. */
  score: z.number().nullable(),
  label: ratingLabelSchema.nullable(),
  buy: z.number().int().nonnegative(),
  neutral: z.number().int().nonnegative(),
  sell: z.number().int().nonnegative(),
  /** Votes without enough history. */
  unavailable: z.number().int().nonnegative(),
});
export type GroupRating = z.infer<typeof groupRatingSchema>;

export const technicalRatingSchema = z.object({
  /** Mean of the moving-average and oscillator ratings. */
  overall: z.object({ score: z.number().nullable(), label: ratingLabelSchema.nullable() }),
  movingAverages: groupRatingSchema,
  oscillators: groupRatingSchema,
  /** 15 moving-average votes, then 11 oscillator votes. */
  votes: z.array(voteSchema),
  /** The close the votes compare against and its day. */
  close: z.number().positive(),
  date: z.iso.date(),
});
export type TechnicalRating = z.infer<typeof technicalRatingSchema>;

export const returnPeriods = ['1w', '1m', '3m', '6m', 'ytd', '1y'] as const;
export const returnPeriodSchema = z.enum(returnPeriods);
export type ReturnPeriod = z.infer<typeof returnPeriodSchema>;

export const returnPeriodText: Record<ReturnPeriod, string> = {
  '1w': '1 week',
  '1m': '1 month',
  '3m': '3 months',
  '6m': '6 months',
  ytd: 'year to date',
  '1y': '1 year',
};

/** A price return: percent change of the close since `from` (the last close on or before it). */
export const periodReturnSchema = z.object({
  period: returnPeriodSchema,
  /** Percent, 12.5 means +12.5 %; null when the history does not reach back that far. */
  percent: z.number().nullable(),
  /** The day of the starting close. */
  from: z.iso.date().nullable(),
});
export type PeriodReturn = z.infer<typeof periodReturnSchema>;

export const keyFiguresSchema = z.object({
  close: z.number().positive(),
  date: z.iso.date(),
  returns: z.array(periodReturnSchema),
  /** Standard deviation of the last 30 daily log returns, annualised (x √252), in percent. */
  volatility30d: z.number().nullable(),
  /** Deepest fall from a peak within the last year, in percent (positive), with its days. */
  maxDrawdown1y: z
    .object({ percent: z.number(), peak: z.iso.date(), trough: z.iso.date() })
    .nullable(),
  /** Against the benchmark's daily returns over the last year, aligned by day. */
  benchmark: z.object({
    symbol: z.string(),
    beta: z.number().nullable(),
    correlation: z.number().nullable(),
    /** Days of paired returns used. */
    days: z.number().int().nonnegative(),
  }),
  /** The last 52 weeks' lowest low and highest high; `position` 0 at the low, 100 at the high. */
  yearRange: z
    .object({ low: z.number(), high: z.number(), position: z.number().min(0).max(100) })
    .nullable(),
  sma50: z.number().nullable(),
  sma200: z.number().nullable(),
  /** Percent the close stands above (positive) or below the average. */
  distanceToSma50: z.number().nullable(),
  distanceToSma200: z.number().nullable(),
  /** The last day the 50-day average crossed the 200-day one: up (golden) or down (death). */
  lastCross: z.object({ kind: z.enum(['golden', 'death']), date: z.iso.date() }).nullable(),
});
export type KeyFigures = z.infer<typeof keyFiguresSchema>;

export const checkAreaSchema = z.enum(checkAreas);

export const fundamentalCheckSchema = z.object({
  key: z.string(),
  area: checkAreaSchema,
  /** What is checked, e.g. "Price to earnings". */
  label: z.string(),
  status: z.enum(['pass', 'fail', 'not_available']),
  /** The figure checked, in `unit`; null when the company data does not have it. */
  value: z.number().nullable(),
  unit: z.enum(['ratio', 'percent']),
  /** The threshold in words, e.g. "below 25". */
  threshold: z.string(),
  /** Why it passed or failed, in a short sentence. */
  explanation: z.string(),
});
export type FundamentalCheck = z.infer<typeof fundamentalCheckSchema>;

export const analysisSectionKeys = ['summary', 'trend', 'valuation', 'risks', 'watch'] as const;
export const analysisSectionKeySchema = z.enum(analysisSectionKeys);
export type AnalysisSectionKey = z.infer<typeof analysisSectionKeySchema>;

export const analysisSectionTitles: Record<AnalysisSectionKey, string> = {
  summary: 'Summary',
  trend: 'Trend and momentum',
  valuation: 'Valuation and quality',
  risks: 'Risks',
  watch: 'What to watch',
};

export const analysisWriterSchema = z.enum(['built_in', 'model']);
export type AnalysisWriterKind = z.infer<typeof analysisWriterSchema>;

export const investmentDisclaimer = 'Not investment advice.';

/** Why a model's text was not served and the built-in writer's stands in its place. */
export const writerFallbackSchema = z.enum([
  'ungrounded_figure',
  'timeout',
  'model_error',
  'bad_format',
  'too_long',
  'advice',
]);
export type WriterFallback = z.infer<typeof writerFallbackSchema>;

export const writerFallbackText: Record<WriterFallback, string> = {
  ungrounded_figure: 'the language model stated a figure that is not in the data',
  timeout: 'the language model did not answer in time',
  model_error: 'the language model could not be reached',
  bad_format: 'the language model did not write the expected sections',
  too_long: 'the language model wrote more than an analysis may hold',
  advice: 'the language model’s text read as investment advice, which Tickerwise does not give',
};

export const writtenAnalysisSchema = z.object({
  sections: z.array(
    z.object({ key: analysisSectionKeySchema, title: z.string(), text: z.string() }),
  ),
  writer: analysisWriterSchema,
  /** The model's name when a model wrote it. */
  model: z.string().nullable(),
  /** Set when a model was asked but the built-in writer's text is served in its place. */
  fallback: writerFallbackSchema.nullable(),
  /** The trading day of the newest bar the facts were computed from. */
  dataDate: z.iso.date(),
  /** When the text was written (ISO 8601). */
  writtenAt: z.iso.datetime(),
  disclaimer: z.literal(investmentDisclaimer),
});
export type WrittenAnalysis = z.infer<typeof writtenAnalysisSchema>;

export const questionLimits = { minLength: 3, maxLength: 500 } as const;

/** `POST /api/stocks/:symbol/ask` */
export const askQuestionSchema = z.object({
  question: z
    .string()
    .trim()
    .min(questionLimits.minLength, 'Ask a question of at least 3 characters')
    .max(questionLimits.maxLength, 'Keep the question to 500 characters'),
});
export type AskQuestion = z.infer<typeof askQuestionSchema>;

export const questionOutcomeSchema = z.enum([
  'answered',
  'refused',
  'unverified',
  'unavailable',
  'not_covered',
]);
/**
 * `answered`: the model's answer, every number checked against the facts, or the built-in
 * answerer's from the computed figures; `refused`: the question asked for investment advice
 * and was declined without asking the model, or the model's answer gave advice and was
 * withheld; `unverified`: the model's answer stated figures that are not facts and was
 * withheld; `unavailable`: the model failed or did not answer in time; `not_covered`: no
 * model is connected and the computed figures do not answer the question (the answer says
 * what they can answer). Only `answered` by a model uses an AI credit.
 */
export type QuestionOutcome = z.infer<typeof questionOutcomeSchema>;

export const questionAnswerSchema = z.object({
  question: z.string(),
  answer: z.string(),
  outcome: questionOutcomeSchema,
  /**
   * Who wrote the answer: the language model, or the built-in answerer (no model connected),
   * which reads the computed figures and is not AI.
   */
  writer: analysisWriterSchema,
  /** The model that answered; null when none was asked. */
  model: z.string().nullable(),
  dataDate: z.iso.date(),
  disclaimer: z.literal(investmentDisclaimer),
});
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

/** The user's AI credits today (the `aiCalls` quota): used of limit, until `resetsAt`. */
export const aiCreditsSchema = z.object({
  used: z.number().int().min(0),
  limit: z.number().int().min(0),
  /** When the day's count starts again (ISO 8601, midnight UTC). */
  resetsAt: z.iso.datetime(),
});
export type AiCredits = z.infer<typeof aiCreditsSchema>;

/** Where the written analysis stands for this user today. */
export const writtenStateSchema = z.discriminatedUnion('status', [
  /** Opened today: reading it again is free. */
  z.object({ status: z.literal('ready'), analysis: writtenAnalysisSchema }),
  /**
   * Not opened today (cost 1: a language model writes it), or opened but not written yet, or
   * the built-in writer's automated summary, which is free (cost 0): open it with
   * `POST /api/stocks/:symbol/analysis/written`.
   */
  z.object({
    status: z.literal('available'),
    cost: z.union([z.literal(0), z.literal(1)]),
    /** Who will write it: the built-in writer, or the named model. */
    writer: analysisWriterSchema,
    model: z.string().nullable(),
  }),
  /** The plan has no AI analysis: show the upgrade prompt. */
  z.object({
    status: z.literal('upgrade_required'),
    requiredTier: z.enum(['pro', 'enterprise']),
    message: z.string(),
  }),
  /** Today's credits are used up and this one was not opened today. */
  z.object({
    status: z.literal('quota_exceeded'),
    resetsAt: z.iso.datetime(),
    message: z.string(),
  }),
]);
export type WrittenState = z.infer<typeof writtenStateSchema>;

/** `GET /api/stocks/:symbol/analysis` */
export const analysisResponseSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  type: securityTypeSchema,
  /**
   * The trading day of the newest stored bar the viewer's plan may see: every figure is as of
   * this day.
   */
  dataDate: z.iso.date(),
  /** Where the prices came from; `simulated` is never real market data. */
  priceSource: dataSourceSchema,
  /** The prices could not be brought up to date; they stop at `dataDate`. */
  stale: z.boolean(),
  /**
   * The viewer's plan sees a session's close `delayMinutes` after the market closes (Free: 15);
   * until then its figures are those of the session before. 0 in real time.
   */
  delayed: z.boolean(),
  delayMinutes: z.number().int().nonnegative(),
  /** Where the company figures of the checklist came from, and their day. */
  company: z.object({ source: dataSourceSchema, asOf: z.iso.date() }).nullable(),
  rating: technicalRatingSchema,
  figures: keyFiguresSchema,
  checks: z.array(fundamentalCheckSchema),
  written: writtenStateSchema,
  credits: aiCreditsSchema,
  /**
   * Whether "Ask about this stock" can be used, and why not; who answers: the language model
   * (one AI credit an answer), or without one the built-in answerer, which answers factual
   * questions from the computed figures for free.
   */
  ask: z.object({
    available: z.boolean(),
    reason: z.enum(['upgrade_required']).nullable(),
    message: z.string().nullable(),
    writer: analysisWriterSchema,
    model: z.string().nullable(),
  }),
  disclaimer: z.literal(investmentDisclaimer),
});
export type AnalysisResponse = z.infer<typeof analysisResponseSchema>;

/**
 * `GET /api/analysis/example` (public): the analysis `/features/analysis` shows as a live
 * example, of one stock as the Free plan sees it (docs/PRODUCT.md §3.29). Free to read, so
 * nothing of the written analysis or the credits.
 */
export const analysisExampleSchema = analysisResponseSchema.pick({
  symbol: true,
  name: true,
  type: true,
  dataDate: true,
  priceSource: true,
  stale: true,
  delayMinutes: true,
  company: true,
  rating: true,
  figures: true,
  checks: true,
  disclaimer: true,
});
export type AnalysisExample = z.infer<typeof analysisExampleSchema>;
export const analysisExampleSymbol = 'AAPL';

/**
 * `POST /api/stocks/:symbol/analysis/written` as JSON (Accept: application/json); with
 * `Accept: text/event-stream` the same comes as the events of `analysisStreamEventSchema`.
 */
export const writtenAnalysisResponseSchema = z.object({
  analysis: writtenAnalysisSchema,
  /**
   * Whether this open cost a credit: the day's first open of this stock, and the text is the
   * language model's. The built-in writer's text (no model, or the model failed) is free.
   */
  charged: z.boolean(),
  credits: aiCreditsSchema,
});
export type WrittenAnalysisResponse = z.infer<typeof writtenAnalysisResponseSchema>;

/** `POST /api/stocks/:symbol/ask` as JSON; streamed like the written analysis. */
export const askResponseSchema = z.object({
  answer: questionAnswerSchema,
  charged: z.boolean(),
  credits: aiCreditsSchema,
});
export type AskResponse = z.infer<typeof askResponseSchema>;

/**
 * The Server-Sent Events of a streamed analysis or answer, in order: `start`, then `text`
 * pieces to append (a `reset` withdraws everything shown so far: the model's text failed its
 * check and the built-in text follows), then `done` with the final result; or `error`.
 */
export const analysisStreamEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('start'),
    data: z.object({ dataDate: z.iso.date(), charged: z.boolean(), credits: aiCreditsSchema }),
  }),
  z.object({ event: z.literal('text'), data: z.object({ text: z.string() }) }),
  z.object({
    event: z.literal('reset'),
    data: z.object({ reason: writerFallbackSchema, message: z.string() }),
  }),
  z.object({
    event: z.literal('done'),
    data: z.union([writtenAnalysisResponseSchema, askResponseSchema]),
  }),
  z.object({
    event: z.literal('error'),
    data: z.object({ code: z.string(), message: z.string() }),
  }),
]);
export type AnalysisStreamEvent = z.infer<typeof analysisStreamEventSchema>;

/** `GET /api/analysis/recent?limit=`: at most this many of the user's latest reads. */
export const recentAnalysesMaxLimit = 20;

export const recentAnalysesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(recentAnalysesMaxLimit).default(10),
});

/** A stock whose written analysis the user opened, on the day it was first opened. */
export const analysisReadSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  /** The UTC day of the open (reading again that day was free). */
  day: z.iso.date(),
  /** When it was first opened that day (ISO 8601). */
  openedAt: z.iso.datetime(),
});
export type AnalysisRead = z.infer<typeof analysisReadSchema>;

/** The user's analyses read in the last days (opens are kept a week), newest first. */
export const recentAnalysesSchema = z.object({ analyses: z.array(analysisReadSchema) });
export type RecentAnalyses = z.infer<typeof recentAnalysesSchema>;
