import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { planEntitlements, useEntitlements } from './use-entitlements.ts';

describe('a plan’s entitlements in the web app', () => {
  it('keeps AI analysis and alerts from Free and points the upgrade at Pro', () => {
    const free = planEntitlements('free');
    expect(free.has('aiAnalysis')).toBe(false);
    expect(free.upgradeFor('aiAnalysis')).toBe('pro');
    expect(free.upgradeFor('customAlerts')).toBe('pro');
    expect(free.limits).toMatchObject({ watchlists: 1, watchlistSymbols: 20, portfolios: 1 });
    expect(free.limits.marketData).toEqual({ kind: 'delayed', delayMinutes: 15 });
  });

  it('sends Pro to Enterprise for API access only', () => {
    const pro = planEntitlements('pro');
    expect(pro.has('aiAnalysis')).toBe(true);
    expect(pro.upgradeFor('aiAnalysis')).toBeNull();
    expect(pro.limits.aiCallsPerDay).toBe(50);
    expect(pro.upgradeFor('apiAccess')).toBe('enterprise');
  });

  it('gives Alpha everything Enterprise has', () => {
    for (const feature of ['aiAnalysis', 'customAlerts', 'apiAccess', 'realtimeData'] as const) {
      expect(planEntitlements('alpha').has(feature)).toBe(true);
    }
    expect(planEntitlements('alpha').limits.aiCallsPerDay).toBe(200);
  });

  it('is empty while nobody is signed in', () => {
    expect(renderHook(() => useEntitlements()).result.current).toBeNull();
  });
});
