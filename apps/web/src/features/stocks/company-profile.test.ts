import type { CompanyProfile } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { profileFacts } from './company-profile.ts';

const apple: CompanyProfile = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  type: 'stock',
  exchange: 'NASDAQ',
  sector: 'Information Technology',
  industry: 'Technology Hardware, Storage & Peripherals',
  country: 'US',
  currency: 'USD',
  website: 'https://www.apple.com/',
  ipoDate: '1980-12-12',
  sharesOutstanding: 15_204_137_000,
};

const facts = (profile: CompanyProfile) =>
  Object.fromEntries(profileFacts(profile).map((fact) => [fact.label, fact]));

describe('the company profile', () => {
  it('names the sector, industry, exchange, country, site, IPO date and shares', () => {
    expect(profileFacts(apple).map(({ label, value }) => [label, value])).toEqual([
      ['Sector', 'Information Technology'],
      ['Industry', 'Technology Hardware, Storage & Peripherals'],
      ['Exchange', 'NASDAQ'],
      ['Country', 'United States'],
      ['Website', 'apple.com'],
      ['IPO date', 'Dec 12, 1980'],
      ['Shares outstanding', '15.20B'],
    ]);
    expect(facts(apple).Website?.href).toBe('https://www.apple.com/');
  });

  it('links only to web addresses', () => {
    for (const website of ['javascript:alert(1)', 'not a url', 'ftp://apple.com', null]) {
      expect(facts({ ...apple, website }).Website).toEqual({
        label: 'Website',
        value: 'Not available',
      });
    }
  });

  it('says "Not available" for what the source does not know', () => {
    const unknown = facts({
      ...apple,
      sector: null,
      industry: null,
      exchange: null,
      country: null,
      ipoDate: null,
      sharesOutstanding: null,
    });
    for (const label of ['Sector', 'Industry', 'Exchange', 'Country', 'IPO date']) {
      expect(unknown[label]?.value).toBe('Not available');
    }
    expect(unknown['Shares outstanding']?.value).toBe('Not available');
  });

  it('describes a fund by asset class, category and inception date', () => {
    const spy = profileFacts({
      ...apple,
      symbol: 'SPY',
      type: 'etf',
      sector: 'US equity',
      industry: 'Large blend (S&P 500)',
      ipoDate: '1993-01-22',
      sharesOutstanding: null,
    });
    expect(spy.map((fact) => fact.label)).toEqual([
      'Asset class',
      'Category',
      'Exchange',
      'Country',
      'Website',
      'Inception date',
    ]);
  });
});
