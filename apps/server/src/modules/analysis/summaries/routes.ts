import { accessionNumberSchema, type FilingSummary, type WhyItMoved } from '@tickerwise/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../../http/errors.ts';
import type { Auth } from '../../auth/auth.ts';
import { requireUser } from '../../auth/guard.ts';
import type { ResearchSummaries, SummarySecurity } from './research-summaries.ts';

export interface SummaryRoutesOptions {
  auth: Auth;
  summaries: Pick<ResearchSummaries<SummarySecurity>, 'whyItMoved' | 'filingSummary'>;
}

type SymbolParams = { Params: { symbol: string } };
type FilingParams = { Params: { symbol: string; accession: string } };

/**
 * "Why it moved" and filing summaries for signed-in users (docs/PRODUCT.md §3.13): `GET`
 * reads what is written (free, never writes), `POST` has it written when it is not (one AI
 * credit for the request that has the model write it). 402 on a plan without AI analysis,
 * 429 when the day's credits are used up; a model or EDGAR that fails is said in the answer.
 */
export const summaryRoutes: FastifyPluginAsync<SummaryRoutesOptions> = async (
  app,
  { auth, summaries },
) => {
  const whyItMoved = async (
    request: FastifyRequest<SymbolParams>,
    reply: FastifyReply,
    write: boolean,
  ): Promise<WhyItMoved> => {
    const user = await requireUser(auth, request);
    const answer = await summaries.whyItMoved(user, request.params.symbol, write);
    reply.header('cache-control', 'private, no-store');
    return answer;
  };
  const filingSummary = async (
    request: FastifyRequest<FilingParams>,
    reply: FastifyReply,
    write: boolean,
  ): Promise<FilingSummary> => {
    const user = await requireUser(auth, request);
    const accession = parseInput(accessionNumberSchema, request.params.accession);
    const answer = await summaries.filingSummary(user, request.params.symbol, accession, write);
    reply.header('cache-control', 'private, no-store');
    return answer;
  };
  const user = { config: { access: 'user' } } as const;

  app.get<SymbolParams>('/api/stocks/:symbol/why-it-moved', user, (request, reply) =>
    whyItMoved(request, reply, false),
  );
  app.post<SymbolParams>('/api/stocks/:symbol/why-it-moved', user, (request, reply) =>
    whyItMoved(request, reply, true),
  );
  app.get<FilingParams>('/api/stocks/:symbol/filings/:accession/summary', user, (request, reply) =>
    filingSummary(request, reply, false),
  );
  app.post<FilingParams>('/api/stocks/:symbol/filings/:accession/summary', user, (request, reply) =>
    filingSummary(request, reply, true),
  );
};
