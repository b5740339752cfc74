import { type SubscriptionTier, subscriptionTierSchema } from '@tickerwise/shared';
import { useLocation } from 'react-router';
import { chosenPlanKey } from './signup-path.ts';

/**
 * docs/PRODUCT.md §3.4: the plan comes from the address (`?plan=`), else navigation state,
 * else session storage; null when none is a plan.
 */
export function useChosenPlan(): SubscriptionTier | null {
  const location = useLocation();
  const fromAddress = new URLSearchParams(location.search).get('plan');
  const fromState = (location.state as { plan?: unknown } | null)?.plan;
  for (const candidate of [fromAddress, fromState, sessionStorage.getItem(chosenPlanKey)]) {
    const parsed = subscriptionTierSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return null;
}

export function forgetChosenPlan(): void {
  sessionStorage.removeItem(chosenPlanKey);
}
