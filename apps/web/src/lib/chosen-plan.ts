import { type SubscriptionTier, subscriptionTierSchema } from '@tickerwise/shared';
import { useLocation } from 'react-router';

/**
 * Session storage key the pricing page writes the plan chosen before sign-up to
 * (docs/PRODUCT.md §3.3).
 */
export const chosenPlanKey = 'selected_plan';

/**
 * docs/PRODUCT.md §3.4: the plan comes from navigation state, else session storage; null when
 * neither is a plan.
 */
export function useChosenPlan(): SubscriptionTier | null {
  const location = useLocation();
  const fromState = (location.state as { plan?: unknown } | null)?.plan;
  const parsed = subscriptionTierSchema.safeParse(
    fromState ?? sessionStorage.getItem(chosenPlanKey),
  );
  return parsed.success ? parsed.data : null;
}

export function forgetChosenPlan(): void {
  sessionStorage.removeItem(chosenPlanKey);
}
