import { type PrerenderedPath, paths } from '@tickerwise/shared';
import type { planRows } from './plan-rows.ts';

export type FeatureId = keyof typeof planRows;

export interface FeatureContent {
  path: PrerenderedPath;
  eyebrow: string;
  title: string;
  lead: string;
  /** Who the feature is for. */
  audience: string;
  /** What it does, one point each. */
  points: ReadonlyArray<{ title: string; text: string }>;
  faq: ReadonlyArray<{ question: string; answer: string }>;
  /** Where the page's second button leads, and what it says. */
  next: { to: string; label: string };
}

/** When these pages were last checked against the product. */
export const featuresCheckedOn = '2026-11-27';

export const featureContent: Record<FeatureId, FeatureContent> = {
  ai: {
    path: paths.featureAi,
    eyebrow: 'AI market analysis',
    title: 'An analyst that shows its working',
    lead: 'Every US stock and ETF page carries a technical rating, key figures and a fundamentals checklist computed from stored prices. On Pro and up, a written analysis and your own questions are answered from those same figures.',
    audience:
      'For investors who want a second reading of a stock before they decide, in plain words, with every number traceable to the data on the page.',
    points: [
      {
        title: 'Technical rating',
        text: 'Three dials (moving averages, oscillators and overall) from 26 indicator votes on the daily closes, each vote listed with its reading and its rule.',
      },
      {
        title: 'Key figures',
        text: 'Returns from one week to one year, 30-day volatility, the deepest fall of the year, beta to SPY and the distance to the 50- and 200-day averages.',
      },
      {
        title: 'Fundamentals checklist',
        text: 'Value, growth, profitability, financial health and dividend checks, each with its figure, its threshold and why it matters. Funds get only the checks their data supports.',
      },
      {
        title: 'Written analysis',
        text: 'Five sections written from the figures above. When a language model writes it, every figure it states is checked against the data before you see it.',
      },
      {
        title: 'Ask about a stock',
        text: 'Ask a question in your own words and get an answer grounded in the same figures. Questions asking whether to buy or sell are declined and cost nothing.',
      },
    ],
    faq: [
      {
        question: 'Does the analysis tell me what to buy?',
        answer:
          'No. Tickerwise describes what the figures show and never recommends buying or selling. Every analysis is marked “Not investment advice”.',
      },
      {
        question: 'What is an AI credit?',
        answer:
          'Opening a written analysis or asking a question uses one credit. Reading an analysis you opened earlier the same day is free, and a failed answer gives its credit back. Credits start again at 00:00 UTC.',
      },
      {
        question: 'What does the Free plan see?',
        answer:
          'The technical rating, the key figures and the checklist on every stock and fund, read on prices delayed 15 minutes. The written analysis and questions come with Pro.',
      },
    ],
    next: { to: paths.featureAnalysis, label: 'See the market data' },
  },
  analysis: {
    path: paths.featureAnalysis,
    eyebrow: 'Market data',
    title: 'Quotes, history and a screener for US stocks and ETFs',
    lead: 'Prices, five years of daily history and the key statistics of the S&P 500 and major ETFs, with a screener that filters them on any figure and a market overview on your dashboard.',
    audience:
      'For investors who research before they trade and want one place where the chart, the statistics and the screener agree on every number.',
    points: [
      {
        title: 'Stock and ETF pages',
        text: 'Price, change, the 52-week range, a chart from one month to five years with volume, and valuation, dividend, profitability, growth and balance-sheet statistics.',
      },
      {
        title: 'Screener',
        text: 'About 560 stocks and ETFs filtered on price, returns, volatility, RSI, valuation, sector, technical rating and more; the whole screen lives in its address, so a link shares it.',
      },
      {
        title: 'Saved screens',
        text: 'Save a screen and, if you like, be told when a new symbol enters it.',
      },
      {
        title: 'Watchlists',
        text: 'Named lists of the symbols you follow, with live prices on paid plans.',
      },
      {
        title: 'Where every figure comes from',
        text: 'Each figure says its source and date, and simulated prices are always labelled as simulated, never passed off as the market’s.',
      },
    ],
    faq: [
      {
        question: 'Are prices real-time?',
        answer:
          'On Pro, Enterprise and Alpha Tester, yes. The Free plan sees each price 15 minutes after it happened, and says so beside it.',
      },
      {
        question: 'Which markets are covered?',
        answer:
          'US stocks (the S&P 500 and more) and the major US-listed ETFs. Crypto is announced but not built yet.',
      },
      {
        question: 'Can I get the data through an API?',
        answer:
          'Enterprise and Alpha Tester plans can create keys for the read-only API under /api/v1, documented at /api/docs.',
      },
    ],
    next: { to: paths.featureAi, label: 'See the AI analysis' },
  },
  portfolio: {
    path: paths.featurePortfolio,
    eyebrow: 'Portfolio tracking',
    title: 'Every holding, valued to the cent',
    lead: 'Record buys, sells, dividends, splits, deposits and fees, or import your broker’s CSV, and see holdings, gains, allocation and performance against SPY.',
    audience:
      'For investors with one or several brokerage accounts who want one honest view of what they own and how it has done, and for beginners who want to practise first.',
    points: [
      {
        title: 'Exact money',
        text: 'Shares to 8 decimals and prices to 6, added up with decimal arithmetic: every total is the sum of the rows shown with it.',
      },
      {
        title: 'Import from your broker',
        text: 'Exports of Schwab, Fidelity, Interactive Brokers and Trading 212 are recognised; any other CSV has its columns matched, and every row is previewed before it is saved.',
      },
      {
        title: 'Holdings and gains',
        text: 'Shares, average cost, value, today’s change, realised and unrealised gains (first in, first out), dividends and fees, with allocation by holding, sector and type.',
      },
      {
        title: 'Performance',
        text: 'Time-weighted and money-weighted returns over one month to all time, drawn against SPY over the same days.',
      },
      {
        title: 'Practice portfolio',
        text: 'Every account gets $100,000 of practice cash to try trades on real prices, kept apart from real portfolios and totals.',
      },
    ],
    faq: [
      {
        question: 'Do I connect my brokerage account?',
        answer:
          'No. You add transactions yourself or import a CSV your broker exports; Tickerwise never asks for your broker’s password.',
      },
      {
        question: 'Where is the import template?',
        answer:
          'On the Portfolio Templates page and in the import dialog. It has one example of each kind of transaction.',
      },
      {
        question: 'What happens if I go over my plan’s limit?',
        answer:
          'Nothing is lost: the transaction or portfolio past the limit is refused with a message naming the limit and the plan with more.',
      },
    ],
    next: { to: paths.templates, label: 'Get the import template' },
  },
  alerts: {
    path: paths.featureAlerts,
    eyebrow: 'Smart alerts',
    title: 'Hear about the move you were waiting for',
    lead: 'Alerts on a price level, a day’s move, a moving-average cross, an RSI level or a change of technical rating, delivered in the app, by email, or to your own webhook, Slack or Discord.',
    audience:
      'For investors who have decided in advance what would make them look again, and would rather be told than watch the screen.',
    points: [
      {
        title: 'Five kinds of condition',
        text: 'Price above or below a level, up or down a percentage today, a close crossing its 50- or 200-day average, RSI 14 at a level, or the technical rating turning.',
      },
      {
        title: 'Fires once',
        text: 'An alert moves from armed to fired in one step, so it fires once however many servers see the price. Choose “Once” or “At most once a trading day”.',
      },
      {
        title: 'Honest about the clock',
        text: 'Day-change alerts are checked during the regular session only, and every time is shown in New York time.',
      },
      {
        title: 'Where it tells you',
        text: 'The bell in the app at once; by email within a minute, at most one email every 5 minutes; signed webhooks and Slack or Discord on Enterprise and Alpha Tester.',
      },
    ],
    faq: [
      {
        question: 'Does the Free plan have alerts?',
        answer:
          'Custom alerts start with Pro. On Free, a saved screener screen can still tell you when a symbol enters it.',
      },
      {
        question: 'What if the price is already past my level?',
        answer:
          'The form asks whether to fire now or wait for the next crossing, so you are never surprised by an alert that fires the moment you save it.',
      },
      {
        question: 'Can I stop alert emails?',
        answer:
          'Yes: each alert chooses whether to email, alert emails can be turned off in Settings, and every email has a one-click unsubscribe.',
      },
    ],
    next: { to: paths.featureAnalysis, label: 'See the screener' },
  },
  social: {
    path: paths.featureSocial,
    eyebrow: 'Investor community',
    title: 'Discuss ideas with investors, not promoters',
    lead: 'A feed of short posts about stocks and funds, with replies, likes, follows and private messages, moderated, with holdings verified against real portfolios.',
    audience:
      'For investors who want to test an idea against other people’s reasoning, and read why someone holds a stock, not only that they do.',
    points: [
      {
        title: 'Feed',
        text: 'Posts of up to 1,000 characters from the members and symbols you follow, or from everyone, with $TICKER links, a bullish or bearish tag and replies.',
      },
      {
        title: 'Verified holdings',
        text: 'An author may show “Holds AAPL” only after the server checks it against their real portfolio at that moment.',
      },
      {
        title: 'Guarded against pumping',
        text: 'Posts about companies worth under $300 million or trading under $5 are refused, and paid posts must say so.',
      },
      {
        title: 'Moderated',
        text: 'Any member can report a post; three reports hide it until a moderator decides, and an author may appeal once.',
      },
      {
        title: 'Messages',
        text: 'Private conversations with members who accept them, with mute, block and report.',
      },
    ],
    faq: [
      {
        question: 'Who can see my email address?',
        answer: 'No other member. The community shows your chosen handle and display name only.',
      },
      {
        question: 'Are posts investment advice?',
        answer:
          'No. Every community screen says so: posts are the opinions of their authors, not advice.',
      },
      {
        question: 'Do messages count against my posts?',
        answer:
          'No. Posts and replies have a monthly allowance by plan; messages have the same rate limits on every plan.',
      },
    ],
    next: { to: paths.courses, label: 'See the courses' },
  },
};
