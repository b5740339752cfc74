import {
  cheapestTierWith,
  type Entitlements,
  entitlementsFor,
  type Feature,
  hasFeature,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { useMemo } from 'react';
import { useAuth } from './auth-provider.tsx';

export interface PlanEntitlements {
  tier: SubscriptionTier;
  /** What the plan may do: limits per period and per list, and yes/no abilities. */
  limits: Readonly<Entitlements>;
  has(feature: Feature): boolean;
  /** The cheapest plan that has a feature the user's plan lacks (null when it has it). */
  upgradeFor(feature: Feature): SubscriptionTier | null;
}

/** A plan's entitlements, from the table in `packages/shared` that the server enforces. */
export function planEntitlements(tier: SubscriptionTier): PlanEntitlements {
  return {
    tier,
    limits: entitlementsFor(tier),
    has: (feature) => hasFeature(tier, feature),
    upgradeFor: (feature) => (hasFeature(tier, feature) ? null : cheapestTierWith(feature)),
  };
}

/**
 * What the signed-in user's plan may do, or null while nobody is signed in. Screens use it to
 * show limits and upgrade prompts up front; the server still decides (402 or 429).
 */
export function useEntitlements(): PlanEntitlements | null {
  const auth = useAuth();
  const tier = auth.status === 'signed-in' ? auth.user.subscription_tier : null;
  return useMemo(() => (tier ? planEntitlements(tier) : null), [tier]);
}
