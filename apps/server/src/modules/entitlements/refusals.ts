import {
  type CountLimit,
  cheapestTierAllowing,
  cheapestTierWith,
  type Feature,
  type PaidTier,
  paidTiers,
  planFor,
  type Quota,
  quotas,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { AppError } from '../../http/errors.ts';

/** How each refusal names what was asked for. */
const features: Record<Feature, string> = {
  aiAnalysis: 'AI analysis is',
  customAlerts: 'Custom alerts are',
  apiAccess: 'API access is',
  realtimeData: 'Real-time market data is',
  integrations: 'Alert integrations (webhooks, Slack, Discord) are',
  teamManagement: 'Teams are',
};

const things: Record<CountLimit | Quota, [one: string, many: string]> = {
  watchlists: ['watchlist', 'watchlists'],
  watchlistSymbols: ['symbol in a watchlist', 'symbols in a watchlist'],
  savedScreens: ['saved screen', 'saved screens'],
  customAlerts: ['custom alert', 'custom alerts'],
  portfolios: ['portfolio', 'portfolios'],
  transactionsPerPortfolio: ['transaction in a portfolio', 'transactions in a portfolio'],
  transactionsPerAccount: [
    'transaction across all your portfolios',
    'transactions across all your portfolios',
  ],
  aiCalls: ['AI call', 'AI calls'],
  modelCalls: ['language-model call', 'language-model calls'],
};

const countOf = (count: number, thing: CountLimit | Quota) =>
  `${count.toLocaleString('en-US')} ${things[thing][count === 1 ? 0 : 1]}`;

/** 402: the user's plan does not include `feature`; names the plan that does. */
export function upgradeRequired(feature: Feature): AppError {
  const requiredTier = cheapestTierWith(feature);
  return new AppError(
    402,
    'upgrade_required',
    `${features[feature]} part of the ${planFor(requiredTier).name} plan and up. Upgrade to use it.`,
    undefined,
    undefined,
    { requiredTier },
  );
}

/** The cheapest paid plan whose quota is above `limit`, if any. */
function planWithMore(quota: Quota, limit: number): PaidTier | null {
  return paidTiers.find((tier) => quotas[quota].limit(tier) > limit) ?? null;
}

/** 402: the plan includes none of a quota (Free has no AI calls); names the plan that does. */
export function quotaNotIncluded(quota: Quota, tier: SubscriptionTier): AppError {
  const requiredTier = planWithMore(quota, 0) ?? 'pro';
  return new AppError(
    402,
    'upgrade_required',
    `Your ${planFor(tier).name} plan includes no ${things[quota][1]}. They come with the ${planFor(requiredTier).name} plan and up.`,
    undefined,
    undefined,
    { requiredTier },
  );
}

/**
 * 429: the quota is used up until `resetsAt`, when it starts again (also in Retry-After).
 * AI credits: `quota_exceeded`; model calls, which count the failed ones whose credit was
 * given back: `model_calls_exceeded`, saying so.
 */
export function quotaExceeded(
  quota: Quota,
  tier: SubscriptionTier,
  limit: number,
  resetsAt: Date,
  now: Date,
): AppError {
  const daily = quotas[quota].period === 'day';
  const seconds = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
  const from = daily
    ? '00:00 UTC'
    : `${resetsAt.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' })}, 00:00 UTC`;
  const bigger = planWithMore(quota, limit);
  const more = bigger
    ? ` The ${planFor(bigger).name} plan includes ${quotas[quota].limit(bigger)} a ${daily ? 'day' : 'month'}.`
    : '';
  const counted =
    quota === 'modelCalls'
      ? ' Every call counts, including those that failed and gave their AI credit back.'
      : '';
  return new AppError(
    429,
    quota === 'modelCalls' ? 'model_calls_exceeded' : 'quota_exceeded',
    `You have used all ${countOf(limit, quota)} your ${planFor(tier).name} plan includes ${daily ? 'today' : 'this month'}.${counted} More are available from ${from}.${more}`,
    undefined,
    { 'retry-after': String(seconds) },
    { resetsAt: resetsAt.toISOString() },
  );
}

/** 402: the user has as many as their plan allows; names the limit and the plan with more. */
export function limitReached(
  limit: CountLimit,
  tier: SubscriptionTier,
  allowed: number,
  needed: number,
): AppError {
  const bigger = cheapestTierAllowing(limit, needed);
  const has = `Your ${planFor(tier).name} plan allows ${countOf(allowed, limit)}.`;
  if (!bigger) {
    return new AppError(402, 'plan_limit_reached', `${has} Remove one to make room.`);
  }
  return new AppError(
    402,
    'upgrade_required',
    `${has} Upgrade to ${planFor(bigger).name} for more.`,
    undefined,
    undefined,
    { requiredTier: bigger },
  );
}
