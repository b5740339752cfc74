/**
 * The subscription tiers (SPEC.md section 4), without zod: the web app's first-load code
 * checks the stored profile against this list and must not pull the schemas in.
 */
export const subscriptionTiers = ['free', 'pro', 'enterprise', 'alpha'] as const;

export function isSubscriptionTier(value: unknown): value is (typeof subscriptionTiers)[number] {
  return subscriptionTiers.some((tier) => tier === value);
}
