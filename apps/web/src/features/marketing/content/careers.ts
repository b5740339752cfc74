export interface Job {
  title: string;
  type: string;
  location: string;
  description: string;
}

/** docs/PRODUCT.md §3.9, Careers: four remote, full-time roles. */
export const jobs: readonly Job[] = [
  {
    title: 'Full Stack Developer',
    type: 'Full-time',
    location: 'Remote',
    description:
      'Build features end to end in TypeScript, React and Node.js, from the live market views to the APIs behind them, with care for speed and accessibility.',
  },
  {
    title: 'Machine Learning Engineer',
    type: 'Full-time',
    location: 'Remote',
    description:
      'Design and evaluate the models behind our AI analysis, with a focus on accuracy, clear explanations and honest uncertainty.',
  },
  {
    title: 'Product Designer',
    type: 'Full-time',
    location: 'Remote',
    description:
      'Turn complex financial data into calm, clear interfaces, and run the research that tells us what investors need next.',
  },
  {
    title: 'Marketing Lead',
    type: 'Full-time',
    location: 'Remote',
    description:
      'Own how investors discover Tickerwise: positioning, content, partnerships and growth, always grounded in education rather than hype.',
  },
];

export const perks: readonly string[] = [
  'Work from anywhere in US and European time zones',
  'Learning budget and a Tickerwise Enterprise account',
  'Flexible hours with a few shared meeting times',
  'Health cover and paid time off that people actually take',
];
