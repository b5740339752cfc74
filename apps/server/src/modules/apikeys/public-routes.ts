import { apiKeyIdentitySchema } from '@tickerwise/shared';
import type { PublicApi } from '../../public-api/public-api.ts';
import type { ApiKeyService } from './service.ts';

/** The key in use, in the public API: a call to check a key works and what it may do. */
export function apiKeyPublicRoutes(api: PublicApi, { apiKeys }: { apiKeys: ApiKeyService }): void {
  api.get('/key', {
    operationId: 'getKey',
    tag: 'Account',
    summary: 'The key in use and its plan',
    description:
      "The key's name and prefix, its owner's plan, and the rate limit every key has. A quick way to check a key works.",
    response: apiKeyIdentitySchema,
    example: {
      key: { name: 'Trading bot', prefix: 'tw_a1B2c3D4' },
      plan: 'enterprise',
      rateLimit: { requests: 60, windowSeconds: 60 },
    },
    handler: ({ caller }) => apiKeys.identity(caller),
  });
}
