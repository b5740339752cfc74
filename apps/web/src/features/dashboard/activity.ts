import {
  paths,
  type RecentTransaction,
  type TransactionKind,
  transactionKindLabels,
} from '@tickerwise/shared';
import { transactionDetails } from '../../lib/transaction-text.ts';

/**
 * One line of Recent Activity. Each source of activity (portfolio transactions now; alerts
 * fired and analyses read as those arrive) maps its records to this shape, and the list
 * merges them newest first.
 */
export interface ActivityItem {
  /** Unique across sources: `<kind>:<id>`. */
  key: string;
  kind: 'transaction';
  /** What the item's icon shows: for a transaction, its kind (a buy, a dividend...). */
  glyph: TransactionKind;
  /** When it happened: an ISO instant, or a YYYY-MM-DD day for things dated by day. */
  at: string;
  title: string;
  detail: string;
  /** Where the line leads. */
  href: string;
}

export function transactionActivity(transaction: RecentTransaction): ActivityItem {
  const label = transactionKindLabels[transaction.kind];
  return {
    key: `transaction:${transaction.id}`,
    kind: 'transaction',
    glyph: transaction.kind,
    at: transaction.date,
    title: transaction.symbol ? `${label} ${transaction.symbol}` : label,
    detail: `${transactionDetails(transaction)} · ${transaction.portfolioName}`,
    href: `${paths.portfolio}?portfolio=${encodeURIComponent(transaction.portfolioId)}`,
  };
}

/** Items of every source, newest first (a day sorts as its start), at most `limit`. */
export function mergeActivity(sources: readonly ActivityItem[][], limit: number): ActivityItem[] {
  const time = (item: ActivityItem) =>
    Date.parse(item.at.length === 10 ? `${item.at}T00:00:00Z` : item.at);
  return sources
    .flat()
    .sort((a, b) => time(b) - time(a))
    .slice(0, limit);
}
