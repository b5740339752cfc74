import { type SymbolSearchResponse, symbolSearchQuerySchema } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../../modules/auth/auth.ts';
import { requireUser } from '../../modules/auth/guard.ts';
import type { SymbolSearch } from './service.ts';

export const symbolRoutes: FastifyPluginAsync<{ auth: Auth; search: SymbolSearch }> = async (
  app,
  { auth, search },
) => {
  app.get(
    '/api/symbols',
    { config: { access: 'user' } },
    async (request, reply): Promise<SymbolSearchResponse> => {
      await requireUser(auth, request);
      const query = parseInput(symbolSearchQuerySchema, request.query);
      reply.header('cache-control', 'private, max-age=60');
      return search.search(query);
    },
  );
};
