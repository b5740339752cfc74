export interface ContactChannel {
  id: 'general' | 'support' | 'business' | 'press';
  title: string;
  description: string;
  email: string;
}

/** docs/PRODUCT.md §3.9, Contact: four mail channels. */
export const contactChannels: readonly ContactChannel[] = [
  {
    id: 'general',
    title: 'General enquiries',
    description: 'Questions about Tickerwise, feedback or anything else.',
    email: 'hello@tickerwise.com',
  },
  {
    id: 'support',
    title: 'Customer support',
    description: 'Help with your account, plan, billing or a feature.',
    email: 'support@tickerwise.com',
  },
  {
    id: 'business',
    title: 'Business and partnerships',
    description: 'Partnerships, integrations and team plans.',
    email: 'business@tickerwise.com',
  },
  {
    id: 'press',
    title: 'Press and media',
    description: 'Interviews, press kits and media requests.',
    email: 'press@tickerwise.com',
  },
];

export const officeHours = 'Monday to Friday, 9:00 AM to 5:00 PM EST';
export const responseTime = 'We typically reply within 24 hours on business days.';
