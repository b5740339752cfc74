export interface HelpLink {
  title: string;
  description: string;
  to: string;
}

export interface FaqEntry {
  question: string;
  answer: string;
}

/** docs/PRODUCT.md §3.9, Support: links to /docs, /community and /help. */
export const helpLinks: readonly HelpLink[] = [
  {
    title: 'Documentation',
    description: 'Step-by-step guides to every feature.',
    to: '/docs',
  },
  {
    title: 'Community',
    description: 'Ask other investors and our team.',
    to: '/community',
  },
  {
    title: 'Help Articles',
    description: 'Answers to account and billing questions.',
    to: '/help',
  },
];

/** docs/PRODUCT.md §3.9: the four FAQ entries. */
export const faqEntries: readonly FaqEntry[] = [
  {
    question: 'How do I get started with Tickerwise?',
    answer:
      'Choose a plan on the pricing page and create your account; the Free plan needs no card. Then follow the Getting Started guide to set up your profile, take the beginner courses and join the community.',
  },
  {
    question: 'What payment methods do you accept?',
    answer:
      'We accept all major credit and debit cards, including Visa, Mastercard, American Express and Discover. Payments are processed securely by our card payment provider; we never store your full card number.',
  },
  {
    question: 'Can I cancel my subscription at any time?',
    answer:
      'Yes. You can cancel anytime from Manage Plan, with no fees. You keep access to your paid features until the end of the current billing period, and then your account moves to the Free plan.',
  },
  {
    question: 'How does the AI analysis work?',
    answer:
      'Tickerwise computes a technical rating from 26 indicators, key figures such as returns and volatility, and a fundamentals checklist from a stock’s prices and company data, and sums them up in plain language. Out of the box that summary and the answers to your questions come from a built-in writer that only restates the computed figures, and use no AI credits; when the server’s operator connects a language model, the model writes them, every figure checked against the data, for one AI credit each. It informs your research; it is not personalised advice.',
  },
];

export const supportHours = 'Monday to Friday, 9am to 5pm EST';
export const supportEmail = 'support@tickerwise.com';
