import {
  type AnalysisExample,
  type AnalysisResponse,
  type AskResponse,
  askQuestionSchema,
  type RecentAnalyses,
  recentAnalysesQuerySchema,
  type WrittenAnalysisResponse,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { analysisAnswer, analysisExample } from './analysis-answer.ts';
import type { AnalysisService } from './analysis-service.ts';
import { AnalysisEventStream, wantsEventStream } from './event-stream.ts';

export interface AnalysisRoutesOptions {
  auth: Auth;
  analysis: AnalysisService;
}

type SymbolParams = { Params: { symbol: string } };

/**
 * The AI analyst's routes, for signed-in users: the analysis of a stock (rating, key figures,
 * checks, and the written analysis or what stands in its way), opening the written analysis
 * (one AI credit for the day's first open when a language model writes it; the built-in
 * writer's automated summary is free), and questions about the stock. The last two
 * stream as Server-Sent Events when asked for `text/event-stream`, else answer JSON.
 */
export const analysisRoutes: FastifyPluginAsync<AnalysisRoutesOptions> = async (
  app,
  { auth, analysis },
) => {
  const streams = new Set<AnalysisEventStream>();
  // The figures stop where the user's plan sees prices stop.
  const viewerOf = (user: { id: string }) => analysis.marketDataOf(user);
  // An open stream would keep app.close() waiting.
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  app.get<SymbolParams>(
    '/api/stocks/:symbol/analysis',
    { config: { access: 'user' } },
    async (request, reply): Promise<AnalysisResponse> => {
      const user = await requireUser(auth, request);
      const security = await analysis.security(request.params.symbol);
      const answer = await analysisAnswer(analysis, user, security, await viewerOf(user));
      reply.header('cache-control', 'private, no-store');
      return answer;
    },
  );

  // The live example of the public page /features/analysis: anyone may read it, and every
  // reader shares the stock's facts, so a crowd of visitors costs one computation a day.
  app.get(
    '/api/analysis/example',
    { config: { access: 'public' } },
    async (_request, reply): Promise<AnalysisExample> => {
      const example = await analysisExample(analysis);
      reply.header('cache-control', 'public, max-age=300');
      return example;
    },
  );

  // Recent Activity on the dashboard: the analyses the user read (docs/PRODUCT.md §3.23).
  app.get(
    '/api/analysis/recent',
    { config: { access: 'user' } },
    async (request, reply): Promise<RecentAnalyses> => {
      const user = await requireUser(auth, request);
      const { limit } = parseInput(recentAnalysesQuerySchema, request.query);
      reply.header('cache-control', 'private, no-store');
      return { analyses: await analysis.recentReads(user, limit) };
    },
  );

  app.post<SymbolParams>(
    '/api/stocks/:symbol/analysis/written',
    { config: { access: 'user' } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      const security = await analysis.security(request.params.symbol);
      const { facts } = await analysis.facts(security, await viewerOf(user));
      const { writing, charged, credits, settled } = await analysis.openWritten(user, facts);
      if (!wantsEventStream(request)) {
        reply.header('cache-control', 'no-store');
        const written = await writing.result;
        const body: WrittenAnalysisResponse = { analysis: written, ...(await settled) };
        return body;
      }
      const stream = new AnalysisEventStream(reply, streams);
      // `charged` is provisional here: the credit goes back if the model's text is not served.
      stream.send({ event: 'start', data: { dataDate: facts.dataDate, charged, credits } });
      const unfollow = writing.follow((event) => stream.relay(event));
      try {
        const written = await writing.result;
        stream.send({ event: 'done', data: { analysis: written, ...(await settled) } });
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
      const { facts } = await analysis.facts(security, await viewerOf(user));
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
      try {
        stream.send({
          event: 'start',
          data: {
            dataDate: facts.dataDate,
            charged: prepared.charged,
            credits: await analysis.credits(user),
          },
        });
        const answer = await prepared.answer((event) => stream.relay(event), controller.signal);
        stream.send({
          event: 'done',
          data: { answer, charged: prepared.charged, credits: await analysis.credits(user) },
        });
        stream.end();
      } catch (error) {
        if (!stream.closed) request.log.warn({ err: error }, 'answering a question failed');
        stream.fail(error);
      } finally {
        prepared.release();
      }
    },
  );
};
