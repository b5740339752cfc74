export const founder = {
  name: 'Alex Morgan',
  initials: 'AM',
  title: 'Founder and CEO',
  linkedIn: 'https://www.linkedin.com/company/tickerwise',
  bio: [
    'Alex spent a decade building data products for financial firms, where the best research tools were reserved for institutions. Watching friends invest on headlines and hunches, Alex started Tickerwise to give individual investors the same quality of analysis, explained in plain language.',
    'Alex leads product and engineering, still answers questions in the community every week, and reads every tutorial request that reaches our inbox.',
  ],
  focus: ['AI research tools', 'Investor education', 'Product design'],
} as const;

export const careersEmail = 'careers@tickerwise.com';
