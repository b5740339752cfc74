export interface AboutBlock {
  title: string;
  text: string;
}

export const aboutMission: AboutBlock = {
  title: 'Our Mission',
  text: 'To give every individual investor the research, data and education that used to be reserved for professionals, explained clearly enough to act on with confidence.',
};

export const aboutVision: AboutBlock = {
  title: 'Our Vision',
  text: 'A world where people understand what they own and why, where AI does the heavy reading and investors keep the judgement, and where good habits are easier than guesswork.',
};

/** docs/PRODUCT.md §3.9, About: the three values, in this order. */
export const aboutValues: readonly AboutBlock[] = [
  {
    title: 'Transparency',
    text: 'We show where our numbers come from, label sample data as samples, and explain what our AI can and cannot know. Our prices are published and never hidden in fine print.',
  },
  {
    title: 'Innovation',
    text: 'We put new technology to work only where it saves investors time or improves a decision, and we ship improvements every week.',
  },
  {
    title: 'Education',
    text: 'Every feature teaches. Courses, tutorials and the glossary sit beside the tools, so understanding grows with every trade you consider.',
  },
];

export const aboutStory: readonly string[] = [
  'Tickerwise began with a simple frustration: the information individual investors need is public, but it is scattered across filings, news and forums, and written for specialists.',
  'We set out to bring it together in one calm, fast place, with an analyst that turns prices and company figures into a rating, a checklist and a plain summary, and a learning path that explains the ideas behind them. Today more than 10,000 investors use Tickerwise to follow their holdings, question their assumptions and keep learning.',
];
