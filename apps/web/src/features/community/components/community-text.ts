import type { CommunityQuota } from '@tickerwise/shared';

/**
 * "3 of 5 posts, 7 of 10 replies this month, resets on the 1st"; on a plan without limits,
 * "12 posts, 4 replies this month, no limit on your plan".
 */
export function quotaText(quota: CommunityQuota): string {
  const part = (used: number, limit: number | null, one: string, many: string) =>
    limit === null
      ? `${used} ${used === 1 ? one : many}`
      : `${used} of ${limit} ${limit === 1 ? one : many}`;
  const unlimited = quota.posts.limit === null && quota.replies.limit === null;
  return `${part(quota.posts.used, quota.posts.limit, 'post', 'posts')}, ${part(quota.replies.used, quota.replies.limit, 'reply', 'replies')} this month, ${unlimited ? 'no limit on your plan' : 'resets on the 1st'}`;
}

/** Whether the month's posts are used up. */
export function postsUsedUp(quota: CommunityQuota): boolean {
  return quota.posts.limit !== null && quota.posts.used >= quota.posts.limit;
}

/** "just now", "5 min ago", "3 h ago", else the date. */
export function postedAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}
