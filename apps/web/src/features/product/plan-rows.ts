import type { Entitlements } from '@tickerwise/shared';

/** One line of a feature page's plan table: a label and what a plan's entitlements say. */
export interface PlanRow {
  label: string;
  value: (plan: Readonly<Entitlements>) => string;
}

const count = new Intl.NumberFormat('en-US');

/** "Unlimited" for `null`, "Not included" for 0, else the number with separators. */
export function limitText(value: number | null, none = 'Not included'): string {
  if (value === null) return 'Unlimited';
  return value === 0 ? none : count.format(value);
}

const yesNo = (value: boolean) => (value ? 'Included' : 'Not included');

export const marketDataRow: PlanRow = {
  label: 'Prices',
  value: (plan) =>
    plan.marketData.kind === 'realtime'
      ? 'Real-time'
      : `Delayed ${plan.marketData.delayMinutes} minutes`,
};

export const planRows = {
  ai: [
    {
      label: 'Written analyses and questions a day',
      value: (plan) => limitText(plan.aiCallsPerDay),
    },
    { label: 'Technical rating, key figures and checklist', value: () => 'Included' },
    marketDataRow,
  ],
  analysis: [
    marketDataRow,
    { label: 'Saved screener screens', value: (plan) => limitText(plan.savedScreens) },
    {
      label: 'Watchlists (symbols in each)',
      value: (plan) => `${limitText(plan.watchlists)} (${limitText(plan.watchlistSymbols)})`,
    },
    { label: 'Read-only API with keys', value: (plan) => yesNo(plan.apiAccess) },
  ],
  portfolio: [
    {
      label: 'Portfolios (plus the practice portfolio)',
      value: (plan) => limitText(plan.portfolios),
    },
    {
      label: 'Transactions in a portfolio',
      value: (plan) => limitText(plan.transactionsPerPortfolio),
    },
    {
      label: 'Transactions in all portfolios',
      value: (plan) => limitText(plan.transactionsPerAccount),
    },
    marketDataRow,
  ],
  alerts: [
    { label: 'Custom alerts at once', value: (plan) => limitText(plan.customAlerts) },
    {
      label: 'Saved screens that alert when a symbol enters',
      value: (plan) => limitText(plan.savedScreens),
    },
    {
      label: 'Webhook, Slack and Discord destinations',
      value: (plan) => yesNo(plan.integrations),
    },
  ],
  social: [
    { label: 'Posts a month', value: (plan) => limitText(plan.postsPerMonth) },
    { label: 'Replies a month', value: (plan) => limitText(plan.repliesPerMonth) },
    { label: 'Reading, following, likes and messages', value: () => 'Included' },
  ],
} satisfies Record<string, PlanRow[]>;
