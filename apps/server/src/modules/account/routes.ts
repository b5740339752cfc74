import { dataExportFileName } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../clock.ts';
import { jsonStream } from '../../http/json-text.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { AccountService } from './service.ts';

/** Settings, Your data: the export and closing the account. */
export const accountRoutes: FastifyPluginAsync<{
  auth: Auth;
  account: AccountService;
  clock: Clock;
}> = async (app, { auth, account, clock }) => {
  app.get('/api/me/export', { config: { access: 'user' } }, async (request, reply) => {
    const user = await requireUser(auth, request);
    const data = await account.exportData(user.id);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${dataExportFileName(clock())}"`)
      .type('application/json; charset=utf-8')
      .send(jsonStream(data));
  });

  app.delete('/api/me', { config: { access: 'user' } }, async (request, reply) => {
    const user = await requireUser(auth, request);
    await account.deleteAccount(user.id, request.body);
    // The session row is gone with the user; the browser's cookie goes too.
    const { name, attributes } = (await auth.$context).authCookies.sessionToken;
    const secure = attributes.secure ? '; Secure' : '';
    return reply
      .header('cache-control', 'no-store')
      .header(
        'set-cookie',
        `${name}=; Path=${attributes.path ?? '/'}; Max-Age=0; HttpOnly${secure}`,
      )
      .status(204)
      .send();
  });
};
