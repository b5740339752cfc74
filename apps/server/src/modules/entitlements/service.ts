import {
  type CountLimit,
  entitlementsFor,
  type Feature,
  hasFeature,
  type MarketDataAccess,
  type Quota,
  quotaNames,
  quotas,
  type SubscriptionTier,
  type UsageSummary,
} from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { usage } from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';
import { lockTier, TierMemo, tierOf, tiersOf } from '../profiles/service.ts';
import { periodAround } from './periods.ts';
import { limitReached, quotaExceeded, quotaNotIncluded, upgradeRequired } from './refusals.ts';
import { type CounterKey, countedUses, countUse, uncountUse } from './usage-counter.ts';

/** Whose plan it is: any signed-in user. */
export interface Member {
  id: string;
}

/** A quota as it stands in the current period. */
export interface QuotaStanding {
  used: number;
  limit: number;
  /** When the count starts again from 0: the end of the UTC day or month. */
  resetsAt: Date;
}

/** One use counted against a quota, which can be given back if the work it paid for failed. */
export interface Consumption extends QuotaStanding {
  refund(): Promise<void>;
}

/**
 * The NOTIFY channel on which the database names a user whose plan changed (trigger
 * `announce_api_access_change`, migration 0012; it also names users whose API keys changed).
 */
export const planChangedChannel = 'api_access_changed';

/**
 * What a user's plan allows (the entitlements table in packages/shared), enforced: yes/no
 * features, quotas that reset each UTC period, and limits on how many of something a user
 * keeps. Refusals name the plan that would allow it: 402 `upgrade_required` (or
 * `plan_limit_reached` on the largest plan), 429 `quota_exceeded` with the reset time.
 */
export function createEntitlementService({ db, clock }: { db: Db; clock: Clock }) {
  // Plans read where a route is asked many times a second; forgotten on every announced change.
  const tiers = new TierMemo(() => clock().getTime());
  // Lookups under way, by user: the requests that find no plan remembered wait for one query.
  const tierLookups = new Map<string, { epoch: number; tier: Promise<SubscriptionTier> }>();
  function memoTier(userId: string): Promise<SubscriptionTier> {
    const epoch = tiers.epoch();
    const running = tierLookups.get(userId);
    if (running && running.epoch === epoch) return running.tier;
    const lookup = {
      epoch,
      tier: tierOf(db, userId)
        .then((tier) => {
          tiers.remember(userId, tier, epoch);
          return tier;
        })
        .finally(() => {
          if (tierLookups.get(userId) === lookup) tierLookups.delete(userId);
        }),
    };
    tierLookups.set(userId, lookup);
    return lookup.tier;
  }
  function keyOf(member: Member, quota: Quota, now: Date) {
    const period = periodAround(quotas[quota].period, now);
    const key: CounterKey = { userId: member.id, quota, periodStart: period.start };
    return { key, resetsAt: period.end };
  }

  async function standing(member: Member, quota: Quota, tier: SubscriptionTier) {
    const { key, resetsAt } = keyOf(member, quota, clock());
    const limit = quotas[quota].limit(tier);
    return { used: Math.min(await countedUses(db, key), limit), limit, resetsAt };
  }

  return {
    /** The user's tier when it includes `feature`; otherwise 402 naming the plan that does. */
    async requireEntitlement(member: Member, feature: Feature): Promise<SubscriptionTier> {
      const tier = await tierOf(db, member.id);
      if (!hasFeature(tier, feature)) throw upgradeRequired(feature);
      return tier;
    },

    /** How fresh the prices the user's plan sees are: real-time, or delayed (docs/PRODUCT.md §7.5). */
    async marketData(member: Member): Promise<MarketDataAccess> {
      const tier = tiers.get(member.id) ?? (await memoTier(member.id));
      return entitlementsFor(tier).marketData;
    },

    /** `marketData` at once when the user's plan is remembered; undefined when it must be read. */
    knownMarketData(member: Member): MarketDataAccess | undefined {
      const tier = tiers.get(member.id);
      return tier === undefined ? undefined : entitlementsFor(tier).marketData;
    },

    /** The user's plan changed (announced by the database): read it afresh next time. */
    forgetTier(userId: string): void {
      tiers.forgetUser(userId);
    },

    /** Announcements may have been missed: read every plan afresh. */
    forgetTiers(): void {
      tiers.clear();
    },

    /** Of these users, those whose plan includes `feature` now, in one query. */
    async membersWith(userIds: readonly string[], feature: Feature): Promise<Set<string>> {
      const tiers = await tiersOf(db, userIds);
      return new Set([...tiers].filter(([, tier]) => hasFeature(tier, feature)).map(([id]) => id));
    },

    /**
     * For a caller whose tier is already known (an API key remembers its owner's, and forgets
     * it when the plan changes): 402 naming the plan that has `feature` unless `tier` has it.
     */
    requireFeatureOf(tier: SubscriptionTier, feature: Feature): void {
      if (!hasFeature(tier, feature)) throw upgradeRequired(feature);
    },

    /**
     * Counts one use of `quota` for the user, exactly: of any number of requests at once,
     * only as many as the plan allows this period get through; the others get 429 with the
     * reset time. A plan without the quota gets 402.
     */
    async consumeQuota(member: Member, quota: Quota): Promise<Consumption> {
      const now = clock();
      const tier = await tierOf(db, member.id);
      const limit = quotas[quota].limit(tier);
      if (limit <= 0) throw quotaNotIncluded(quota, tier);
      const { key, resetsAt } = keyOf(member, quota, now);
      const used = await countUse(db, key, limit);
      if (used === null) throw quotaExceeded(quota, tier, limit, resetsAt, now);
      return { used, limit, resetsAt, refund: () => uncountUse(db, key) };
    },

    /** Used / limit / reset time of a quota now (the dashboard's AI Credits card). */
    async usageOf(member: Member, quota: Quota): Promise<QuotaStanding> {
      return standing(member, quota, await tierOf(db, member.id));
    },

    /** `GET /api/me/usage`: the user's plan, what it allows, and every quota's standing. */
    async summary(member: Member): Promise<UsageSummary> {
      const tier = await tierOf(db, member.id);
      const entries = await Promise.all(
        quotaNames.map(async (quota) => {
          const { used, limit, resetsAt } = await standing(member, quota, tier);
          return [quota, { used, limit, resetsAt: resetsAt.toISOString() }] as const;
        }),
      );
      return {
        tier,
        entitlements: entitlementsFor(tier),
        quotas: Object.fromEntries(entries) as UsageSummary['quotas'],
      };
    },

    /** The user's usage counts in the data export. */
    dataPart: {
      name: 'usage',
      tables: [usage],
      async collect(userId: string) {
        const rows = await db
          .select({ quota: usage.quota, periodStart: usage.periodStart, count: usage.count })
          .from(usage)
          .where(eq(usage.userId, userId))
          .orderBy(usage.periodStart);
        return rows.map(plainRow);
      },
    } satisfies UserDataPart,

    /**
     * For a feature whose rows the user keeps (watchlists, alerts, portfolios): inside the
     * caller's transaction (`tx` only), locks the user's tier, counts with `countNow` what
     * they have, and refuses with 402 naming the limit when `adding` more would pass it. The
     * lock holds until the caller's insert commits, so requests at once cannot overshoot.
     */
    async requireRoomFor(
      tx: Db,
      member: Member,
      limit: CountLimit,
      countNow: () => Promise<number>,
      adding = 1,
    ): Promise<void> {
      const tier = await lockTier(tx, member.id);
      const allowed = entitlementsFor(tier)[limit];
      const needed = (await countNow()) + adding;
      if (needed > allowed) throw limitReached(limit, tier, allowed, needed);
    },
  };
}

export type EntitlementService = ReturnType<typeof createEntitlementService>;
