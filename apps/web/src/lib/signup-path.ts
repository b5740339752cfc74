import { paths, type SubscriptionTier } from '@tickerwise/shared';

/**
 * Session storage key a page writes the plan chosen before sign-up to (docs/PRODUCT.md §3.3).
 * Kept apart from `chosen-plan.ts` so the landing page's links do not load the plan schema.
 */
export const chosenPlanKey = 'selected_plan';

/**
 * Sign-up for a plan: the plan is in the address, so the link works on a prerendered page
 * before its script has loaded (docs/PRODUCT.md §3.3, §3.4).
 */
export function signupPath(plan: SubscriptionTier): string {
  return `${paths.signup}?plan=${plan}`;
}
