import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BillingStatus, billingStatusSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export const billingStatusKey = ['billing', 'subscription'] as const;

/** `GET /api/billing/subscription`: the paid subscription, its period end and any scheduled move. */
export async function getBillingStatus(): Promise<BillingStatus> {
  return billingStatusSchema.parse(await apiRequest<unknown>('/api/billing/subscription'));
}

export const billingStatusQuery = () =>
  queryOptions({ queryKey: billingStatusKey, queryFn: getBillingStatus });

/** Only users on a paid plan have a subscription to ask about. */
export function useBillingStatus(enabled: boolean) {
  return useQuery({ ...billingStatusQuery(), enabled });
}
