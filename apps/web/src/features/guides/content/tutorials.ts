export type TutorialLevel = 'Beginner' | 'Intermediate' | 'Advanced';
export type TutorialThumbnail = 'dashboard' | 'analysis' | 'alerts' | 'portfolio';

export interface Tutorial {
  title: string;
  description: string;
  duration: string;
  level: TutorialLevel;
  thumbnail: TutorialThumbnail;
}

/** docs/PRODUCT.md §3.8, Video Tutorials: four tutorials. */
export const tutorials: readonly Tutorial[] = [
  {
    title: 'A Tour of Your Dashboard',
    description:
      'Find your way around the dashboard, the stocks list and a stock page, and set up the views you will use every day.',
    duration: '6:45',
    level: 'Beginner',
    thumbnail: 'dashboard',
  },
  {
    title: 'Reading an AI Stock Analysis',
    description:
      'What each part of an analysis tells you, how to check it against the numbers, and when to dig deeper yourself.',
    duration: '11:20',
    level: 'Intermediate',
    thumbnail: 'analysis',
  },
  {
    title: 'Alerts That Work for You',
    description:
      'Set price targets and percentage moves that match your plan, so you hear about the moves that matter and nothing else.',
    duration: '8:05',
    level: 'Beginner',
    thumbnail: 'alerts',
  },
  {
    title: 'Rebalancing a Concentrated Portfolio',
    description:
      'Measure sector and position weights, decide on targets, and plan the trades that bring a portfolio back in line.',
    duration: '15:30',
    level: 'Advanced',
    thumbnail: 'portfolio',
  },
];

export const tutorialRequestEmail = 'support@tickerwise.com';
