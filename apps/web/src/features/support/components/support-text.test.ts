import { describe, expect, it } from 'vitest';
import { replyClock, sizeText } from './support-text.ts';

const now = Date.parse('2026-03-10T14:00:00Z');

describe('replyClock', () => {
  it('counts down to the target, then up past it', () => {
    expect(replyClock('2026-03-10T16:15:00Z', now)).toEqual({
      text: 'Due in 2 h 15 min',
      overdue: false,
    });
    expect(replyClock('2026-03-10T14:20:00Z', now)).toEqual({
      text: 'Due in 20 min',
      overdue: false,
    });
    expect(replyClock('2026-03-10T13:20:00Z', now)).toEqual({
      text: 'Overdue by 40 min',
      overdue: true,
    });
    expect(replyClock('2026-03-06T14:00:00Z', now)).toEqual({
      text: 'Overdue by 4 days',
      overdue: true,
    });
  });
});

describe('sizeText', () => {
  it('says kilobytes below a megabyte', () => {
    expect(sizeText(70)).toBe('1 KB');
    expect(sizeText(820_400)).toBe('820 KB');
    expect(sizeText(1_000_000)).toBe('1.0 MB');
  });
});
