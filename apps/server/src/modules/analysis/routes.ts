import {
  type AnalysisResponse,
  type AskResponse,
  askQuestionSchema,
  cheapestTierWith,
  investmentDisclaimer,
  type WrittenAnalysisResponse,
  type WrittenState,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { AnalysisService, Credits, Member } from './analysis-service.ts';
import { AnalysisEventStream, wantsEventStream } from './event-stream.ts';
import type { AnalysisFacts } from './facts.ts';

export interface AnalysisRoutesOptions {
  auth: Auth;
  analysis: AnalysisService;
}

type SymbolParams = { Params: { symbol: string } };

const upgradeMessage =
  'The written analysis and "Ask about this stock" come with the Pro plan and up. The technical rating and the checks are yours on every plan.';

/**
 * The AI analyst's routes, for signed-in users: the analysis of a stock (rating, key figures,
 * checks, and the written analysis or what stands in its way), opening the written analysis
 * (one AI credit for the day's first open), and questions about the stock. The last two
 * stream as Server-Sent Events when asked for `text/event-stream`, else answer JSON.
 */
export const analysisRoutes: FastifyPluginAsync<AnalysisRoutesOptions> = async (
  app,
  { auth, analysis },
) => {
  const streams = new Set<AnalysisEventStream>();
  // An open stream would keep app.close() waiting.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  async function writtenState(
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
        message: upgradeMessage,
      };
    }
    if (await analysis.openedToday(member, facts.security.symbol)) {
      const stored = await analysis.storedAnalysis(facts);
      return stored ? { status: 'ready', analysis: stored } : available(0);
    }
    if (credits.used >= credits.limit) {
      return {
        status: 'quota_exceeded',
        resetsAt: credits.resetsAt,
        message: `You have used all ${credits.limit} AI credits of today. More are available from 00:00 UTC.`,
      };
    }
    return available(1);
  }

  app.get<SymbolParams>(
    '/api/stocks/:symbol/analysis',
    { config: { access: 'user' } },
    async (request, reply): Promise<AnalysisResponse> => {
      const user = await requireUser(auth, request);
      const security = await analysis.security(request.params.symbol);
      const [{ facts, stale }, credits] = await Promise.all([
        analysis.facts(security),
        analysis.credits(user),
      ]);
      const written = await writtenState(user, facts, credits);
      const paid = credits.limit > 0;
      reply.header('cache-control', 'private, no-store');
      return {
        symbol: security.symbol,
        name: security.name,
        type: security.type,
        dataDate: facts.dataDate,
        priceSource: facts.priceSource,
        stale,
        company: facts.company && { source: facts.company.source, asOf: facts.company.asOf },
        rating: facts.rating,
        figures: facts.figures,
        checks: facts.checks,
        written,
        credits,
        ask: !paid
          ? { available: false, reason: 'upgrade_required', message: upgradeMessage }
          : analysis.askAvailable
            ? { available: true, reason: null, message: null }
            : { available: false, reason: 'no_model', message: modelNotConnectedMessage },
        disclaimer: investmentDisclaimer,
      };
    },
  );

  app.post<SymbolParams>(
    '/api/stocks/:symbol/analysis/written',
    { config: { access: 'user' } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      const security = await analysis.security(request.params.symbol);
      const { facts } = await analysis.facts(security);
      const { writing, charged, credits } = await analysis.openWritten(user, facts);
      if (!wantsEventStream(request)) {
        reply.header('cache-control', 'no-store');
        const body: WrittenAnalysisResponse = { analysis: await writing.result, charged, credits };
        return body;
      }
      const stream = new AnalysisEventStream(reply, streams);
      stream.send({ event: 'start', data: { dataDate: facts.dataDate, charged, credits } });
      const unfollow = writing.follow((event) => stream.relay(event));
      try {
        const written = await writing.result;
        stream.send({ event: 'done', data: { analysis: written, charged, credits } });
        stream.end();
      } catch (error) {
        request.log.warn({ err: error }, 'streaming an analysis failed');
        stream.fail(error);
      } finally {
        unfollow();
      }
    },
  );

  app.post<SymbolParams>(
    '/api/stocks/:symbol/ask',
    { config: { access: 'user' } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      const { question } = parseInput(askQuestionSchema, request.body);
      const security = await analysis.security(request.params.symbol);
      const { facts } = await analysis.facts(security);
      const prepared = await analysis.prepareQuestion(user, facts, question);
      if (!wantsEventStream(request)) {
        const answer = await prepared.answer(() => {});
        reply.header('cache-control', 'no-store');
        const body: AskResponse = {
          answer,
          charged: prepared.charged,
          credits: await analysis.credits(user),
        };
        return body;
      }
      const stream = new AnalysisEventStream(reply, streams);
      const controller = new AbortController();
      reply.raw.once('close', () => controller.abort());
      stream.send({
        event: 'start',
        data: {
          dataDate: facts.dataDate,
          charged: prepared.charged,
          credits: await analysis.credits(user),
        },
      });
      try {
        const answer = await prepared.answer((event) => stream.relay(event), controller.signal);
        stream.send({
          event: 'done',
          data: { answer, charged: prepared.charged, credits: await analysis.credits(user) },
        });
        stream.end();
      } catch (error) {
        if (!stream.closed) request.log.warn({ err: error }, 'answering a question failed');
        stream.fail(error);
      }
    },
  );
};

const modelNotConnectedMessage =
  'The operator of this Tickerwise server has not connected a language model, so questions cannot be answered here.';
