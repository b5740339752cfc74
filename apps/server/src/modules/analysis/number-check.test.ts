import { describe, expect, it } from 'vitest';
import { GroundedTextStream, UngroundedFigureError } from './grounded-stream.ts';
import { allowedFactsOf, statedFigures, unmatchedFigures } from './number-check.ts';

const facts = allowedFactsOf({
  lastClose: 189.84,
  marketCapUsd: 2_946_000_000_000,
  'returns over 1 year': { percent: -12.34, since: '2024-06-28' },
  'range 52 weeks': { low: 164.08, high: 237.49 },
  beta: 1.12,
  peRatio: 28.4,
  volume: 48_213_900,
  dataDate: '2025-06-27',
  rule: 'Buy when RSI is below 30 and rising, sell when above 70 and falling.',
  checks: { passed: 8, total: 15 },
});

describe('reading the figures of a text', () => {
  it('reads dollars, percentages, commas, scales, ratios and signs', () => {
    const figures = statedFigures(
      'Closed at $1,234.56, down 12.3% (−4.5 percent), worth $2.95 trillion or 3.1B, at 28.4x.',
    );
    expect(
      figures.map((figure) => (figure.kind === 'number' ? [figure.value, figure.sign] : null)),
    ).toEqual([
      [1234.56, 0],
      [12.3, 0],
      [4.5, -1],
      [2.95e12, 0],
      [3.1e9, 0],
      [28.4, 0],
    ]);
  });

  it('reads dates in ISO and written forms', () => {
    const figures = statedFigures(
      'From 2024-06-28, on March 5, 2025, on 5 March 2025, in June 2025 and on Jun 27.',
    );
    expect(figures).toEqual([
      { kind: 'date', text: '2024-06-28', date: '2024-06-28' },
      { kind: 'date', text: 'March 5, 2025', date: '2025-03-05' },
      { kind: 'date', text: '5 March 2025', date: '2025-03-05' },
      { kind: 'month', text: 'June 2025', year: 2025, month: 6 },
      { kind: 'dayOfMonth', text: 'Jun 27', month: 6, day: 27 },
    ]);
  });

  it('reads written cardinals but lets "one" and ordinal words pass', () => {
    const figures = statedFigures(
      'One of the first signs: three of the fifteen checks, twenty-six votes, a third time.',
    );
    expect(figures.map((figure) => (figure.kind === 'number' ? figure.value : null))).toEqual([
      3, 15, 26,
    ]);
  });

  it('does not read words that merely contain a month or a number word', () => {
    expect(statedFigures('The market may decline; someone often marches on.')).toEqual([]);
  });
});

describe('matching figures against the facts', () => {
  it('accepts numbers equal to a fact within the rounding the text shows', () => {
    const text =
      'The shares closed at $189.84 ($190 rounded), down 12.3% over the past year (12%), with a beta of 1.1 and a P/E of 28.4x; the company is worth $2.95 trillion, or $2,946 billion.';
    expect(unmatchedFigures(text, facts)).toEqual([]);
  });

  it('rejects numbers the rounding shown cannot explain', () => {
    expect(unmatchedFigures('The shares closed at $189.90.', facts)).toEqual(['$189.90']);
    expect(unmatchedFigures('Down 12.4% over the year.', facts)).toEqual(['12.4%']);
    expect(unmatchedFigures('Worth $3.1 trillion.', facts)).toEqual(['$3.1 trillion']);
  });

  it('rejects a sign that contradicts the fact', () => {
    expect(unmatchedFigures('A return of +12.34% over the year.', facts)).toEqual(['+12.34%']);
    expect(unmatchedFigures('A return of -12.34% over the year.', facts)).toEqual([]);
  });

  it('accepts numbers from keys and from the facts’ own words', () => {
    expect(
      unmatchedFigures(
        'Over 52 weeks and 1 year, RSI stayed between 30 and 70; 8 of 15 checks pass.',
        facts,
      ),
    ).toEqual([]);
  });

  it('keeps percentages, amounts and the numbers in the facts’ words apart', () => {
    // 30 is in the RSI rule's words: fine as "30", not as a percentage.
    expect(unmatchedFigures('RSI is above 30.', facts)).toEqual([]);
    expect(unmatchedFigures('Revenue grew 30%.', facts)).toEqual(['30%']);
    // -12.34 is a percentage: not a dollar amount.
    expect(unmatchedFigures('It fell $12.34.', facts)).toEqual(['$12.34']);
  });

  it('accepts only dates that are facts, in any written form', () => {
    expect(
      unmatchedFigures('As of June 27, 2025, since 28 June 2024, in June 2025.', facts),
    ).toEqual([]);
    expect(unmatchedFigures('Earnings are due on July 30, 2025.', facts)).toEqual([
      'July 30, 2025',
    ]);
    expect(unmatchedFigures('Back in March 2021 it was higher.', facts)).toEqual(['March 2021']);
  });

  it('rejects an invented count written in words', () => {
    expect(unmatchedFigures('Eleven of the checks pass.', facts)).toEqual(['Eleven']);
  });
});

describe('figures in disguise', () => {
  it('reads full-width digits, other scripts’ digits and invisible characters as the figure', () => {
    expect(unmatchedFigures('A target of ＄９８７６ … up ７００％.', facts)).toEqual([
      '$9876',
      '700%',
    ]);
    expect(unmatchedFigures('Up ٧٠٠٪, or ९८७६, or 9\u200b876.', facts)).toEqual([
      '700%',
      '9876',
      '9876',
    ]);
    expect(
      unmatchedFigures('Closed at ＄１８９．８４ with a beta of ١٫١٢, not ١٫٥.', facts),
    ).toEqual(['1.5']);
  });

  it('reads numbers in words at any size, with their unit', () => {
    expect(
      unmatchedFigures(
        'Worth five hundred dollars, up one thousand percent, a fіve hundred dollar gain.',
        facts,
      ),
    ).toEqual(['five hundred dollars', 'one thousand percent', 'five hundred dollar']);
    expect(
      unmatchedFigures(
        'Eight of fifteen checks, and one of them is new; the first half was firm.',
        facts,
      ),
    ).toEqual([]);
  });

  it('refuses a numeric claim it cannot read', () => {
    expect(
      unmatchedFigures('Up DCCC percent to $MM, or 九八七六, or ５ миллионов, or onefive.', facts),
    ).toEqual(['DCCC percent', '$MM', '九八七六', '5 mиллиohob', 'onefive']);
    expect(unmatchedFigures('World War II and Phase III ended.', facts)).toEqual([]);
  });
});

describe('the sentence-by-sentence check of a stream', () => {
  it('lets each sentence through once complete and checked, numbers split across pieces included', () => {
    const stream = new GroundedTextStream(facts);
    const shown = ['The shares closed at $18', '9.8', '4. Beta is 1.', '12 today', '.'].map(
      (piece) => stream.push(piece),
    );
    expect(shown).toEqual(['', '', 'The shares closed at $189.84. ', '', '']);
    expect(stream.end()).toBe('Beta is 1.12 today.');
  });

  it('stops at the first sentence with a figure that is not a fact', () => {
    const stream = new GroundedTextStream(facts);
    expect(stream.push('Closed at $189.84. ')).toBe('Closed at $189.84. ');
    expect(() => stream.push('Analysts see $250 next year. More')).toThrow(UngroundedFigureError);
  });

  it('checks what is left at the end', () => {
    const stream = new GroundedTextStream(facts);
    stream.push('A beta of 7.5');
    expect(() => stream.end()).toThrow(/7\.5/);
  });
});
