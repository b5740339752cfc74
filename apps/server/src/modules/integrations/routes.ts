import {
  type CreatedDestination,
  createDestinationSchema,
  type Delivery,
  type DeliveryList,
  type Destination,
  type DestinationList,
  updateDestinationSchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { Deliveries } from './deliveries.ts';
import type { DestinationStore } from './destinations.ts';

type IdParams = { id: string };

/**
 * Settings > Integrations: the user's alert destinations and their team's, their delivery logs
 * and tests (who may do what: `reachDestination`).
 */
export const integrationRoutes: FastifyPluginAsync<{
  auth: Auth;
  destinations: DestinationStore;
  deliveries: Deliveries;
}> = async (app, { auth, destinations, deliveries }) => {
  app.get(
    '/api/integrations/destinations',
    { config: { access: 'user' } },
    async (request, reply): Promise<DestinationList> => {
      const { id } = await requireUser(auth, request);
      reply.header('cache-control', 'no-store');
      return destinations.list(id);
    },
  );

  app.post(
    '/api/integrations/destinations',
    { config: { access: 'user' } },
    async (request, reply): Promise<CreatedDestination> => {
      const actor = await requireUser(auth, request);
      const input = parseInput(createDestinationSchema, request.body);
      const created = await destinations.create(actor, input);
      reply.code(201).header('cache-control', 'no-store');
      return created;
    },
  );

  app.patch<{ Params: IdParams }>(
    '/api/integrations/destinations/:id',
    { config: { access: 'user' } },
    async (request): Promise<{ destination: Destination }> => {
      const { id } = await requireUser(auth, request);
      const input = parseInput(updateDestinationSchema, request.body);
      return { destination: await destinations.update(id, request.params.id, input) };
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/integrations/destinations/:id',
    { config: { access: 'user' } },
    async (request, reply) => {
      const actor = await requireUser(auth, request);
      await destinations.delete(actor, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/integrations/destinations/:id/deliveries',
    { config: { access: 'user' } },
    async (request, reply): Promise<DeliveryList> => {
      const { id } = await requireUser(auth, request);
      reply.header('cache-control', 'no-store');
      return { deliveries: await deliveries.log(id, request.params.id) };
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/integrations/destinations/:id/test',
    { config: { access: 'user' } },
    async (request, reply): Promise<{ delivery: Delivery }> => {
      const { id } = await requireUser(auth, request);
      const delivery = await deliveries.sendTest(id, request.params.id);
      reply.code(202);
      return { delivery };
    },
  );

  app.post<{ Params: IdParams }>(
    '/api/integrations/deliveries/:id/resend',
    { config: { access: 'user' } },
    async (request, reply): Promise<{ delivery: Delivery }> => {
      const { id } = await requireUser(auth, request);
      const delivery = await deliveries.resend(id, request.params.id);
      reply.code(202);
      return { delivery };
    },
  );
};
