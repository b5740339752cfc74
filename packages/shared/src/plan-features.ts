import { type Entitlements, entitlementsFor } from './entitlements.ts';
import { planFor, type SubscriptionTier } from './plans.ts';

/**
 * The plan each plan is described against: a pricing card lists what its plan adds to the one
 * before it, so the cards read as steps and never contradict the table.
 */
const buildsOn: Record<SubscriptionTier, SubscriptionTier | null> = {
  free: null,
  pro: 'free',
  enterprise: 'pro',
  alpha: 'enterprise',
};

type Describe = (
  plan: Readonly<Entitlements>,
  base: Readonly<Entitlements> | null,
) => string | null;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One line per entitlement, most valued first; null where the plan has none or adds nothing. */
const describers: readonly Describe[] = [
  ({ aiCallsPerDay: calls }, base) => {
    if (calls === 0 || calls === base?.aiCallsPerDay) return null;
    return base?.aiCallsPerDay
      ? `${calls} AI calls a day`
      : `AI tools with ${calls} AI calls a day`;
  },
  ({ marketData }, base) => {
    if (base && base.marketData.kind === marketData.kind) return null;
    return marketData.kind === 'realtime'
      ? 'Real-time market data'
      : `Basic market data, delayed ${marketData.delayMinutes} minutes`;
  },
  ({ customAlerts }, base) =>
    customAlerts === 0 || customAlerts === base?.customAlerts
      ? null
      : `${customAlerts} custom alerts`,
  ({ watchlists, watchlistSymbols }, base) => {
    if (watchlists === base?.watchlists && watchlistSymbols === base.watchlistSymbols) return null;
    return watchlists === 1
      ? `1 watchlist of up to ${watchlistSymbols} symbols`
      : `${watchlists} watchlists of up to ${watchlistSymbols} symbols each`;
  },
  ({ savedScreens }, base) =>
    savedScreens === base?.savedScreens
      ? null
      : `${plural(savedScreens, 'saved screen', 'saved screens')} with entry alerts`,
  ({ portfolios }, base) =>
    portfolios === base?.portfolios ? null : plural(portfolios, 'portfolio', 'portfolios'),
  ({ courses }, base) => {
    if (base && courses === base.courses) return null;
    return courses === null
      ? 'Unlimited courses'
      : plural(courses, 'learning course', 'learning courses');
  },
  ({ postsPerMonth: posts, repliesPerMonth: replies }, base) => {
    if (base && posts === base.postsPerMonth && replies === base.repliesPerMonth) return null;
    if (posts === null && replies === null) return 'Unlimited posts and replies';
    const postText = posts === null ? 'unlimited community posts' : `${posts} community posts`;
    const replyText = replies === null ? 'unlimited replies' : `${replies} replies`;
    return `${postText[0]?.toUpperCase()}${postText.slice(1)} and ${replyText} a month`;
  },
  ({ apiAccess }, base) => (apiAccess && !base?.apiAccess ? 'API access' : null),
  ({ prioritySupport }, base) =>
    prioritySupport && !base?.prioritySupport ? 'Priority support' : null,
  ({ integrations }, base) => (integrations && !base?.integrations ? 'Integrations' : null),
  ({ teamManagement }, base) =>
    teamManagement && !base?.teamManagement ? 'Team management' : null,
  ({ earlyAccess }, base) => (earlyAccess && !base?.earlyAccess ? 'Early access features' : null),
];

/**
 * What a plan includes, in words, from the entitlements table (the pricing cards, plan change
 * and checkout show it). Free and Pro list everything; Enterprise and Alpha start with
 * 'Everything in {the plan before}' and list what they add.
 */
export function planFeatures(tier: SubscriptionTier): string[] {
  const base = buildsOn[tier];
  const baseEntitlements = base ? entitlementsFor(base) : null;
  const own = describers
    .map((describe) => describe(entitlementsFor(tier), baseEntitlements))
    .filter((line): line is string => line !== null);
  return base && base !== 'free' ? [`Everything in ${planFor(base).name}`, ...own] : own;
}
