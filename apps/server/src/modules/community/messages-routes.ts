import {
  type ConversationList,
  type ConversationPage,
  dismissInputSchema,
  type MessageSettings,
  type ModerationMessages,
  messageInputSchema,
  messageSettingsInputSchema,
  muteInputSchema,
  removeInputSchema,
  reportInputSchema,
  type StartedConversation,
  startConversationInputSchema,
  type UnreadMessages,
} from '@tickerwise/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { MessageStore } from './messages.ts';
import type { MessageModeration } from './messages-moderation.ts';
import type { Moderation } from './moderation.ts';

export interface MessageRoutesOptions {
  auth: Auth;
  messages: MessageStore;
  messageModeration: MessageModeration;
  /** Who is a moderator (the moderators' routes are 404 for anyone else). */
  moderation: Moderation;
}

type IdParams = { Params: { id: string } };
const user = { config: { access: 'user' as const } };
const pageQuerySchema = z.object({ cursor: z.string().max(200).optional() });
const olderQuerySchema = z.object({ before: z.string().max(200).optional() });

/**
 * Direct messages (docs/PRODUCT.md, "Community": "Messages"; ADR 0049): a member's
 * conversations, each conversation's pages, sending, reading, muting and reporting; who may
 * message them; the moderators' queue of reported messages.
 */
export const messageRoutes: FastifyPluginAsync<MessageRoutesOptions> = async (
  app,
  { auth, messages, messageModeration, moderation },
) => {
  app.get(
    '/api/community/conversations',
    user,
    async (request, reply): Promise<ConversationList> => {
      const { id } = await requireUser(auth, request);
      reply.header('cache-control', 'no-store');
      const { cursor } = parseInput(pageQuerySchema, request.query);
      return messages.list(id, cursor);
    },
  );

  app.get(
    '/api/community/conversations/unread',
    user,
    async (request, reply): Promise<UnreadMessages> => {
      const { id } = await requireUser(auth, request);
      reply.header('cache-control', 'no-store');
      return messages.unread(id);
    },
  );

  app.post('/api/community/conversations', user, async (request): Promise<StartedConversation> => {
    const { id } = await requireUser(auth, request);
    const { handle } = parseInput(startConversationInputSchema, request.body);
    return messages.start(id, handle);
  });

  app.get<IdParams>(
    '/api/community/conversations/:id',
    user,
    async (request, reply): Promise<ConversationPage> => {
      const { id } = await requireUser(auth, request);
      reply.header('cache-control', 'no-store');
      const { before } = parseInput(olderQuerySchema, request.query);
      return messages.page(id, request.params.id, before);
    },
  );

  app.post<IdParams>('/api/community/conversations/:id/messages', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const { body } = parseInput(messageInputSchema, request.body);
    const message = await messages.send(id, request.params.id, body);
    return reply.status(201).send({ message });
  });

  app.post<IdParams>('/api/community/conversations/:id/read', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    await messages.read(id, request.params.id);
    return reply.status(204).send();
  });

  app.put<IdParams>('/api/community/conversations/:id/mute', user, async (request) => {
    const { id } = await requireUser(auth, request);
    const { muted } = parseInput(muteInputSchema, request.body);
    return messages.mute(id, request.params.id, muted);
  });

  app.post<IdParams>('/api/community/messages/:id/report', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const { reason, note } = parseInput(reportInputSchema, request.body);
    await messages.report(id, request.params.id, reason, note);
    return reply.status(204).send();
  });

  app.put('/api/community/message-settings', user, async (request): Promise<MessageSettings> => {
    const { id } = await requireUser(auth, request);
    return messages.setSettings(id, parseInput(messageSettingsInputSchema, request.body));
  });

  // Moderators only: everyone else gets 404, as for a page that does not exist.
  const moderator = async (request: FastifyRequest) => {
    const { id } = await requireUser(auth, request);
    await moderation.requireModerator(id);
    return id;
  };

  app.get(
    '/api/community/moderation/messages',
    user,
    async (request, reply): Promise<ModerationMessages> => {
      await moderator(request);
      reply.header('cache-control', 'no-store');
      return messageModeration.queue();
    },
  );

  app.post<IdParams>(
    '/api/community/moderation/messages/:id/remove',
    user,
    async (request, reply) => {
      const id = await moderator(request);
      const { reason } = parseInput(removeInputSchema, request.body);
      await messageModeration.remove(id, request.params.id, reason);
      return reply.status(204).send();
    },
  );

  app.post<IdParams>(
    '/api/community/moderation/messages/:id/dismiss',
    user,
    async (request, reply) => {
      const id = await moderator(request);
      const { note } = parseInput(dismissInputSchema, request.body ?? {});
      await messageModeration.dismiss(id, request.params.id, note);
      return reply.status(204).send();
    },
  );
};
