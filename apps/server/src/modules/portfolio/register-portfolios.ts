import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../auth/auth.ts';
import type { HistoryService } from '../history/service.ts';
import type { MarketService } from '../market/service.ts';
import { MarketAdapter } from './market-adapter.ts';
import type { PortfolioRoom } from './portfolios.ts';
import { portfolioRoutes } from './routes.ts';
import { PortfolioService } from './service.ts';

/** Portfolios under `/api/portfolios`, priced by the market data services. */
export async function registerPortfolios(
  app: FastifyInstance,
  options: {
    auth: Auth;
    db: Db;
    room: PortfolioRoom;
    market: MarketService;
    history: HistoryService;
  },
): Promise<PortfolioService> {
  const portfolios = new PortfolioService({
    db: options.db,
    room: options.room,
    market: new MarketAdapter(options.market, options.history),
  });
  await app.register(portfolioRoutes, { auth: options.auth, portfolios });
  return portfolios;
}
