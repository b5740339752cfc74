import {
  type PlanChangeResult,
  planChangeResultSchema,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `POST /api/billing/plan-change`: applied at once, or scheduled for the period end. A move to
 * Alpha Tester carries its invitation code.
 */
export async function changePlan(
  plan: SubscriptionTier,
  invitationCode?: string,
): Promise<PlanChangeResult> {
  return planChangeResultSchema.parse(
    await apiRequest<unknown>('/api/billing/plan-change', { body: { plan, invitationCode } }),
  );
}
