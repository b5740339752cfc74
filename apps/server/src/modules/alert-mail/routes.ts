import { type NotificationSettings, updateNotificationPreferencesSchema } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { NotificationPreferenceStore } from './preferences.ts';

/** Settings > Notifications: what the user gets by email, and whether the address is confirmed. */
export const notificationPreferenceRoutes: FastifyPluginAsync<{
  auth: Auth;
  preferences: NotificationPreferenceStore;
}> = async (app, { auth, preferences }) => {
  app.get(
    '/api/notification-preferences',
    { config: { access: 'user' } },
    async (request, reply): Promise<NotificationSettings> => {
      const { id } = await requireUser(auth, request);
      reply.header('cache-control', 'no-store');
      return preferences.settings(id);
    },
  );

  app.patch(
    '/api/notification-preferences',
    { config: { access: 'user' } },
    async (request): Promise<NotificationSettings> => {
      const { id } = await requireUser(auth, request);
      const input = parseInput(updateNotificationPreferencesSchema, request.body);
      return preferences.update(id, input);
    },
  );
};
