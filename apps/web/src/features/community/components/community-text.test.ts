import { describe, expect, it } from 'vitest';
import { postsUsedUp, quotaText } from './community-text.ts';

const resetsAt = '2026-12-01T00:00:00.000Z';

describe('the month’s quota line', () => {
  it('names use and limit, and when it resets', () => {
    const quota = { posts: { used: 3, limit: 5 }, replies: { used: 7, limit: 10 }, resetsAt };
    expect(quotaText(quota)).toBe('3 of 5 posts, 7 of 10 replies this month, resets on the 1st');
    expect(postsUsedUp(quota)).toBe(false);
    expect(postsUsedUp({ ...quota, posts: { used: 5, limit: 5 } })).toBe(true);
  });

  it('says there is no limit on a plan without one', () => {
    const quota = { posts: { used: 12, limit: null }, replies: { used: 1, limit: null }, resetsAt };
    expect(quotaText(quota)).toBe('12 posts, 1 reply this month, no limit on your plan');
    expect(postsUsedUp(quota)).toBe(false);
  });
});
