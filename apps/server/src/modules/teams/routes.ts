import {
  type Team,
  type TeamActivity,
  type TeamAnswer,
  teamAcceptSchema,
  teamInviteSchema,
  teamNameInputSchema,
  teamRoleChangeSchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { TeamService } from './teams.ts';

type IdParams = { Params: { id: string } };
type MemberParams = { Params: { userId: string } };
const user = { config: { access: 'user' as const } };

const activityQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

/** The team page (`/dashboard/team`, docs/PRODUCT.md §3.26) and its audit log. */
export const teamRoutes: FastifyPluginAsync<{ auth: Auth; teams: TeamService }> = async (
  app,
  { auth, teams },
) => {
  app.get('/api/team', user, async (request, reply): Promise<TeamAnswer> => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return teams.view(id);
  });

  app.post('/api/team', user, async (request, reply) => {
    const actor = await requireUser(auth, request);
    const { name } = parseInput(teamNameInputSchema, request.body);
    return reply.status(201).send({ team: await teams.create(actor, name) });
  });

  app.patch('/api/team', user, async (request): Promise<{ team: Team }> => {
    const actor = await requireUser(auth, request);
    const { name } = parseInput(teamNameInputSchema, request.body);
    return { team: await teams.rename(actor, name) };
  });

  app.delete('/api/team', user, async (request, reply) => {
    const actor = await requireUser(auth, request);
    await teams.delete(actor);
    return reply.status(204).send();
  });

  app.post('/api/team/invitations', user, async (request, reply) => {
    const actor = await requireUser(auth, request);
    const input = parseInput(teamInviteSchema, request.body);
    return reply.status(201).send({ team: await teams.invite(actor, input) });
  });

  app.delete<IdParams>(
    '/api/team/invitations/:id',
    user,
    async (request): Promise<{ team: Team }> => {
      const actor = await requireUser(auth, request);
      return { team: await teams.revoke(actor, request.params.id) };
    },
  );

  app.post('/api/team/invitations/accept', user, async (request): Promise<{ team: Team }> => {
    const actor = await requireUser(auth, request);
    const { token } = parseInput(teamAcceptSchema, request.body);
    return { team: await teams.accept(actor, token) };
  });

  app.patch<MemberParams>(
    '/api/team/members/:userId',
    user,
    async (request): Promise<{ team: Team }> => {
      const actor = await requireUser(auth, request);
      const { role } = parseInput(teamRoleChangeSchema, request.body);
      return { team: await teams.changeRole(actor, request.params.userId, role) };
    },
  );

  app.delete<MemberParams>(
    '/api/team/members/:userId',
    user,
    async (request): Promise<{ team: Team }> => {
      const actor = await requireUser(auth, request);
      return { team: await teams.remove(actor, request.params.userId) };
    },
  );

  app.post('/api/team/leave', user, async (request, reply) => {
    const actor = await requireUser(auth, request);
    await teams.leave(actor);
    return reply.status(204).send();
  });

  app.get('/api/team/activity', user, async (request, reply): Promise<TeamActivity> => {
    const { id } = await requireUser(auth, request);
    const { before } = parseInput(activityQuery, request.query);
    reply.header('cache-control', 'no-store');
    return teams.activity(id, before);
  });

  app.get('/api/team/activity.csv', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const { csv } = await teams.activityCsv(id);
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="team-activity.csv"')
      .send(csv);
  });
};
