import {
  type CitedHeadline,
  citedHeadlineSchema,
  type FilingSection,
  filingSectionSchema,
} from '@tickerwise/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { AnalystConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type MarketData, newYorkTime, tradingDayAt } from '../../market-data/index.ts';
import type { Auth } from '../auth/auth.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { type AnalysisMarket, AnalysisService } from './analysis-service.ts';
import { AnalysisStore } from './analysis-store.ts';
import { BuiltInWriter } from './built-in/built-in-writer.ts';
import { type LanguageModel, openAiCompatibleModel } from './language-model.ts';
import { detectLocalModel } from './local-model.ts';
import { ModelCallGate } from './model-calls.ts';
import { CheckedModelWriter } from './model-writer.ts';
import { QuestionAnswerer } from './question-answerer.ts';
import { analysisRoutes } from './routes.ts';
import { ResearchSummaries } from './summaries/research-summaries.ts';
import { summaryRoutes } from './summaries/routes.ts';
import { SummaryDesk } from './summaries/summary-desk.ts';
import { SummaryStore } from './summaries/summary-store.ts';
import { TechnicalReadings } from './technical-readings.ts';
import { WrittenAnalyses } from './written-analyses.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The AI analyst, for other modules and for tests. */
    analysis: AnalysisService;
  }
}

/** Stored analyses of older data and opens of past days are kept this long, then forgotten. */
const keptDays = 7;
const pruneIntervalMs = 60 * 60 * 1000;

/** The market data the analyst reads, in its own terms. */
function analysisMarket({ market, history, company }: MarketData): AnalysisMarket {
  return {
    // Answers 404 itself for a symbol the app does not serve.
    async find(symbol) {
      const found = await market.security(symbol);
      return {
        symbol: found.symbol,
        name: found.name,
        type: found.type,
        sector: found.sector,
        industry: found.industry,
      };
    },
    state: (symbol) => history.state(symbol),
    lastSessionFor: (viewer) => market.lastSessionFor(viewer),
    async bars(symbol, count, through) {
      const series = await history.recentBars(symbol, count, through);
      return {
        bars: series.bars.map(({ date, open, high, low, close, volume }) => ({
          date,
          open,
          high,
          low,
          close,
          volume,
        })),
        asOf: series.asOf,
        source: series.source,
        stale: series.stale,
        version: series.version,
      };
    },
    async company(security, through) {
      const data = await company.companyData(await market.security(security.symbol), through);
      return { metrics: data.metrics, source: data.source, asOf: data.asOf };
    },
  };
}

/**
 * The AI analyst: its routes, its writer (the built-in one, or a language model checked
 * against the facts when `LLM_BASE_URL` and `LLM_MODEL` are set, or a local Ollama found at
 * start-up with `LLM_AUTODETECT=true`), "Why it moved" and filing summaries, and an hourly
 * clean-up of stored analyses, opens and summaries nobody reads any more.
 */
export async function registerAnalysis(
  app: FastifyInstance,
  options: {
    config: AnalystConfig;
    auth: Auth;
    db: Db;
    clock: Clock;
    entitlements: EntitlementService;
    marketData: MarketData;
  },
): Promise<AnalysisService> {
  const { config, db, clock } = options;
  const store = new AnalysisStore(db);
  const summaryStore = new SummaryStore(db);
  const builtIn = new BuiltInWriter(clock);
  const settings = config.model ?? (await detectLocalModel(config.autodetect, app.log));
  const model = settings ? openAiCompatibleModel(settings) : null;
  const modelCalls = model
    ? new ModelCallGate({
        concurrentCalls: config.concurrentCalls,
        concurrentCallsPerUser: config.concurrentCallsPerUser,
        countCall: (member) => options.entitlements.consumeQuota(member, 'modelCalls'),
      })
    : null;
  const writer = model
    ? new CheckedModelWriter({
        model,
        fallback: builtIn,
        log: app.log,
        timeoutMs: config.timeoutMs,
        now: clock,
      })
    : builtIn;
  const written = new WrittenAnalyses({
    store,
    writer,
    writerKey: model ? `model:${model.name}` : 'built_in',
    clock,
    log: app.log,
    // A writer that is still at it past its own timeout has died with its instance.
    claimStaleMs: config.timeoutMs + 30_000,
  });
  const analysis = new AnalysisService({
    market: analysisMarket(options.marketData),
    entitlements: options.entitlements,
    store,
    written,
    answerer: model
      ? new QuestionAnswerer({ model, log: app.log, timeoutMs: config.timeoutMs })
      : null,
    modelName: model?.name ?? null,
    modelCalls,
    clock,
    technicals: new TechnicalReadings(),
  });
  app.decorate('analysis', analysis);
  await app.register(analysisRoutes, { auth: options.auth, analysis });
  await app.register(summaryRoutes, {
    auth: options.auth,
    summaries: researchSummaries(
      options,
      summaryStore,
      model && modelCalls ? { model, modelCalls } : null,
      app.log,
    ),
  });

  app.scheduler.every('analysis clean-up', pruneIntervalMs, async () => {
    const before = new Date(clock().getTime() - keptDays * 86_400_000).toISOString().slice(0, 10);
    await store.forgetBefore(before, before);
    // Summaries past their time are never served again: a new request writes them afresh.
    await summaryStore.forgetExpired(clock());
  });
  return analysis;
}

/** "Why it moved" and filing summaries, over the market data's news and filings. */
function researchSummaries(
  options: {
    config: AnalystConfig;
    clock: Clock;
    entitlements: EntitlementService;
    marketData: MarketData;
  },
  store: SummaryStore,
  writer: { model: LanguageModel; modelCalls: ModelCallGate } | null,
  log: FastifyInstance['log'],
) {
  const { market, research } = options.marketData;
  const now = () => options.clock().getTime();
  const desk = <S>(sources: z.ZodType<S>) =>
    writer
      ? new SummaryDesk<S>({
          ...writer,
          entitlements: options.entitlements,
          store,
          parseSources: (value) => {
            const parsed = sources.safeParse(value);
            return parsed.success ? parsed.data : null;
          },
          timeoutMs: options.config.timeoutMs,
          now,
          log,
        })
      : null;
  return new ResearchSummaries({
    sources: {
      security: (symbol) => market.security(symbol),
      stock: (viewer, symbol) => market.getStock(viewer, symbol),
      news: (security) => research.news(security),
      filings: (security) => research.filings(security),
      filingText: (filing, maxChars) => research.filingText(filing, maxChars),
      newYorkDay: (ms) => newYorkTime(ms).date,
      tradingDay: tradingDayAt,
    },
    entitlements: options.entitlements,
    headlineDesk: desk<CitedHeadline[]>(z.array(citedHeadlineSchema)),
    filingDesk: desk<FilingSection[]>(z.array(filingSectionSchema)),
    modelName: writer?.model.name ?? null,
    now,
    log,
  });
}
