import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BillingConfig, billingConfigSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/billing/config`: which card form to show (and Stripe's publishable key). */
export async function getBillingConfig(): Promise<BillingConfig> {
  return billingConfigSchema.parse(await apiRequest<unknown>('/api/billing/config'));
}

export const billingConfigQuery = () =>
  queryOptions({
    queryKey: ['billing', 'config'],
    queryFn: getBillingConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useBillingConfig() {
  return useQuery(billingConfigQuery());
}
