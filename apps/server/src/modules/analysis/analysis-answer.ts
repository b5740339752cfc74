import {
  type AnalysisExample,
  type AnalysisResponse,
  analysisExampleSymbol,
  cheapestTierWith,
  entitlementsFor,
  investmentDisclaimer,
  type MarketDataAccess,
  type WrittenState,
} from '@tickerwise/shared';
import type { AnalysisService, Credits, Member } from './analysis-service.ts';
import type { AnalysisFacts, SecurityIdentity } from './facts.ts';

export const analysisUpgradeMessage =
  'The written analysis and "Ask about this stock" come with the Pro plan and up. The technical rating and the checks are yours on every plan.';

/**
 * Where the user stands with a stock's written analysis, without writing or charging: ready
 * (opened today and stored), available at a cost of 0 or 1 credit, or what stands in its way.
 * Without a language model the built-in writer's automated summary costs nothing.
 */
export async function writtenStateOf(
  analysis: AnalysisService,
  member: Member,
  facts: AnalysisFacts,
  credits: Credits,
): Promise<WrittenState> {
  const available = (cost: 0 | 1): WrittenState => ({
    status: 'available',
    cost,
    writer: analysis.modelName ? 'model' : 'built_in',
    model: analysis.modelName,
  });
  if (credits.limit === 0) {
    return {
      status: 'upgrade_required',
      requiredTier: cheapestTierWith('aiAnalysis') === 'pro' ? 'pro' : 'enterprise',
      message: analysisUpgradeMessage,
    };
  }
  if (await analysis.openedToday(member, facts.security.symbol)) {
    const stored = await analysis.storedAnalysis(facts);
    return stored ? { status: 'ready', analysis: stored } : available(0);
  }
  if (!analysis.modelName) return available(0);
  if (credits.used >= credits.limit) {
    return {
      status: 'quota_exceeded',
      resetsAt: credits.resetsAt,
      message: `You have used all ${credits.limit} AI credits of today. More are available from 00:00 UTC.`,
    };
  }
  return available(1);
}

/**
 * The analysis of a stock as its page shows it: the technical rating, key figures and checks
 * (free), the written analysis's state and the day's AI credits. Reading it costs nothing.
 * The figures stop at the last session `viewer`'s plan may see (a delayed plan sees a close late).
 */
export async function analysisAnswer(
  analysis: AnalysisService,
  member: Member,
  security: SecurityIdentity,
  viewer: MarketDataAccess,
): Promise<AnalysisResponse> {
  const [{ facts, stale }, credits] = await Promise.all([
    analysis.facts(security, viewer),
    analysis.credits(member),
  ]);
  const written = await writtenStateOf(analysis, member, facts, credits);
  const paid = credits.limit > 0;
  return {
    ...factsAnswer(security, facts, stale, viewer),
    delayed: viewer.kind === 'delayed',
    written,
    credits,
    ask: {
      ...(paid
        ? ({ available: true, reason: null, message: null } as const)
        : ({
            available: false,
            reason: 'upgrade_required',
            message: analysisUpgradeMessage,
          } as const)),
      writer: analysis.modelName ? ('model' as const) : ('built_in' as const),
      model: analysis.modelName,
    },
  };
}

/** The figures every reader of a security shares, as `viewer`'s plan sees them. */
function factsAnswer(
  security: SecurityIdentity,
  facts: AnalysisFacts,
  stale: boolean,
  viewer: MarketDataAccess,
): AnalysisExample {
  return {
    symbol: security.symbol,
    name: security.name,
    type: security.type,
    dataDate: facts.dataDate,
    priceSource: facts.priceSource,
    stale,
    delayMinutes: viewer.kind === 'delayed' ? viewer.delayMinutes : 0,
    company: facts.company && { source: facts.company.source, asOf: facts.company.asOf },
    rating: facts.rating,
    figures: facts.figures,
    checks: facts.checks,
    disclaimer: investmentDisclaimer,
  };
}

/**
 * The live example of the public page `/features/analysis` (docs/PRODUCT.md §3.29): one
 * stock's rating, key figures and checks as the Free plan sees them, from the same facts every
 * reader of the stock shares (so it costs no computation of its own).
 */
export async function analysisExample(analysis: AnalysisService): Promise<AnalysisExample> {
  const security = await analysis.security(analysisExampleSymbol);
  const viewer = entitlementsFor('free').marketData;
  const { facts, stale } = await analysis.facts(security, viewer);
  return factsAnswer(security, facts, stale, viewer);
}
