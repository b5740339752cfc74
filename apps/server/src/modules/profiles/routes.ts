import { type RiskProfileResponse, riskAnswersSchema } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { deleteRiskProfile, getMe, savedRiskProfile, saveRiskProfile } from './service.ts';

const signedIn = { config: { access: 'user' as const } };

export const profileRoutes: FastifyPluginAsync<{ auth: Auth; db: Db }> = async (
  app,
  { auth, db },
) => {
  app.get('/api/me', signedIn, async (request, reply) => {
    const user = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return getMe(db, user);
  });

  // The risk assessment's profile, once the user chooses to save it (docs/PRODUCT.md §3.29).
  app.get(
    '/api/me/risk-profile',
    signedIn,
    async (request, reply): Promise<RiskProfileResponse> => {
      const { id } = await requireUser(auth, request);
      reply.header('cache-control', 'no-store');
      return { riskProfile: await savedRiskProfile(db, id) };
    },
  );

  app.put('/api/me/risk-profile', signedIn, async (request): Promise<RiskProfileResponse> => {
    const { id } = await requireUser(auth, request);
    const answers = parseInput(riskAnswersSchema, request.body);
    return { riskProfile: await saveRiskProfile(db, id, answers) };
  });

  app.delete('/api/me/risk-profile', signedIn, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    await deleteRiskProfile(db, id);
    return reply.status(204).send();
  });
};
