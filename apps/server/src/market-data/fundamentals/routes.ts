import type { FinancialStatements, FundData } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from '../../modules/auth/auth.ts';
import { requireUser } from '../../modules/auth/guard.ts';
import type { EntitlementService } from '../../modules/entitlements/service.ts';
import type { MarketService } from '../quotes/service.ts';
import type { FundamentalsService } from './fundamentals-service.ts';

export interface FundamentalsRoutesOptions {
  auth: Auth;
  entitlements: EntitlementService;
  market: MarketService;
  fundamentals: FundamentalsService;
}

type SymbolParams = { Params: { symbol: string } };

/**
 * A company's financial statements and a fund's data for signed-in users (docs/PRODUCT.md
 * §3.13): 404 for a symbol the app does not serve; a source that fails is said in the answer,
 * never a 5xx. The simulated figures stop at the last session the viewer's plan may see.
 */
export const fundamentalsRoutes: FastifyPluginAsync<FundamentalsRoutesOptions> = async (
  app,
  { auth, entitlements, market, fundamentals },
) => {
  const lastSessionOf = async (request: Parameters<typeof requireUser>[1]) =>
    market.lastSessionFor(await entitlements.marketData(await requireUser(auth, request)));

  app.get<SymbolParams>(
    '/api/stocks/:symbol/financials',
    { config: { access: 'user' } },
    async (request, reply): Promise<FinancialStatements> => {
      const through = await lastSessionOf(request);
      const security = await market.security(request.params.symbol);
      reply.header('cache-control', 'private, max-age=300');
      return fundamentals.statements(security, through);
    },
  );

  app.get<SymbolParams>(
    '/api/stocks/:symbol/fund',
    { config: { access: 'user' } },
    async (request, reply): Promise<FundData> => {
      const through = await lastSessionOf(request);
      const security = await market.security(request.params.symbol);
      reply.header('cache-control', 'private, max-age=300');
      return fundamentals.fund(security, through);
    },
  );
};
