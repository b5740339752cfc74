/**
 * The subscription tiers (docs/PRODUCT.md §4.1), without zod: the web app's first-load code
 * checks the stored profile against this list and must not pull the schemas in.
 */
export const subscriptionTiers = ['free', 'pro', 'enterprise', 'alpha'] as const;

export function isSubscriptionTier(value: unknown): value is (typeof subscriptionTiers)[number] {
  return subscriptionTiers.some((tier) => tier === value);
}

/**
 * The tiers that cost money: the one answer to "is this tier paid" for checkout, plan moves,
 * the plan catalogue and the server's billing rules. Free and Alpha cost nothing.
 */
export const paidTiers = [
  'pro',
  'enterprise',
] as const satisfies readonly (typeof subscriptionTiers)[number][];
export type PaidTier = (typeof paidTiers)[number];

export function isPaidTier(tier: (typeof subscriptionTiers)[number]): tier is PaidTier {
  return paidTiers.some((paid) => paid === tier);
}
