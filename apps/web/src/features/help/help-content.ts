import { entitlementsFor, formatPrice, planFor } from '@tickerwise/shared';

export interface HelpEntry {
  /** The answer's anchor: `/help#cancel-plan`. */
  id: string;
  question: string;
  /** Paragraphs of plain text. */
  answer: readonly string[];
}

export interface HelpTopic {
  id: string;
  title: string;
  entries: readonly HelpEntry[];
}

const pro = entitlementsFor('pro');
const enterprise = entitlementsFor('enterprise');
const free = entitlementsFor('free');
const freeDelay = free.marketData.kind === 'delayed' ? free.marketData.delayMinutes : 0;

/** When the answers were last checked against the product. */
export const helpCheckedOn = '2026-11-27';

/** The help centre's questions and answers by topic (docs/PRODUCT.md §3.29). */
export const helpTopics: readonly HelpTopic[] = [
  {
    id: 'account',
    title: 'Account',
    entries: [
      {
        id: 'sign-up',
        question: 'How do I create an account?',
        answer: [
          'Choose a plan on the Pricing page, then give your name, email address and a password. Free needs nothing else; a paid plan goes on to checkout, and Alpha Tester needs an invitation code.',
          'We send a message to confirm your email address. Alert emails and billing emails go only to a confirmed address.',
        ],
      },
      {
        id: 'forgot-password',
        question: 'I forgot my password',
        answer: [
          'Choose “Forgot password?” on the login page and enter your email address. The link we send lets you choose a new password; it works once and expires.',
        ],
      },
      {
        id: 'two-factor',
        question: 'Can I protect my account with a second step?',
        answer: [
          'Yes. In Settings, Security, turn on two-factor sign-in with an authenticator app. Keep the ten recovery codes somewhere safe: each works once if you lose the phone.',
        ],
      },
      {
        id: 'change-email',
        question: 'How do I change my email address?',
        answer: [
          'In Settings, Profile. We send a confirmation link to the new address and a notice with an undo link to the old one, so a change you did not make can be reversed.',
        ],
      },
      {
        id: 'export-delete',
        question: 'Can I download my data or close my account?',
        answer: [
          'Settings, Data gives you everything you keep in Tickerwise as a download, and closes the account when you ask it to.',
        ],
      },
    ],
  },
  {
    id: 'billing',
    title: 'Plans and billing',
    entries: [
      {
        id: 'plans',
        question: 'What plans are there?',
        answer: [
          `Free (${formatPrice(planFor('free').price)}), Pro (${formatPrice(planFor('pro').price)} a month), Enterprise (${formatPrice(planFor('enterprise').price)} a month) and Alpha Tester, which is by invitation. The Pricing page and each feature page list what every plan includes.`,
        ],
      },
      {
        id: 'cancel-plan',
        question: 'What happens if I cancel a paid plan?',
        answer: [
          'You keep the paid plan until the end of the period you paid for; the move to Free is shown as scheduled and happens then. Choosing your plan again before that date undoes the move.',
        ],
      },
      {
        id: 'switch-plan',
        question: 'Can I switch between Pro and Enterprise?',
        answer: [
          'Yes, at once. The price difference for the rest of the period is charged, or credited.',
        ],
      },
      {
        id: 'receipts',
        question: 'Where are my receipts?',
        answer: [
          'Every payment sends a receipt by email, and Settings, Plan and billing lists your payments.',
        ],
      },
    ],
  },
  {
    id: 'data',
    title: 'Data and delays',
    entries: [
      {
        id: 'delayed-prices',
        question: 'Why are my prices delayed?',
        answer: [
          `The Free plan sees each price ${freeDelay} minutes after it happened, and says so beside it. Pro, Enterprise and Alpha Tester see prices in real time.`,
        ],
      },
      {
        id: 'delayed-badge',
        question: 'What does the “Delayed” badge mean?',
        answer: [
          'The data provider could not be reached, so you see the last price received, with the time it was received.',
        ],
      },
      {
        id: 'simulated',
        question: 'What are simulated prices?',
        answer: [
          'A server can run on a market simulation instead of a data provider, for demonstrations and tests. Simulated figures are labelled as simulated on every screen: they are never the real market’s.',
        ],
      },
      {
        id: 'coverage',
        question: 'Which stocks and funds are covered?',
        answer: [
          'US stocks (the S&P 500 and more) and the major US-listed ETFs, each with five years of daily history.',
        ],
      },
    ],
  },
  {
    id: 'ai',
    title: 'AI analysis',
    entries: [
      {
        id: 'ai-credits',
        question: 'How many AI credits do I get?',
        answer: [
          `Pro has ${pro.aiCallsPerDay} a day and Enterprise ${enterprise.aiCallsPerDay}. Opening a written analysis or asking a question uses one; reading an analysis again the same day is free. Credits start again at 00:00 UTC.`,
        ],
      },
      {
        id: 'ai-advice',
        question: 'Will the analyst tell me whether to buy?',
        answer: [
          'No. It describes what the figures show. Questions asking whether to buy or sell are declined and cost nothing, and every analysis is marked “Not investment advice”.',
        ],
      },
      {
        id: 'ai-free',
        question: 'What does the Free plan see of the analysis?',
        answer: [
          'The technical rating, the key figures and the fundamentals checklist on every stock and fund. The written analysis and questions come with Pro.',
        ],
      },
    ],
  },
  {
    id: 'alerts',
    title: 'Alerts',
    entries: [
      {
        id: 'alert-kinds',
        question: 'What can an alert watch?',
        answer: [
          'A price level, a day’s move in percent, a close crossing its 50- or 200-day average, RSI 14 at a level, or a change of technical rating. Custom alerts come with Pro.',
        ],
      },
      {
        id: 'alert-email-late',
        question: 'Why did my alert email arrive a few minutes after the alert?',
        answer: [
          'Alert emails go out within a minute, but at most one every 5 minutes per person: firings in between wait and arrive together in the next email. The bell in the app shows each firing at once.',
        ],
      },
      {
        id: 'day-change',
        question: 'Why did my day-change alert not fire before the market opened?',
        answer: [
          'Day-change alerts are checked during the regular session only (9:30 AM to 4:00 PM New York time on a trading day). Outside it, the change shown is the last session’s, not news.',
        ],
      },
    ],
  },
  {
    id: 'portfolio',
    title: 'Portfolio',
    entries: [
      {
        id: 'import',
        question: 'How do I import my transactions?',
        answer: [
          'Use Import on the Portfolio page with our CSV template (on the Portfolio Templates page) or your broker’s export. Exports of Schwab, Fidelity, Interactive Brokers and Trading 212 are recognised. Every row is previewed, and every problem named with its row, before anything is saved.',
        ],
      },
      {
        id: 'practice',
        question: 'What is the practice portfolio?',
        answer: [
          'Every account has one, with $100,000 of practice cash, to try trades on real prices. It is labelled Practice, kept out of your totals and does not count against your plan’s portfolios.',
        ],
      },
      {
        id: 'gains',
        question: 'How are gains worked out?',
        answer: [
          'Realised gains use first in, first out, with buy fees in the cost. Money you put in or take out is not a gain: performance shows time-weighted and money-weighted returns.',
        ],
      },
    ],
  },
  {
    id: 'api',
    title: 'API',
    entries: [
      {
        id: 'api-access',
        question: 'Which plans include the API?',
        answer: [
          'Enterprise and Alpha Tester. Create keys in Settings, API (up to 10); a key is shown once.',
        ],
      },
      {
        id: 'api-limits',
        question: 'What are the API’s rate limits?',
        answer: [
          'By default 60 requests a minute per key. Every answer carries RateLimit headers, and a request over the limit is answered 429 with Retry-After.',
        ],
      },
      {
        id: 'api-reference',
        question: 'Where is the API reference?',
        answer: [
          'At /api/docs, an interactive reference where you can authorise with your key and try each route. The OpenAPI document is at /api/v1/openapi.json.',
        ],
      },
    ],
  },
];
