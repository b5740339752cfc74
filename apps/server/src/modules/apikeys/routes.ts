import type { ApiKeyList, CreatedApiKey } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { ApiKeyService } from './service.ts';

/** Managing API keys from Settings: signed-in users only, never with an API key. */
export const apiKeyRoutes: FastifyPluginAsync<{ auth: Auth; apiKeys: ApiKeyService }> = async (
  app,
  { auth, apiKeys },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/api-keys', { config: { access: 'user' } }, async (request): Promise<ApiKeyList> => {
    const user = await requireUser(auth, request);
    return apiKeys.list(user.id);
  });

  app.post(
    '/api/api-keys',
    { config: { access: 'user' } },
    async (request, reply): Promise<CreatedApiKey> => {
      const user = await requireUser(auth, request);
      const created = await apiKeys.create(user.id, request.body);
      reply.status(201);
      return created;
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/api-keys/:id',
    { config: { access: 'user' } },
    async (request, reply) => {
      const user = await requireUser(auth, request);
      await apiKeys.revoke(user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
