import {
  type AlertFiring,
  type AnalysisRead,
  type LearnProgress,
  lessonPath,
  paths,
  portfolioLabel,
  type RecentTransaction,
  type TransactionKind,
  transactionKindLabels,
} from '@tickerwise/shared';
import { transactionDetails } from '../../lib/transaction-text.ts';

/**
 * One line of Recent Activity. Each source of activity (portfolio transactions, alerts that
 * fired, analyses read) maps its records to this shape, and the list merges them newest first.
 */
export interface ActivityItem {
  /** Unique across sources: `<kind>:<id>`. */
  key: string;
  kind: 'transaction' | 'alert' | 'analysis' | 'lesson';
  /** What the item's icon shows: for a transaction, its kind (a buy, a dividend...). */
  glyph: TransactionKind | 'alert' | 'analysis' | 'lesson';
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
    detail: `${transactionDetails(transaction)} · ${portfolioLabel({ name: transaction.portfolioName, kind: transaction.portfolioKind })}`,
    href: `${paths.portfolio}?portfolio=${encodeURIComponent(transaction.portfolioId)}`,
  };
}

/** A fired alert: what the notification said, leading to the Alerts page and its history. */
export function alertActivity(firing: AlertFiring): ActivityItem {
  return {
    key: `alert:${firing.id}`,
    kind: 'alert',
    glyph: 'alert',
    at: firing.firedAt,
    title: firing.title,
    detail: `Alert fired · ${firing.symbol}`,
    href: paths.alerts,
  };
}

/** A stock's written analysis the user opened (docs/PRODUCT.md §3.23); leads to the stock. */
export function analysisActivity(read: AnalysisRead): ActivityItem {
  return {
    key: `analysis:${read.symbol}:${read.day}`,
    kind: 'analysis',
    glyph: 'analysis',
    at: read.openedAt,
    title: `Read the analysis of ${read.symbol}`,
    detail: read.name,
    href: `${paths.stocks}/${encodeURIComponent(read.symbol)}`,
  };
}

/** A lesson completed (its quiz passed); leads to the lesson. */
export function lessonActivity(lesson: LearnProgress['recentLessons'][number]): ActivityItem {
  return {
    key: `lesson:${lesson.lessonId}`,
    kind: 'lesson',
    glyph: 'lesson',
    at: lesson.completedAt,
    title: `Completed the lesson “${lesson.lessonTitle}”`,
    detail: lesson.courseTitle,
    href: lessonPath(lesson.courseId, lesson.lessonId),
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
