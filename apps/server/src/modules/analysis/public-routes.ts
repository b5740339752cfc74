import {
  type AiCredits,
  analysisResponseSchema,
  entitlementsFor,
  investmentDisclaimer,
  type WrittenAnalysis,
  writtenAnalysisResponseSchema,
} from '@tickerwise/shared';
import { z } from 'zod';
import { type PublicApi, publicSymbolSchema } from '../../public-api/public-api.ts';
import { analysisAnswer } from './analysis-answer.ts';
import type { AnalysisService } from './analysis-service.ts';

const symbolParams = z.object({
  symbol: publicSymbolSchema.meta({
    description: 'A US stock or ETF ticker, in any case: `AAPL`, `brk.b`, `SPY`.',
  }),
});

const exampleCredits: AiCredits = { used: 3, limit: 100, resetsAt: '2026-01-31T00:00:00.000Z' };

const exampleWritten: WrittenAnalysis = {
  sections: [
    {
      key: 'summary',
      title: 'Summary',
      text: 'Apple closed at $231.41 on 30 January 2026, 9.1 % above its 200-day average, with a technical rating of Buy.',
    },
    {
      key: 'trend',
      title: 'Trend and momentum',
      text: 'The shares gained 4.2 % over the past month; RSI 14 stands at 61.',
    },
    {
      key: 'valuation',
      title: 'Valuation and quality',
      text: 'At a P/E of 35.2 the shares cost more than the 25 our value check allows.',
    },
    {
      key: 'risks',
      title: 'Risks',
      text: 'The largest fall of the past year was 18.4 %, from 12 July to 8 August 2025.',
    },
    {
      key: 'watch',
      title: 'What to watch',
      text: 'A close below the 50-day average at $224.10 would end the short-term uptrend.',
    },
  ],
  writer: 'model',
  model: 'llama3.1:8b',
  fallback: null,
  dataDate: '2026-01-30',
  writtenAt: '2026-01-30T21:05:12.000Z',
  disclaimer: investmentDisclaimer,
};

const notListed =
  'No US stock or ETF we cover has this symbol, or no price history is stored for it yet.';

/**
 * The AI analyst in the public API (docs/PRODUCT.md §3.20), through the same service as the
 * stock page: reading the analysis is free; the written analysis by a model costs one AI credit for the
 * first open of the stock each UTC day, counted exactly as on the screen.
 */
export function analysisPublicRoutes(
  api: PublicApi,
  { analysis }: { analysis: AnalysisService },
): void {
  api.get('/stocks/{symbol}/analysis', {
    operationId: 'getAnalysis',
    tag: 'Analysis',
    summary: "A stock's analysis: rating, key figures and checks",
    description:
      "The technical rating with every indicator's vote, key figures (returns, volatility, drawdown, beta against SPY, moving averages) and the fundamental checks, computed from the stored daily bars and company data as of `dataDate`, the last session your plan sees. Free: it costs no AI credit. `written` says where you stand with the written analysis (`ready` when you opened it today, `available` with the credit it would cost, or what stands in its way), and `credits` how many of the day's AI credits are used. `priceSource` `simulated` is never real market data. Not investment advice.",
    params: symbolParams,
    exampleParams: { symbol: 'AAPL' },
    response: analysisResponseSchema,
    example: {
      symbol: 'AAPL',
      name: 'Apple Inc.',
      type: 'stock',
      dataDate: '2026-01-30',
      priceSource: 'tiingo',
      stale: false,
      delayed: false,
      delayMinutes: 0,
      company: { source: 'finnhub', asOf: '2026-01-30' },
      rating: {
        overall: { score: 0.33, label: 'buy' },
        movingAverages: {
          score: 0.5,
          label: 'buy',
          buy: 1,
          neutral: 1,
          sell: 0,
          unavailable: 0,
        },
        oscillators: { score: 0, label: 'neutral', buy: 0, neutral: 1, sell: 0, unavailable: 0 },
        votes: [
          {
            key: 'sma200',
            name: 'Simple moving average (200)',
            group: 'movingAverages',
            vote: 1,
            readings: [{ label: 'SMA 200', value: 212.07 }],
            rule: 'Buy when the close is above the average, sell when below.',
          },
          {
            key: 'sma50',
            name: 'Simple moving average (50)',
            group: 'movingAverages',
            vote: 0,
            readings: [{ label: 'SMA 50', value: 231.4 }],
            rule: 'Buy when the close is above the average, sell when below.',
          },
          {
            key: 'rsi14',
            name: 'Relative strength index (14)',
            group: 'oscillators',
            vote: 0,
            readings: [{ label: 'RSI 14', value: 61.2 }],
            rule: 'Buy below 30 and rising, sell above 70 and falling.',
          },
        ],
        close: 231.41,
        date: '2026-01-30',
      },
      figures: {
        close: 231.41,
        date: '2026-01-30',
        returns: [
          { period: '1m', percent: 4.2, from: '2025-12-30' },
          { period: '1y', percent: 21.7, from: '2025-01-30' },
        ],
        volatility30d: 22.4,
        maxDrawdown1y: { percent: -18.4, peak: '2025-07-12', trough: '2025-08-08' },
        benchmark: { symbol: 'SPY', beta: 1.18, correlation: 0.71, days: 250 },
        yearRange: { low: 164.08, high: 237.23, position: 92 },
        sma50: 224.1,
        sma200: 212.07,
        distanceToSma50: 3.3,
        distanceToSma200: 9.1,
        lastCross: { kind: 'golden', date: '2025-10-14' },
      },
      checks: [
        {
          key: 'pe',
          area: 'value',
          label: 'P/E below 25',
          status: 'fail',
          value: 35.2,
          unit: 'ratio',
          threshold: '< 25',
          explanation: 'The shares cost 35.2 times the last twelve months’ earnings.',
        },
      ],
      written: { status: 'available', cost: 1, writer: 'model', model: 'llama3.1:8b' },
      credits: exampleCredits,
      ask: { available: true, reason: null, message: null, writer: 'model', model: 'llama3.1:8b' },
      disclaimer: investmentDisclaimer,
    },
    errors: { 404: notListed },
    handler: async ({ caller, params }) =>
      analysisAnswer(
        analysis,
        { id: caller.userId },
        await analysis.security(params.symbol),
        entitlementsFor(caller.tier).marketData,
      ),
  });

  // A POST: it may spend a credit, which no GET or HEAD may (a GET of it answers 405).
  api.post('/stocks/{symbol}/analysis/written', {
    operationId: 'openWrittenAnalysis',
    tag: 'Analysis',
    summary: "A stock's written analysis (one AI credit a day when a language model writes it)",
    description:
      "The written analysis of the stock on its latest stored data, in five sections. **When the server has a language model, it costs one AI credit the first time you open a stock's written analysis each UTC day** (on the screen or here; `charged` says whether this call did); reading it again the same day is free. Credits reset at 00:00 UTC; `credits` gives the standing after this call. The credit is given back if the analysis cannot be written, or if the built-in writer's text stands in for the model's (`writer` is `built_in`, `fallback` says why). Without a language model the text is the built-in writer's automated summary, written from the computed figures, and costs nothing. May take a few seconds when it is written for the first time. Sent as `POST` with no body: since it can spend a credit it is not a `GET`, which links, prefetchers and `HEAD` requests send freely (a `GET` of this path answers 405 naming the `POST`; earlier versions of the API served it as a `GET`). Not investment advice.",
    params: symbolParams,
    exampleParams: { symbol: 'AAPL' },
    response: writtenAnalysisResponseSchema,
    example: { analysis: exampleWritten, charged: true, credits: exampleCredits },
    errors: { 404: notListed },
    handler: async ({ caller, params }) => {
      const member = { id: caller.userId };
      const { facts } = await analysis.facts(
        await analysis.security(params.symbol),
        entitlementsFor(caller.tier).marketData,
      );
      const { writing, settled } = await analysis.openWritten(member, facts);
      return { analysis: await writing.result, ...(await settled) };
    },
  });
}
