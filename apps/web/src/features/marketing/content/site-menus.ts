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
        to: paths.calculator,
        description: 'Project growth with regular deposits',
      },
      {
        label: 'Risk Assessment',
        to: paths.riskAssessment,
        description: 'Find the risk level that suits you',
      },
      {
        label: 'Portfolio Templates',
        to: paths.templates,
        description: 'CSV files the importer reads',
      },
      { label: 'Case Study', to: paths.caseStudy, description: 'How one investor found a process' },
      {
        label: 'Investment Strategies',
        to: paths.strategies,
        description: 'Value, growth, income and index',
      },
      {
        label: 'Risk Management',
        to: paths.riskManagement,
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
        to: paths.featureAi,
        description: 'Plain-language reads on any stock',
      },
      {
        label: 'Portfolio Tracking',
        to: paths.featurePortfolio,
        description: 'Every holding, one live view',
      },
      {
        label: 'Smart Alerts',
        to: paths.featureAlerts,
        description: 'Price and indicator alerts you set',
      },
      {
        label: 'Investor Community',
        to: paths.featureSocial,
        description: 'Discuss ideas with other investors',
      },
      {
        label: 'Learning Courses',
        to: paths.courses,
        description: 'From first stock to full portfolio',
      },
      {
        label: 'Market Data',
        to: paths.featureAnalysis,
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
