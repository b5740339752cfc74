export interface Partner {
  name: string;
  type: string;
  description: string;
  benefits: readonly string[];
}

/** docs/PRODUCT.md §3.9, Partners: three partner cards with their benefits. */
export const partners: readonly Partner[] = [
  {
    name: 'Brokerage Partners',
    type: 'Brokerages',
    description:
      'Connect your customers’ accounts to Tickerwise so they can see research and portfolio insight beside the positions they hold with you.',
    benefits: [
      'Secure, read-only portfolio connections',
      'Co-branded onboarding for your customers',
      'Engagement reports every quarter',
    ],
  },
  {
    name: 'Education Partners',
    type: 'Schools and creators',
    description:
      'Bring Tickerwise courses and tools to your students or audience, and teach investing with live market examples.',
    benefits: [
      'Discounted Pro plans for learners',
      'Course materials you can adapt',
      'Shared classroom portfolios',
    ],
  },
  {
    name: 'Data and Technology Partners',
    type: 'Data providers',
    description:
      'Put your data or models in front of thousands of engaged investors through Tickerwise integrations.',
    benefits: [
      'Integration support from our engineers',
      'Clear attribution inside the product',
      'Revenue sharing on premium data',
    ],
  },
];

export const partnersEmail = 'partners@tickerwise.com';
