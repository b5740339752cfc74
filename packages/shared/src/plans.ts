import { isPaidTier, type subscriptionTiers } from './tiers.ts';

export {
  isPaidTier,
  isSubscriptionTier,
  type PaidTier,
  paidTiers,
  subscriptionTiers,
} from './tiers.ts';
export type SubscriptionTier = (typeof subscriptionTiers)[number];

export interface Plan {
  tier: SubscriptionTier;
  name: string;
  /** US dollars per month. */
  price: number;
  description: string;
  /** True only for pro and enterprise (docs/PRODUCT.md §4.1): `isPaidTier` of its tier. */
  requiresPayment: boolean;
}

/** The plan catalogue of docs/PRODUCT.md §4.1: one source for every screen and rule. */
const catalogue: readonly Omit<Plan, 'requiresPayment'>[] = [
  {
    tier: 'free',
    name: 'Free',
    price: 0,
    description: 'Learn the basics and follow the market at your own pace.',
  },
  {
    tier: 'pro',
    name: 'Pro',
    price: 19.99,
    description: 'AI analysis and real-time data for active investors.',
  },
  {
    tier: 'enterprise',
    name: 'Enterprise',
    price: 49.99,
    description: 'For professionals and teams who need more power and support.',
  },
  {
    tier: 'alpha',
    name: 'Alpha Tester',
    price: 0,
    description: 'Everything in Enterprise, plus early access to new features as we build them.',
  },
];

export const plans: readonly Plan[] = catalogue.map((plan) => ({
  ...plan,
  requiresPayment: isPaidTier(plan.tier),
}));

export function planFor(tier: SubscriptionTier): Plan {
  const plan = plans.find((candidate) => candidate.tier === tier);
  if (!plan) throw new Error(`Unknown tier ${tier}`);
  return plan;
}

/** How a tier reads in the app: 'Free', 'Pro', 'Enterprise', 'Alpha' (as in '{Tier} Plan'). */
export function tierLabel(tier: SubscriptionTier): string {
  return tier === 'alpha' ? 'Alpha' : planFor(tier).name;
}

export function formatPrice(price: number): string {
  return `$${price.toFixed(2)}`;
}

/**
 * docs/PRODUCT.md §6.2: a move needs payment only from a plan that does not require payment to
 * one that does (free or alpha to pro or enterprise); it goes to checkout.
 */
export function isPaidUpgrade(current: SubscriptionTier, target: SubscriptionTier): boolean {
  return !isPaidTier(current) && isPaidTier(target);
}
