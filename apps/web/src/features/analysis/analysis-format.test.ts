import { describe, expect, it } from 'vitest';
import {
  checkValue,
  needleAngle,
  ratingDescription,
  signedPercent,
  streamedSections,
  voteCounts,
} from './analysis-format.ts';

describe('analysis formatting', () => {
  it('signs percents and shows a dash when missing', () => {
    expect(signedPercent(12.345)).toBe('+12.3 %');
    expect(signedPercent(-3)).toBe('−3.0 %');
    expect(signedPercent(0)).toBe('0.0 %');
    expect(signedPercent(-0.004)).toBe('0.0 %');
    expect(signedPercent(null)).toBe('—');
  });

  it('turns a score into the needle angle, clamped to the dial', () => {
    expect(needleAngle(-1)).toBe(-90);
    expect(needleAngle(0.5)).toBe(45);
    expect(needleAngle(3)).toBe(90);
    expect(needleAngle(null)).toBe(0);
  });

  it('describes the rating in words for screen readers', () => {
    expect(ratingDescription(0.321, 'buy')).toBe(
      'Buy, score 0.32 on a scale from −1 (Strong Sell) to 1 (Strong Buy)',
    );
    expect(ratingDescription(null, null)).toMatch(/not available/i);
  });

  it('counts the votes and names those without enough history', () => {
    const group = {
      score: 0.2,
      label: 'buy' as const,
      buy: 8,
      neutral: 4,
      sell: 3,
      unavailable: 0,
    };
    expect(voteCounts(group)).toBe('8 buy, 4 neutral, 3 sell');
    expect(voteCounts({ ...group, unavailable: 2 })).toBe(
      '8 buy, 4 neutral, 3 sell, 2 not available',
    );
  });

  it('shows a checked figure in its unit', () => {
    const base = {
      key: 'pe',
      area: 'value' as const,
      label: 'Price to earnings',
      status: 'pass' as const,
      threshold: 'below 25',
      explanation: '',
    };
    expect(checkValue({ ...base, value: 18.234, unit: 'ratio' })).toBe('18.23');
    expect(checkValue({ ...base, value: 12.5, unit: 'percent' })).toBe('12.5 %');
    expect(checkValue({ ...base, value: null, unit: 'ratio', status: 'not_available' })).toBe('—');
  });

  it('splits streamed text into sections as the headings arrive', () => {
    expect(streamedSections('## Summary\n\nApple rose.\n\n## Risks\n\nVol')).toEqual([
      { title: 'Summary', text: 'Apple rose.' },
      { title: 'Risks', text: 'Vol' },
    ]);
    expect(streamedSections('An answer without headings.')).toEqual([
      { title: null, text: 'An answer without headings.' },
    ]);
  });
});
