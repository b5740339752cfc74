import { describe, expect, it } from 'vitest';
import { formatTimeAgo } from './format-time.ts';

describe('how long ago', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('reads as people say it, then turns into a date after a week', () => {
    expect(formatTimeAgo(ago(20), now)).toBe('just now');
    expect(formatTimeAgo(ago(60), now)).toBe('1 minute ago');
    expect(formatTimeAgo(ago(59 * 60), now)).toBe('59 minutes ago');
    expect(formatTimeAgo(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatTimeAgo(ago(30 * 3600), now)).toBe('yesterday');
    expect(formatTimeAgo(ago(6 * 86400), now)).toBe('6 days ago');
    expect(formatTimeAgo(ago(8 * 86400), now)).toMatch(/^Mar [12], 2026$/);
  });

  it('says "just now" for a time a clock ahead of ours put in the future', () => {
    expect(formatTimeAgo(ago(-30), now)).toBe('just now');
  });
});
