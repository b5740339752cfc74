import type { EarningsResponse, FilingsResponse, NewsResponse } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from '../../modules/auth/auth.ts';
import { requireUser } from '../../modules/auth/guard.ts';
import type { MarketService } from '../quotes/service.ts';
import type { ResearchService } from './research-service.ts';

export interface ResearchRoutesOptions {
  auth: Auth;
  market: MarketService;
  research: ResearchService;
}

type SymbolParams = { Params: { symbol: string } };

/**
 * A stock's news, earnings and filings for signed-in users (docs/PRODUCT.md §3.13): 404 for a
 * symbol the app does not serve; a source that fails is said in the answer, never a 5xx.
 */
export const researchRoutes: FastifyPluginAsync<ResearchRoutesOptions> = async (
  app,
  { auth, market, research },
) => {
  app.get<SymbolParams>(
    '/api/stocks/:symbol/news',
    { config: { access: 'user' } },
    async (request, reply): Promise<NewsResponse> => {
      await requireUser(auth, request);
      const security = await market.security(request.params.symbol);
      reply.header('cache-control', 'private, max-age=60');
      return research.news(security);
    },
  );

  app.get<SymbolParams>(
    '/api/stocks/:symbol/earnings',
    { config: { access: 'user' } },
    async (request, reply): Promise<EarningsResponse> => {
      await requireUser(auth, request);
      const security = await market.security(request.params.symbol);
      reply.header('cache-control', 'private, max-age=60');
      return research.earnings(security);
    },
  );

  app.get<SymbolParams>(
    '/api/stocks/:symbol/filings',
    { config: { access: 'user' } },
    async (request, reply): Promise<FilingsResponse> => {
      await requireUser(auth, request);
      const security = await market.security(request.params.symbol);
      reply.header('cache-control', 'private, max-age=60');
      return research.filings(security);
    },
  );
};
