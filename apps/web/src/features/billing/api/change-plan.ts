import {
  type PlanChangeResult,
  planChangeResultSchema,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/billing/plan-change`: applied at once, or scheduled for the period end. */
export async function changePlan(plan: SubscriptionTier): Promise<PlanChangeResult> {
  return planChangeResultSchema.parse(
    await apiRequest<unknown>('/api/billing/plan-change', { body: { plan } }),
  );
}
