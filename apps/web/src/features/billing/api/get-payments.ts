import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PaymentHistory, paymentHistorySchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export const paymentsKey = ['billing', 'payments'] as const;

/** `GET /api/billing/payments`: the user's payments from our records, newest first. */
export async function getPayments(): Promise<PaymentHistory> {
  return paymentHistorySchema.parse(await apiRequest<unknown>('/api/billing/payments'));
}

export function usePayments() {
  return useQuery(queryOptions({ queryKey: paymentsKey, queryFn: getPayments }));
}
