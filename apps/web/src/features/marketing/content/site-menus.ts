import { paths } from '@tickerwise/shared';

export interface MenuLink {
  label: string;
  to: string;
  description: string;
}

export interface MenuGroup {
  id: 'resources' | 'product' | 'about';
  label: string;
  links: readonly MenuLink[];
}

/**
 * The header's drop-down menus and the footer's columns: docs/PRODUCT.md §2 and §3.1,
 * in its order. Targets without a route (tools, features, some guides) redirect to `/`.
 */
export const siteMenus: readonly MenuGroup[] = [
  {
    id: 'resources',
    label: 'Resources',
    links: [
      {
        label: 'Getting Started',
        to: paths.gettingStarted,
        description: 'Set up your account in four steps',
      },
      { label: 'Video Tutorials', to: paths.videos, description: 'Short lessons on every tool' },
      {
        label: 'Market Glossary',
        to: paths.glossary,
        description: 'Investing terms in plain words',
      },
      {
        label: 'Investment Calculator',
        to: '/tools/calculator',
        description: 'Project growth with regular deposits',
      },
      {
        label: 'Risk Assessment',
        to: '/tools/risk-assessment',
        description: 'Find the risk level that suits you',
      },
      {
        label: 'Portfolio Templates',
        to: '/tools/templates',
        description: 'Starting allocations to adapt',
      },
      { label: 'Case Study', to: paths.caseStudy, description: 'How one investor found a process' },
      {
        label: 'Investment Strategies',
        to: '/guides/strategies',
        description: 'Value, growth, income and index',
      },
      {
        label: 'Risk Management',
        to: '/guides/risk-management',
        description: 'Position sizing and diversification',
      },
    ],
  },
  {
    id: 'product',
    label: 'Product',
    links: [
      {
        label: 'AI Market Analysis',
        to: '/features/ai',
        description: 'Plain-language reads on any stock',
      },
      {
        label: 'Portfolio Tracking',
        to: '/features/portfolio',
        description: 'Every holding, one live view',
      },
      {
        label: 'Smart Alerts',
        to: '/features/alerts',
        description: 'Price and news alerts you set',
      },
      {
        label: 'Investor Community',
        to: '/features/social',
        description: 'Discuss ideas with other investors',
      },
      {
        label: 'Learning Courses',
        to: paths.courses,
        description: 'From first stock to full portfolio',
      },
      {
        label: 'Market Data',
        to: '/features/analysis',
        description: 'Quotes, history and key ratios',
      },
    ],
  },
  {
    id: 'about',
    label: 'About',
    links: [
      { label: 'About Us', to: paths.about, description: 'Our mission and our story' },
      { label: 'Our Founder', to: paths.team, description: 'Who builds Tickerwise' },
      { label: 'Careers', to: paths.careers, description: 'Open remote roles' },
      { label: 'Partners', to: paths.partners, description: 'Work with Tickerwise' },
      { label: 'Contact', to: paths.contact, description: 'Reach the right team' },
      { label: 'Help Center', to: paths.support, description: 'Answers and support hours' },
    ],
  },
];
