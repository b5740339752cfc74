import { paths } from '@tickerwise/shared';

export interface GettingStartedStep {
  title: string;
  description: string;
  linkLabel: string;
  to: string;
}

/** docs/PRODUCT.md §3.8, Getting Started: four steps and their links ('#' for the profile step). */
export const gettingStartedSteps: readonly GettingStartedStep[] = [
  {
    title: 'Create Your Account',
    description:
      'Pick a plan and sign up with your name and email. The Free plan needs no card, and you can change plans at any time.',
    linkLabel: 'Create your account',
    to: paths.signup,
  },
  {
    title: 'Complete Your Profile',
    description:
      'Tell us your experience and goals, so lessons, insights and alerts match the way you invest.',
    linkLabel: 'Complete your profile',
    to: '#',
  },
  {
    title: 'Learn the Basics',
    description:
      'Start with the beginner courses: how markets work, reading a stock page and building a diversified portfolio.',
    linkLabel: 'Start learning',
    // The catalogue opens its first course.
    to: `${paths.learn}?open=first`,
  },
  {
    title: 'Join the Community',
    description:
      'Share ideas, ask questions and learn from other investors in a community that values reasoning over hype.',
    linkLabel: 'Visit the community',
    to: paths.socialFeed,
  },
];

export const supportEmail = 'support@tickerwise.com';
