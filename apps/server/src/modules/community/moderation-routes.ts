import {
  appealInputSchema,
  type CommunityBlockList,
  type CommunityStanding,
  dismissInputSchema,
  handleSchema,
  type ModerationLog,
  type ModerationQueue,
  removeInputSchema,
  reportInputSchema,
  restoreInputSchema,
  suspendInputSchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound, parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { staffRoleRoutes } from '../operator/service.ts';
import type { Blocks } from './blocks.ts';
import type { Moderation } from './moderation.ts';

export interface ModerationRoutesOptions {
  auth: Auth;
  moderation: Moderation;
  blocks: Blocks;
}

type IdParams = { Params: { id: string } };
type HandleParams = { Params: { handle: string } };
const user = { config: { access: 'user' as const } };

/** A handle from the path; one that cannot exist is a member that does not. */
function handleOf(raw: string): string {
  const handle = handleSchema.safeParse(raw);
  if (!handle.success) throw notFound('No one in the community has this handle.');
  return handle.data;
}

/**
 * Safety and moderation in the community (docs/PRODUCT.md, "Community"; ADR 0042): the member's
 * standing, appeals, reports of members and blocks; the moderators' queue and decisions (404
 * for anyone else); the operator's list of moderators (`npm run moderator`).
 */
export const moderationRoutes: FastifyPluginAsync<ModerationRoutesOptions> = async (
  app,
  { auth, moderation, blocks },
) => {
  app.get('/api/community/standing', user, async (request, reply): Promise<CommunityStanding> => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return moderation.standing(id);
  });

  app.post<IdParams>('/api/community/posts/:id/appeal', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const { text } = parseInput(appealInputSchema, request.body);
    await moderation.appeal(id, request.params.id, text);
    return reply.status(204).send();
  });

  app.post<HandleParams>('/api/community/users/:handle/report', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const handle = handleOf(request.params.handle);
    const { reason, note } = parseInput(reportInputSchema, request.body);
    await moderation.reportUser(id, handle, reason, note);
    return reply.status(204).send();
  });

  app.get('/api/community/blocks', user, async (request, reply): Promise<CommunityBlockList> => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return blocks.list(id);
  });

  app.put<HandleParams>(
    '/api/community/blocks/:handle',
    user,
    async (request): Promise<CommunityBlockList> => {
      const { id } = await requireUser(auth, request);
      return blocks.block(id, handleOf(request.params.handle));
    },
  );

  app.delete<HandleParams>('/api/community/blocks/:handle', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    await blocks.unblock(id, handleOf(request.params.handle));
    return reply.status(204).send();
  });

  // Moderators only: everyone else gets 404, as for a page that does not exist.
  const moderator = async (request: FastifyRequest) => {
    const { id } = await requireUser(auth, request);
    await moderation.requireModerator(id);
    return id;
  };

  app.get(
    '/api/community/moderation/queue',
    user,
    async (request, reply): Promise<ModerationQueue> => {
      await moderator(request);
      reply.header('cache-control', 'no-store');
      return moderation.queue();
    },
  );

  app.get('/api/community/moderation/log', user, async (request, reply): Promise<ModerationLog> => {
    await moderator(request);
    reply.header('cache-control', 'no-store');
    return moderation.log();
  });

  app.post<IdParams>(
    '/api/community/moderation/posts/:id/restore',
    user,
    async (request, reply) => {
      const id = await moderator(request);
      const { note } = parseInput(restoreInputSchema, request.body ?? {});
      await moderation.restore(id, request.params.id, note);
      return reply.status(204).send();
    },
  );

  app.post<IdParams>('/api/community/moderation/posts/:id/remove', user, async (request, reply) => {
    const id = await moderator(request);
    const { reason } = parseInput(removeInputSchema, request.body);
    await moderation.remove(id, request.params.id, reason);
    return reply.status(204).send();
  });

  app.post<HandleParams>(
    '/api/community/moderation/users/:handle/suspend',
    user,
    async (request, reply) => {
      const id = await moderator(request);
      const { days, reason } = parseInput(suspendInputSchema, request.body);
      await moderation.suspend(id, handleOf(request.params.handle), days, reason);
      return reply.status(204).send();
    },
  );

  app.post<HandleParams>(
    '/api/community/moderation/users/:handle/dismiss',
    user,
    async (request, reply) => {
      const id = await moderator(request);
      const { note } = parseInput(dismissInputSchema, request.body ?? {});
      await moderation.dismiss(id, handleOf(request.params.handle), note);
      return reply.status(204).send();
    },
  );

  // The operator's, for `npm run moderator -- list | grant EMAIL | revoke EMAIL`.
  staffRoleRoutes(app, '/api/operator/moderators', moderation.moderators, () =>
    moderation.listModerators(),
  );
};
