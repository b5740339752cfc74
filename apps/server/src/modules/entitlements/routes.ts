import type { UsageSummary } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { EntitlementService } from './service.ts';

export const entitlementRoutes: FastifyPluginAsync<{
  auth: Auth;
  entitlements: EntitlementService;
}> = async (app, { auth, entitlements }) => {
  app.get(
    '/api/me/usage',
    { config: { access: 'user' } },
    async (request, reply): Promise<UsageSummary> => {
      const user = await requireUser(auth, request);
      reply.header('cache-control', 'no-store');
      return entitlements.summary(user);
    },
  );
};
