import type { CreatedInvitations } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Invitations } from './service.ts';

/**
 * `POST /api/operator/invitations`: invitation codes to the Alpha Tester plan, for
 * `npm run invite` (operators only, docs/decisions/0004). The answer is the only place the
 * codes ever appear.
 */
export const invitationRoutes: FastifyPluginAsync<{ invitations: Invitations }> = async (
  app,
  { invitations },
) => {
  app.post(
    '/api/operator/invitations',
    { config: { access: 'operator' } },
    async (request, reply): Promise<CreatedInvitations> => {
      const created = await invitations.create(request.body);
      reply.status(201).header('cache-control', 'no-store');
      return created;
    },
  );
};
