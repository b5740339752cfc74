import { type KnownBrowserList, knownBrowserIdSchema } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { notFound, parseInput } from '../../http/errors.ts';
import { describeDevice } from './account-sessions.ts';
import type { Auth } from './auth.ts';
import { requireSession } from './guard.ts';
import type { KnownDevices } from './known-device.ts';

/**
 * Settings, Security (docs/PRODUCT.md §3.19): the browsers the account knows, and forgetting
 * one, so that its next sign-in sends a notice. Under `/api/auth` because the device cookie,
 * which tells which of them is this browser, is scoped there.
 */
export const knownDeviceRoutes: FastifyPluginAsync<{
  auth: Auth;
  knownDevices: KnownDevices;
}> = async (app, { auth, knownDevices }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/auth/devices',
    { config: { access: 'user' } },
    async (request): Promise<KnownBrowserList> => {
      const { user } = await requireSession(auth, request);
      const [rows, recognition] = await Promise.all([
        knownDevices.list(user.id),
        knownDevices.recognise(request.headers.cookie, user.email),
      ]);
      const browsers = rows.map((row) => {
        const { browser, os, device } = describeDevice(row.userAgent);
        return {
          id: row.id,
          browser,
          os,
          device,
          firstSeenAt: row.firstSeenAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.id === recognition.deviceId,
        };
      });
      return {
        browsers: [
          ...browsers.filter((item) => item.current),
          ...browsers.filter((item) => !item.current),
        ],
      };
    },
  );

  app.delete('/api/auth/devices/:id', { config: { access: 'user' } }, async (request, reply) => {
    const { user } = await requireSession(auth, request);
    const { id } = parseInput(knownBrowserIdSchema, request.params);
    if (!(await knownDevices.forget(user.id, id))) {
      throw notFound('This browser is not known to the account, or was forgotten already.');
    }
    request.log.info({ userId: user.id }, 'forgot a known browser');
    return reply.status(204).send();
  });
};
