import {
  createSupportRequestSchema,
  type SupportQueue,
  type SupportQueueCount,
  type SupportRequest,
  type SupportRequestList,
  supportReplySchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { staffRoleRoutes } from '../operator/service.ts';
import type { SupportDesk } from './support-desk.ts';

export interface SupportRoutesOptions {
  auth: Auth;
  desk: SupportDesk;
}

type IdParams = { Params: { id: string } };
const user = { config: { access: 'user' as const } };
/** A screenshot travels as base64 in JSON: 1 MB of image is about 1.4 MB of text. */
const withScreenshot = { ...user, bodyLimit: 1_500_000 };

/**
 * Support requests (docs/PRODUCT.md §3.27): the user's requests and their threads, the agents'
 * queue (404 for everyone else), and the operator's list of agents (`npm run support`).
 */
export const supportRoutes: FastifyPluginAsync<SupportRoutesOptions> = async (
  app,
  { auth, desk },
) => {
  app.get('/api/support/requests', user, async (request, reply): Promise<SupportRequestList> => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return desk.list(id);
  });

  app.post('/api/support/requests', withScreenshot, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const input = parseInput(createSupportRequestSchema, request.body);
    return reply.status(201).send({ request: await desk.create(id, input) });
  });

  app.get<IdParams>(
    '/api/support/requests/:id',
    user,
    async (request, reply): Promise<SupportRequest> => {
      const { id } = await requireUser(auth, request);
      reply.header('cache-control', 'no-store');
      return desk.request(id, request.params.id);
    },
  );

  app.post<IdParams>('/api/support/requests/:id/messages', withScreenshot, async (request) => {
    const { id } = await requireUser(auth, request);
    const input = parseInput(supportReplySchema, request.body);
    return { request: await desk.reply(id, request.params.id, input) };
  });

  app.post<IdParams>('/api/support/requests/:id/solve', user, async (request) => {
    const { id } = await requireUser(auth, request);
    return { request: await desk.solve(id, request.params.id) };
  });

  app.post<IdParams>('/api/support/requests/:id/reopen', user, async (request) => {
    const { id } = await requireUser(auth, request);
    return { request: await desk.reopen(id, request.params.id) };
  });

  app.get<IdParams>('/api/support/attachments/:id', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const file = await desk.attachment(id, request.params.id);
    return reply
      .header('content-type', file.type)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .send(file.data);
  });

  // Support agents only: everyone else gets 404, as for a page that does not exist.
  app.get('/api/support/queue', user, async (request, reply): Promise<SupportQueue> => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return desk.queue(id);
  });

  app.get('/api/support/queue/count', user, async (request, reply): Promise<SupportQueueCount> => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return desk.queueCount(id);
  });

  // The operator's, for `npm run support -- list | grant EMAIL | revoke EMAIL`.
  staffRoleRoutes(app, '/api/operator/support-agents', desk.agents, () => desk.listAgents());
};
