export interface CaseStudySection {
  id: string;
  title: string;
  paragraphs: readonly string[];
}

export interface CaseStudyResult {
  value: string;
  label: string;
}

export const caseStudyCustomer = {
  name: 'Daniel Reyes',
  role: 'Product manager and part-time investor, Austin, Texas',
  quote:
    'I used to react to headlines. Now I have a process: the stock’s analysis first, then my own notes, then a decision. My portfolio finally reflects a plan.',
} as const;

/** docs/PRODUCT.md §3.2: The Challenge, Our Solution, The Results, in that order. */
export const caseStudySections: readonly CaseStudySection[] = [
  {
    id: 'challenge',
    title: 'The Challenge',
    paragraphs: [
      'Daniel had been investing for four years across two brokerage accounts. He followed a dozen newsletters and spent most Sunday evenings in spreadsheets, yet he could not say how much of his money sat in a single sector or why each position was there.',
      'Earnings season was the hardest part. He skimmed headlines, bought on good news and sold on bad, and too often found out later that the full report told a different story.',
    ],
  },
  {
    id: 'solution',
    title: 'Our Solution',
    paragraphs: [
      'Daniel moved his holdings into one Tickerwise portfolio, which showed at once that 70% of his money was in technology. He set price alerts on every position, so he stopped checking quotes through the day.',
      'Before each decision he now reads the stock’s analysis: its technical rating, its returns and volatility against the market, and how its valuation ratios fare on the fundamentals checklist. He worked through the courses on diversification and position sizing, and he posts his reasoning in the community, where other investors question it.',
    ],
  },
  {
    id: 'results',
    title: 'The Results',
    paragraphs: [
      'Six months later Daniel spends less than an hour a week on research, holds positions he can explain, and rebalanced into a mix that matches the risk he chose in his plan. He sticks with it when the market turns, because he knows why he owns what he owns.',
    ],
  },
];

export const caseStudyResults: readonly CaseStudyResult[] = [
  { value: '5 hrs', label: 'less research time each week' },
  { value: '70% → 35%', label: 'share of the portfolio in one sector' },
  { value: '12', label: 'price alerts replacing daily chart checks' },
];
