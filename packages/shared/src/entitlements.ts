import { type PaidTier, paidTiers, type subscriptionTiers } from './tiers.ts';

type Tier = (typeof subscriptionTiers)[number];

/** How fresh the prices a plan sees are. */
export type MarketDataAccess = { kind: 'realtime' } | { kind: 'delayed'; delayMinutes: number };

/**
 * What each plan may do: the product's plan table (docs/PRODUCT.md, "Plans and entitlements")
 * in one place. The server enforces it; the web reads it to show limits and upgrade prompts,
 * and the pricing cards describe plans from it. `null` means unlimited.
 *
 * Kept free of zod so the pricing page and first-load code can import it cheaply.
 */
export interface Entitlements {
  /** Written analyses and questions to the AI analyst, per UTC day. */
  aiCallsPerDay: number;
  /**
   * Calls to the language model a user's requests may start per UTC day, each counted when
   * it starts, whether it then fails or not (a failed call gives its AI credit back, never
   * this): twice `aiCallsPerDay`, so a day of credits and as many failures fit.
   */
  modelCallsPerDay: number;
  /** Custom price and indicator alerts that may exist at once. */
  customAlerts: number;
  /** Named watchlists, and symbols in each. */
  watchlists: number;
  watchlistSymbols: number;
  /** Screener screens a user may save (each may alert when a symbol enters it). */
  savedScreens: number;
  /** Portfolios a user may track. */
  portfolios: number;
  /**
   * Transactions a portfolio may hold, and all the user's portfolios together: bounds the
   * work of valuing a ledger (docs/PRODUCT.md 3.18).
   */
  transactionsPerPortfolio: number;
  transactionsPerAccount: number;
  /** Keys for the read-only public API under /api/v1. */
  apiAccess: boolean;
  marketData: MarketDataAccess;
  /** Learning courses open to the plan. */
  courses: number | null;
  /** Community posts and replies per calendar month (UTC). */
  postsPerMonth: number | null;
  repliesPerMonth: number | null;
  prioritySupport: boolean;
  integrations: boolean;
  teamManagement: boolean;
  /** Team members besides the owner, and open invitations, a team may have (§3.25). */
  teamSeats: number;
  earlyAccess: boolean;
}

const enterprise: Entitlements = {
  aiCallsPerDay: 200,
  modelCallsPerDay: 400,
  customAlerts: 200,
  watchlists: 50,
  watchlistSymbols: 500,
  savedScreens: 100,
  portfolios: 10,
  transactionsPerPortfolio: 50_000,
  transactionsPerAccount: 100_000,
  apiAccess: true,
  marketData: { kind: 'realtime' },
  courses: null,
  postsPerMonth: null,
  repliesPerMonth: null,
  prioritySupport: true,
  integrations: true,
  teamManagement: true,
  teamSeats: 5,
  earlyAccess: false,
};

export const entitlementsByTier: Readonly<Record<Tier, Readonly<Entitlements>>> = {
  free: {
    aiCallsPerDay: 0,
    modelCallsPerDay: 0,
    customAlerts: 0,
    watchlists: 1,
    watchlistSymbols: 20,
    savedScreens: 1,
    portfolios: 1,
    transactionsPerPortfolio: 2_000,
    transactionsPerAccount: 2_000,
    apiAccess: false,
    marketData: { kind: 'delayed', delayMinutes: 15 },
    courses: 3,
    postsPerMonth: 5,
    repliesPerMonth: 10,
    prioritySupport: false,
    integrations: false,
    teamManagement: false,
    teamSeats: 0,
    earlyAccess: false,
  },
  pro: {
    aiCallsPerDay: 50,
    modelCallsPerDay: 100,
    customAlerts: 50,
    watchlists: 10,
    watchlistSymbols: 100,
    savedScreens: 20,
    portfolios: 10,
    transactionsPerPortfolio: 20_000,
    transactionsPerAccount: 50_000,
    apiAccess: false,
    marketData: { kind: 'realtime' },
    courses: null,
    postsPerMonth: 50,
    repliesPerMonth: 100,
    prioritySupport: false,
    integrations: false,
    teamManagement: false,
    teamSeats: 0,
    earlyAccess: false,
  },
  enterprise,
  // Everything in Enterprise plus early access features.
  alpha: { ...enterprise, earlyAccess: true },
};

export function entitlementsFor(tier: Tier): Readonly<Entitlements> {
  return entitlementsByTier[tier];
}

/** Yes/no abilities a screen or route may require. */
export type Feature =
  | 'aiAnalysis'
  | 'customAlerts'
  | 'apiAccess'
  | 'realtimeData'
  | 'integrations'
  | 'teamManagement';

export function hasFeature(tier: Tier, feature: Feature): boolean {
  const plan = entitlementsFor(tier);
  switch (feature) {
    case 'aiAnalysis':
      return plan.aiCallsPerDay > 0;
    case 'customAlerts':
      return plan.customAlerts > 0;
    case 'apiAccess':
      return plan.apiAccess;
    case 'realtimeData':
      return plan.marketData.kind === 'realtime';
    case 'integrations':
      return plan.integrations;
    case 'teamManagement':
      return plan.teamManagement;
  }
}

/** The cheapest plan that has a feature: where an upgrade prompt sends the user. */
export function cheapestTierWith(feature: Feature): Tier {
  return hasFeature('pro', feature) ? 'pro' : 'enterprise';
}

/** Counters that reset each UTC period, consumed one at a time. */
export const quotas = {
  aiCalls: { period: 'day', limit: (tier: Tier) => entitlementsFor(tier).aiCallsPerDay },
  /** Every call to the language model, counted as it starts and never given back. */
  modelCalls: { period: 'day', limit: (tier: Tier) => entitlementsFor(tier).modelCallsPerDay },
} as const satisfies Record<string, { period: 'day' | 'month'; limit: (tier: Tier) => number }>;
export type Quota = keyof typeof quotas;

/** Every quota, for the usage table and `GET /api/me/usage`. */
export const quotaNames = Object.keys(quotas) as [Quota, ...Quota[]];

/** How many of something a user may keep at once (counted from their rows, not per period). */
export type CountLimit =
  | 'watchlists'
  | 'watchlistSymbols'
  | 'savedScreens'
  | 'customAlerts'
  | 'portfolios'
  | 'transactionsPerPortfolio'
  | 'transactionsPerAccount';

/**
 * The cheapest paid plan whose `limit` allows at least `needed`: where an upgrade prompt sends
 * a user who reached their plan's limit. Null when no plan allows that many.
 */
export function cheapestTierAllowing(
  limit: CountLimit | 'aiCallsPerDay',
  needed: number,
): PaidTier | null {
  return paidTiers.find((tier) => entitlementsFor(tier)[limit] >= needed) ?? null;
}
