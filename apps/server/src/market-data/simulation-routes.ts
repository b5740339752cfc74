import { simulatedPriceSchema } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../http/errors.ts';
import type { SimulatedPriceControl } from './adapters/simulated/price-control.ts';
import type { MarketService } from './quotes/service.ts';

export interface SimulationRoutesOptions {
  market: MarketService;
  control: SimulatedPriceControl;
}

/**
 * The operator steers a simulated price on a test server (SIMULATION_CONTROL): the server
 * takes in a quote at that price at once, as it would a real one, so alerts are checked on it.
 */
export const simulationRoutes: FastifyPluginAsync<SimulationRoutesOptions> = async (
  app,
  { market, control },
) => {
  app.put<{ Params: { symbol: string } }>(
    '/api/simulation/quotes/:symbol',
    { config: { access: 'operator' } },
    async (request) => {
      const { symbol } = await market.security(request.params.symbol);
      const { price } = parseInput(simulatedPriceSchema, request.body);
      control.set(symbol, price);
      const { quote } = await market.refreshQuote(symbol);
      return { symbol, price: quote.price, previousClose: quote.previousClose };
    },
  );

  app.delete<{ Params: { symbol: string } }>(
    '/api/simulation/quotes/:symbol',
    { config: { access: 'operator' } },
    async (request, reply) => {
      const { symbol } = await market.security(request.params.symbol);
      control.clear(symbol);
      await market.refreshQuote(symbol);
      return reply.status(204).send();
    },
  );
};
