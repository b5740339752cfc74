import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { RateLimit } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../auth/auth.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { apiKeyRoutes } from './routes.ts';
import { type ApiKeyService, createApiKeyService } from './service.ts';

/**
 * The NOTIFY channel on which the database names the user whose keys were revoked or whose
 * plan changed (trigger `announce_api_access_change`, migration 0012).
 */
const apiAccessChangedChannel = 'api_access_changed';

/** API keys: the service, the Settings routes, and forgetting what every instance announces. */
export async function registerApiKeys(
  app: FastifyInstance,
  options: {
    auth: Auth;
    database: Database;
    clock: Clock;
    entitlements: EntitlementService;
    rateLimit: RateLimit;
    /** Throws unless the password is the user's (shared with deleting the account). */
    confirmPassword: (userId: string, password: string) => Promise<void>;
  },
): Promise<ApiKeyService> {
  const { database } = options;
  const apiKeys = createApiKeyService({
    db: database.db,
    clock: options.clock,
    entitlements: options.entitlements,
    rateLimit: options.rateLimit,
    confirmPassword: options.confirmPassword,
    log: (error) => app.log.warn({ err: error }, 'recording an API key use failed'),
  });
  const unlisten = await database.listen(apiAccessChangedChannel, (userId) =>
    apiKeys.forgetUser(userId),
  );
  const unrestored = database.onListenRestored(() => apiKeys.forgetAll());
  app.addHook('onClose', async () => {
    unrestored();
    await unlisten();
  });
  await app.register(apiKeyRoutes, { auth: options.auth, apiKeys });
  return apiKeys;
}
