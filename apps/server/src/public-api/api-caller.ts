import type { SubscriptionTier } from '@tickerwise/shared';

/** Who is calling the public API: the owner of the API key the request carried. */
export interface ApiCaller {
  keyId: string;
  /** The key's owner: every answer is about this user's data or data everyone may see. */
  userId: string;
  tier: SubscriptionTier;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on `apikey` routes before the handler runs (see `http/route-access.ts`). */
    apiCaller?: ApiCaller;
  }
}

/** The caller of an `apikey` route; route access has already checked the key. */
export function apiCallerOf(request: { apiCaller?: ApiCaller }): ApiCaller {
  if (!request.apiCaller) throw new Error('An apikey route ran without an API key check');
  return request.apiCaller;
}
