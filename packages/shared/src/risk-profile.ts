/**
 * The risk assessment's questionnaire and its scoring: ten questions, each answer worth 0 to 3
 * points, and five profiles by the total (0 to 30). The example allocations are round
 * teaching figures, the same for everyone in a profile: not a recommendation.
 */
export interface RiskQuestion {
  id: string;
  topic: string;
  text: string;
  /** Four answers, from the most cautious (0 points) to the boldest (3 points). */
  answers: readonly [string, string, string, string];
}

export const riskQuestions: readonly RiskQuestion[] = [
  {
    id: 'horizon',
    topic: 'Time horizon',
    text: 'When do you expect to need most of this money?',
    answers: ['Within 2 years', 'In 2 to 5 years', 'In 5 to 10 years', 'In more than 10 years'],
  },
  {
    id: 'drop',
    topic: 'Loss tolerance',
    text: 'Your investments fall 25% in a few months. What do you do?',
    answers: [
      'Sell everything to stop the loss',
      'Sell some of it',
      'Wait and do nothing',
      'Invest more while prices are lower',
    ],
  },
  {
    id: 'worst-year',
    topic: 'Loss tolerance',
    text: 'What is the largest fall in one year you could live with without selling?',
    answers: ['5%', '15%', '25%', '40% or more'],
  },
  {
    id: 'experience',
    topic: 'Experience',
    text: 'How long have you invested in stocks or funds?',
    answers: ['Never', 'Less than 2 years', '2 to 5 years', 'More than 5 years'],
  },
  {
    id: 'knowledge',
    topic: 'Experience',
    text: 'Which describes what you know about investing?',
    answers: [
      'Very little',
      'I know what stocks and bonds are',
      'I understand diversification and fees',
      'I could explain valuation and risk measures',
    ],
  },
  {
    id: 'income',
    topic: 'Income stability',
    text: 'How steady is your income over the next few years?',
    answers: ['Uncertain', 'Somewhat steady', 'Steady', 'Very steady, with more than one source'],
  },
  {
    id: 'emergency',
    topic: 'Safety net',
    text: 'How many months of expenses do you keep in cash for emergencies?',
    answers: ['None', 'Less than 3 months', '3 to 6 months', 'More than 6 months'],
  },
  {
    id: 'share',
    topic: 'Safety net',
    text: 'What share of your savings is this money?',
    answers: ['More than 75%', '50% to 75%', '25% to 50%', 'Less than 25%'],
  },
  {
    id: 'goal',
    topic: 'Goal',
    text: 'Which matters most to you for this money?',
    answers: [
      'Keeping what I have',
      'Some growth with small swings',
      'Growth with ordinary swings',
      'The most growth, whatever the swings',
    ],
  },
  {
    id: 'checking',
    topic: 'Temperament',
    text: 'How do you feel when you see your balance go down?',
    answers: [
      'I lose sleep over it',
      'Uneasy, and I check often',
      'I notice but keep to my plan',
      'Calm: falls are part of investing',
    ],
  },
];

export const riskBands = [
  'conservative',
  'moderately-conservative',
  'balanced',
  'growth',
  'aggressive',
] as const;
export type RiskBand = (typeof riskBands)[number];

export interface RiskProfile {
  band: RiskBand;
  name: string;
  /** The lowest total score of the band (inclusive). */
  from: number;
  summary: string;
  /** An example mix, in whole percent, adding up to 100. */
  allocation: { stocks: number; bonds: number; cash: number };
}

export const riskProfiles: Readonly<Record<RiskBand, RiskProfile>> = {
  conservative: {
    band: 'conservative',
    name: 'Conservative',
    from: 0,
    summary:
      'Keeping what you have matters more than growth, or you need the money soon. Large falls would hurt your plans.',
    allocation: { stocks: 20, bonds: 50, cash: 30 },
  },
  'moderately-conservative': {
    band: 'moderately-conservative',
    name: 'Moderately conservative',
    from: 7,
    summary:
      'You accept small swings for some growth, but a deep fall would make you uneasy or touch money you need.',
    allocation: { stocks: 40, bonds: 45, cash: 15 },
  },
  balanced: {
    band: 'balanced',
    name: 'Balanced',
    from: 13,
    summary:
      'You want growth and can sit through ordinary market falls, with several years before you need the money.',
    allocation: { stocks: 60, bonds: 35, cash: 5 },
  },
  growth: {
    band: 'growth',
    name: 'Growth',
    from: 19,
    summary:
      'A long horizon and a steady footing let you ride out deep falls in exchange for more expected growth.',
    allocation: { stocks: 80, bonds: 20, cash: 0 },
  },
  aggressive: {
    band: 'aggressive',
    name: 'Aggressive',
    from: 25,
    summary:
      'Decades ahead, a safety net and experience of falls: you put growth first and accept years with large losses.',
    allocation: { stocks: 95, bonds: 5, cash: 0 },
  },
};

export const maxRiskScore = riskQuestions.length * 3;

/** The total of the answers (each 0 to 3), or null until every question is answered. */
export function riskScore(answers: readonly (number | undefined)[]): number | null {
  if (answers.length !== riskQuestions.length) return null;
  let total = 0;
  for (const answer of answers) {
    if (answer === undefined || !Number.isInteger(answer) || answer < 0 || answer > 3) return null;
    total += answer;
  }
  return total;
}

/** The profile of a total score. */
export function riskProfileFor(score: number): RiskProfile {
  const band = [...riskBands].reverse().find((candidate) => score >= riskProfiles[candidate].from);
  return riskProfiles[band ?? 'conservative'];
}
