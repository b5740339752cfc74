import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ApiKeyList,
  apiKeyListSchema,
  type CreateApiKeyInput,
  type CreatedApiKey,
  createdApiKeySchema,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export const apiKeysKey = ['api-keys'] as const;

/** `GET /api/api-keys`: the user's keys (never their secrets) and the rate limit. */
export async function getApiKeys(): Promise<ApiKeyList> {
  return apiKeyListSchema.parse(await apiRequest<unknown>('/api/api-keys'));
}

export function useApiKeys() {
  return useQuery(queryOptions({ queryKey: apiKeysKey, queryFn: getApiKeys }));
}

/** `POST /api/api-keys`: the only answer that ever holds the secret. */
export async function createApiKey(input: CreateApiKeyInput): Promise<CreatedApiKey> {
  return createdApiKeySchema.parse(await apiRequest<unknown>('/api/api-keys', { body: input }));
}

/** `DELETE /api/api-keys/:id`: the key stops working everywhere at once. */
export async function revokeApiKey(id: string): Promise<void> {
  await apiRequest(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
