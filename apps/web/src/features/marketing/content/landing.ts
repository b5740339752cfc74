export interface Testimonial {
  name: string;
  role: string;
  quote: string;
}

/** docs/PRODUCT.md §3.1: six sample entries, shown twice in the scrolling loop. */
export const testimonials: readonly Testimonial[] = [
  {
    name: 'Priya Raman',
    role: 'Software engineer, investing for 3 years',
    quote:
      'The rating and the checklist turned my weekly review from a chore into ten minutes with my coffee. I finally understand what the numbers say about my holdings.',
  },
  {
    name: 'Marcus Bell',
    role: 'Teacher and first-time investor',
    quote:
      'I started on the free plan with the beginner courses. The glossary and the lessons made the jargon click without making me feel lost.',
  },
  {
    name: 'Elena Kovacs',
    role: 'Freelance designer',
    quote:
      'Price alerts mean I no longer watch charts all day. I set my levels once and get on with my work.',
  },
  {
    name: 'David Okafor',
    role: 'Retired engineer',
    quote:
      'Seeing my whole portfolio in one view showed me how concentrated I was in tech. Rebalancing was an easy decision after that.',
  },
  {
    name: 'Sofia Martins',
    role: 'Nurse, saving for a first home',
    quote:
      'The community is thoughtful, not hype. People explain their reasoning, and the Pro analysis helps me check it.',
  },
  {
    name: 'James Whitfield',
    role: 'Small business owner',
    quote:
      'Clear numbers, fast pages and no noise. Tickerwise is the first investing app I open every morning.',
  },
];

export type FeatureArt = 'analysis' | 'portfolio' | 'alerts' | 'learning';

export interface Feature {
  title: string;
  description: string;
  points: readonly string[];
  art: FeatureArt;
}

/** The four slides of the feature carousel. */
export const features: readonly Feature[] = [
  {
    title: 'AI Market Analysis',
    description:
      'Every stock and fund gets a technical rating, key figures, a fundamentals checklist and a plain-language summary. Ask about any of its figures; AI-written analysis and answers need a language model connected to the server.',
    points: [
      'A technical rating with every indicator’s vote',
      'Valuation ratios checked against clear rules',
      'Every figure with its source and date',
    ],
    art: 'analysis',
  },
  {
    title: 'Portfolio Tracking',
    description:
      'Every holding in one live view, with your allocation, daily change and concentration at a glance.',
    points: [
      'Live prices through the trading day',
      'Sector and position weights',
      'Performance against your cost basis',
    ],
    art: 'portfolio',
  },
  {
    title: 'Smart Alerts',
    description:
      'Set the price levels and moves that matter to you, and hear about them the moment they happen.',
    points: [
      'Price targets and percentage moves',
      'Notifications in the app',
      'Custom alerts on the Pro plan',
    ],
    art: 'alerts',
  },
  {
    title: 'Learning and Community',
    description:
      'Structured courses take you from your first stock to a full portfolio, and a community of investors shares the journey.',
    points: [
      'Courses from beginner to advanced',
      'Discussions with other investors',
      'A glossary for every term you meet',
    ],
    art: 'learning',
  },
];

/** The Free plan as docs/PRODUCT.md §4.2 defines it. */
export const freeTierFeatures: readonly string[] = [
  'Basic market data for the stocks you follow',
  '3 learning courses to build your foundation',
  '5 community posts and 10 replies each month',
  'The market glossary and video tutorials',
  'No card needed, upgrade whenever you like',
];

export interface Stat {
  value: string;
  label: string;
}

export const freeTierStats: readonly Stat[] = [
  { value: '10,000+', label: 'Active investors learning and tracking with Tickerwise' },
  { value: '$0', label: 'To start on the Free plan, with no card required' },
  { value: '24h', label: 'Typical support reply time on business days' },
];
