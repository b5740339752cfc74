import { type SubscriptionTier, subscriptionTierSchema } from '@tickerwise/shared';

/** The plan a screen was sent with (`navigate(path, { state: { plan } })`), or null. */
export function planFromState(state: unknown): SubscriptionTier | null {
  const parsed = subscriptionTierSchema.safeParse((state as { plan?: unknown } | null)?.plan);
  return parsed.success ? parsed.data : null;
}
