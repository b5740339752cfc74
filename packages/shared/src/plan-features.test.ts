import { describe, expect, it } from 'vitest';
import { planFeatures } from './plan-features.ts';

describe('plan features, in words, from the entitlements table', () => {
  it('lists everything Free includes, with its market data delay', () => {
    expect(planFeatures('free')).toEqual([
      'Basic market data, delayed 15 minutes',
      '1 watchlist of up to 20 symbols',
      '1 saved screen with entry alerts',
      '1 portfolio',
      '3 learning courses',
      '5 community posts and 10 replies a month',
    ]);
  });

  it('lists everything Pro includes, AI first', () => {
    expect(planFeatures('pro')).toEqual([
      'AI tools with 50 AI calls a day',
      'Real-time market data',
      '50 custom alerts',
      '10 watchlists of up to 100 symbols each',
      '20 saved screens with entry alerts',
      '10 portfolios',
      'Unlimited courses',
      '50 community posts and 100 replies a month',
    ]);
  });

  it('describes Enterprise as Pro plus what it adds', () => {
    expect(planFeatures('enterprise')).toEqual([
      'Everything in Pro',
      '200 AI calls a day',
      '200 custom alerts',
      '50 watchlists of up to 500 symbols each',
      '100 saved screens with entry alerts',
      'Unlimited posts and replies',
      'API access',
      'Priority support',
      'Integrations',
      'Team management',
    ]);
  });

  it('describes Alpha as Enterprise plus early access', () => {
    expect(planFeatures('alpha')).toEqual(['Everything in Enterprise', 'Early access features']);
  });
});
