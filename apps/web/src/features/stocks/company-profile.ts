import type { CompanyProfile } from '@tickerwise/shared';
import { formatCompactNumber } from '@tickerwise/shared';
import { formatTradingDay } from './data-source.ts';
import { notAvailable } from './key-statistics.ts';

export interface ProfileFact {
  label: string;
  value: string;
  /** The company's own site, when the fact is its address. */
  href?: string;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** An http(s) address as a link and its host name; anything else is not shown as a link. */
function website(address: string | null): ProfileFact {
  if (address) {
    try {
      const url = new URL(address);
      if (url.protocol === 'https:' || url.protocol === 'http:') {
        return { label: 'Website', value: url.hostname.replace(/^www\./, ''), href: url.href };
      }
    } catch {
      // Not an address: shown as missing below.
    }
  }
  return { label: 'Website', value: notAvailable };
}

/**
 * docs/PRODUCT.md §3.13: who the company (or fund) is. A fund's sector and industry are its
 * asset class and category, and its listing date its inception.
 */
export function profileFacts(profile: CompanyProfile): ProfileFact[] {
  const fund = profile.type === 'etf';
  const facts: ProfileFact[] = [
    { label: fund ? 'Asset class' : 'Sector', value: profile.sector ?? notAvailable },
    { label: fund ? 'Category' : 'Industry', value: profile.industry ?? notAvailable },
    { label: 'Exchange', value: profile.exchange ?? notAvailable },
    { label: 'Country', value: profile.country ? countryName(profile.country) : notAvailable },
    website(profile.website),
    {
      label: fund ? 'Inception date' : 'IPO date',
      value: profile.ipoDate ? formatTradingDay(profile.ipoDate) : notAvailable,
    },
  ];
  if (!fund) {
    facts.push({
      label: 'Shares outstanding',
      value:
        profile.sharesOutstanding === null
          ? notAvailable
          : formatCompactNumber(profile.sharesOutstanding),
    });
  }
  return facts;
}
