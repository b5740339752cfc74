import { describe, expect, it } from 'vitest';
import { yearRangeFill } from './year-range.ts';

describe('the 52-week range bar', () => {
  it('fills (price - low) / (high - low)', () => {
    expect(yearRangeFill(150, 100, 200)).toBe(50);
    expect(yearRangeFill(100, 100, 200)).toBe(0);
    expect(yearRangeFill(200, 100, 200)).toBe(100);
  });

  it('clamps a price outside the range to 0..100%', () => {
    expect(yearRangeFill(90, 100, 200)).toBe(0);
    expect(yearRangeFill(250, 100, 200)).toBe(100);
  });

  it('draws something sane for an empty range', () => {
    expect(yearRangeFill(100, 100, 100)).toBe(100);
    expect(yearRangeFill(99, 100, 100)).toBe(0);
  });
});
