import type { CommunityQuota } from '@tickerwise/shared';

/** "3 of 5 posts, 7 of 10 replies this month, resets on the 1st". */
export function quotaText(quota: CommunityQuota): string {
  const part = (used: number, limit: number | null, what: string) =>
    limit === null ? `${used} ${what} (no limit)` : `${used} of ${limit} ${what}`;
  return `${part(quota.posts.used, quota.posts.limit, 'posts')}, ${part(quota.replies.used, quota.replies.limit, 'replies')} this month, resets on the 1st`;
}

/** "just now", "5 min ago", "3 h ago", else the date. */
export function postedAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}
