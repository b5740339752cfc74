import type {
  ModerationActionName,
  ModerationKind,
  ReportReason,
  ReportSummary,
} from '@tickerwise/shared';

export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam',
  misleading: 'Misleading',
  pump: 'Pump and dump',
  abuse: 'Abusive',
  other: 'Something else',
};

export const kindLabels: Record<ModerationKind, string> = {
  reports: 'Reported',
  pump: 'Held by the pump guard',
  appeal: 'Appeal',
};

export const actionLabels: Record<ModerationActionName, string> = {
  restore: 'Restored',
  remove: 'Removed',
  uphold: 'Upheld a removal',
  suspend: 'Suspended',
  dismiss: 'Dismissed reports',
  remove_message: 'Removed a message',
  dismiss_message: 'Dismissed reports of a message',
};

/** "3 reports: Pump and dump 2, Spam 1", or "No reports". */
export function reportsText(reports: ReportSummary): string {
  if (reports.total === 0) return 'No reports';
  const parts = Object.entries(reports.reasons)
    .sort(([, a], [, b]) => (b ?? 0) - (a ?? 0))
    .map(([reason, count]) => `${reportReasonLabels[reason as ReportReason]} ${count}`);
  return `${reports.total} ${reports.total === 1 ? 'report' : 'reports'}: ${parts.join(', ')}`;
}

/** "Nov 30, 2026, 15:00" in the reader's time. */
export function dateTimeText(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
