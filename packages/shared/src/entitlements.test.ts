import { describe, expect, it } from 'vitest';
import {
  cheapestTierAllowing,
  cheapestTierWith,
  entitlementsByTier,
  entitlementsFor,
  hasFeature,
  quotaNames,
  quotas,
} from './entitlements.ts';
import { entitlementsSchema } from './usage.ts';

describe('entitlements', () => {
  it('gives the plan table its AI calls a day', () => {
    expect(entitlementsFor('free').aiCallsPerDay).toBe(0);
    expect(entitlementsFor('pro').aiCallsPerDay).toBe(50);
    expect(entitlementsFor('enterprise').aiCallsPerDay).toBe(200);
    expect(entitlementsFor('alpha').aiCallsPerDay).toBe(200);
    expect(quotas.aiCalls.limit('pro')).toBe(50);
    // Model calls count failures too: a day of credits and as many failed calls.
    for (const tier of ['free', 'pro', 'enterprise', 'alpha'] as const) {
      expect(quotas.modelCalls.limit(tier)).toBe(2 * entitlementsFor(tier).aiCallsPerDay);
    }
    expect(quotas.modelCalls.limit('pro')).toBe(100);
  });

  it('sizes watchlists per plan', () => {
    expect(entitlementsFor('free')).toMatchObject({ watchlists: 1, watchlistSymbols: 20 });
    expect(entitlementsFor('pro')).toMatchObject({ watchlists: 10, watchlistSymbols: 100 });
    expect(entitlementsFor('alpha')).toMatchObject({ watchlists: 50, watchlistSymbols: 500 });
  });

  it('keeps API access to Enterprise and Alpha', () => {
    expect(hasFeature('free', 'apiAccess')).toBe(false);
    expect(hasFeature('pro', 'apiAccess')).toBe(false);
    expect(hasFeature('enterprise', 'apiAccess')).toBe(true);
    expect(hasFeature('alpha', 'apiAccess')).toBe(true);
    expect(cheapestTierWith('apiAccess')).toBe('enterprise');
  });

  it('delays market data 15 minutes on Free only', () => {
    expect(entitlementsFor('free').marketData).toEqual({ kind: 'delayed', delayMinutes: 15 });
    expect(hasFeature('pro', 'realtimeData')).toBe(true);
    expect(hasFeature('free', 'customAlerts')).toBe(false);
    expect(cheapestTierWith('customAlerts')).toBe('pro');
  });

  it('gives Alpha everything in Enterprise plus early access', () => {
    const { earlyAccess, ...alpha } = entitlementsFor('alpha');
    const { earlyAccess: enterpriseEarly, ...enterprise } = entitlementsFor('enterprise');
    expect(alpha).toEqual(enterprise);
    expect(earlyAccess).toBe(true);
    expect(enterpriseEarly).toBe(false);
  });

  it('sends a user at a limit to the cheapest paid plan that allows more, if any', () => {
    expect(cheapestTierAllowing('watchlists', 2)).toBe('pro');
    expect(cheapestTierAllowing('watchlists', 11)).toBe('enterprise');
    expect(cheapestTierAllowing('watchlists', 51)).toBeNull();
    expect(cheapestTierAllowing('aiCallsPerDay', 1)).toBe('pro');
    expect(cheapestTierAllowing('portfolios', 2)).toBe('pro');
  });

  it('lists every quota once and sends each plan in the shape the API promises', () => {
    expect(quotaNames).toEqual(['aiCalls', 'modelCalls']);
    for (const entitlements of Object.values(entitlementsByTier)) {
      expect(entitlementsSchema.parse(entitlements)).toEqual(entitlements);
    }
  });
});
