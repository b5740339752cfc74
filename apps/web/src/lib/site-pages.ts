import { type PrerenderedPath, paths } from '@tickerwise/shared';
import { homeTitle, usePageTitle } from './use-page-title.ts';

export interface SitePage {
  /** The title without the product's name (empty for the landing page). */
  title: string;
  /** The search result's and the link preview's text: one or two sentences, under 160 characters. */
  description: string;
}

/**
 * The title and description of every prerendered public page: the build writes them into
 * the page's head (with its canonical address and Open Graph tags), and the page sets them
 * again when the app navigates to it.
 */
export const sitePages: Record<PrerenderedPath, SitePage> = {
  [paths.home]: {
    title: '',
    description:
      'Tickerwise gives individual investors AI market analysis, live portfolio tracking, alerts and courses. Join 10,000+ active investors and start free.',
  },
  [paths.pricing]: {
    title: 'Plans and Pricing',
    description:
      'Compare the Free, Pro, Enterprise and Alpha Tester plans: prices, AI credits, alerts, data delay and courses. Start free and cancel anytime.',
  },
  [paths.calculator]: {
    title: 'Investment Calculator',
    description:
      'Project compound growth with a starting amount, monthly contributions, return, fees and inflation, year by year. Free, no account needed.',
  },
  [paths.riskAssessment]: {
    title: 'Risk Assessment',
    description:
      'Ten questions on time horizon, losses and experience place you in one of five risk profiles, with an example allocation for learning. Free.',
  },
  [paths.templates]: {
    title: 'Portfolio Templates',
    description:
      'Download the CSV template the Tickerwise portfolio importer reads, a watchlist sheet and an investment-plan worksheet, each explained.',
  },
  [paths.featureAi]: {
    title: 'AI Market Analysis',
    description:
      'Written analyses of any US stock or ETF and answers to your questions, grounded in the figures on the page. What each plan includes.',
  },
  [paths.featureAnalysis]: {
    title: 'Market Data and Analysis',
    description:
      'Quotes, five years of daily history, technical ratings, a screener and the market overview for US stocks and ETFs. What each plan includes.',
  },
  [paths.featurePortfolio]: {
    title: 'Portfolio Tracking',
    description:
      'Record buys, sells, dividends and splits or import a broker CSV, and see every holding valued live with exact money. What each plan includes.',
  },
  [paths.featureAlerts]: {
    title: 'Smart Alerts',
    description:
      'Price and indicator alerts on US stocks and ETFs, delivered in the app, by email or to a webhook. What each plan includes.',
  },
  [paths.featureSocial]: {
    title: 'Investor Community',
    description:
      'A moderated feed where investors share ideas about symbols, reply, follow each other and send messages. What each plan includes.',
  },
  [paths.help]: {
    title: 'Help: Questions and Answers',
    description:
      'Answers about Tickerwise accounts, plans and billing, delayed prices, AI credits, alerts, portfolio imports and the API, searchable by topic.',
  },
  [paths.community]: {
    title: 'Community: Latest Posts',
    description:
      'Read the latest posts of the Tickerwise community: short, moderated discussions of US stocks and funds, with verified holdings.',
  },
  [paths.docs]: {
    title: 'API Documentation',
    description:
      'The Tickerwise API for developers: API keys, bearer authentication, rate limits, the OpenAPI document and samples in curl, JavaScript and Python.',
  },
  [paths.strategies]: {
    title: 'Investment Strategies Guide',
    description:
      'Index, value, growth and income investing explained with worked examples: fees over 30 years, P/E and earnings yield, dividends, dollar-cost averaging.',
  },
  [paths.riskManagement]: {
    title: 'Risk Management Guide',
    description:
      'Position sizing, the gain that undoes a loss, diversification, asset allocation and rebalancing, explained with worked examples you can check.',
  },
  [paths.courses]: {
    title: 'Learning Courses',
    description:
      'Short investing courses taught with the tools themselves: read an analysis, set an alert, compare a stock with the S&P 500, each lesson with a quiz.',
  },
  [paths.gettingStarted]: {
    title: 'Getting Started',
    description:
      'Get started with Tickerwise in four steps: create your account, complete your profile, learn the basics and join the investor community.',
  },
  [paths.videos]: {
    title: 'Video Tutorials',
    description:
      'Short Tickerwise video tutorials for beginner, intermediate and advanced investors: the dashboard, AI analysis, alerts and rebalancing.',
  },
  [paths.glossary]: {
    title: 'Market Glossary',
    description:
      'Plain-language definitions of the investing terms you meet on Tickerwise, from bull markets and dividends to P/E ratios and volatility.',
  },
  [paths.caseStudy]: {
    title: 'Case Study',
    description:
      'How a part-time investor used Tickerwise AI analysis, alerts and courses to replace guesswork with a clear investing process.',
  },
  [paths.about]: {
    title: 'About Tickerwise',
    description:
      'Tickerwise gives individual investors AI research, market data and education. Read about our mission, vision, values and story.',
  },
  [paths.team]: {
    title: 'Meet the Founder',
    description:
      'Meet Alex Morgan, founder and CEO of Tickerwise, and find out how to join the team building AI-assisted investing for individual investors.',
  },
  [paths.careers]: {
    title: 'Careers',
    description:
      'Join Tickerwise: open remote, full-time roles for a Full Stack Developer, Machine Learning Engineer, Product Designer and Marketing Lead.',
  },
  [paths.partners]: {
    title: 'Partners',
    description:
      'Partner with Tickerwise: programmes for brokerages, educators and data providers who want to reach engaged individual investors.',
  },
  [paths.contact]: {
    title: 'Contact Us',
    description:
      'Contact Tickerwise by email for general questions, customer support, business partnerships or press. We reply within 24 hours on business days.',
  },
  [paths.support]: {
    title: 'Help Center',
    description:
      'Tickerwise Help Center: answers about getting started, payment methods, cancelling and AI analysis, plus support hours and contacts.',
  },
};

/** Sets the page's title and description from `sitePages`. */
export function useSitePage(path: PrerenderedPath): void {
  const page = sitePages[path];
  usePageTitle(page.title, page.description);
}

/** The document title a page's head carries, as `usePageTitle` writes it. */
export function documentTitle(page: SitePage): string {
  return page.title ? `${page.title} | Tickerwise` : homeTitle;
}
