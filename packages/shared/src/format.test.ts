import { describe, expect, it } from 'vitest';
import {
  formatCompactNumber,
  formatMarketCapBillions,
  formatPercentChange,
  formatRatio,
  formatUsd,
  formatVolume,
} from './format.ts';

describe('volume and market cap in the stocks list (T/B/M)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1,000'],
    [999_999, '999,999'],
    [1_000_000, '1.00M'],
    [1_234_567, '1.23M'],
    [999_999_999, '1000.00M'],
    [1_000_000_000, '1.00B'],
    [2_560_000_000, '2.56B'],
    [999_999_999_999, '1000.00B'],
    [1_000_000_000_000, '1.00T'],
    [3_000_000_000_000, '3.00T'],
    [850_000_000_000, '850.00B'],
  ])('%d reads %s', (value, expected) => {
    expect(formatCompactNumber(value)).toBe(expected);
  });

  it('reads 0 when the value is missing', () => {
    expect(formatCompactNumber(undefined)).toBe('0');
    expect(formatCompactNumber(null)).toBe('0');
    expect(formatCompactNumber(Number.NaN)).toBe('0');
  });

  it('formats smaller numbers with locale separators and no decimals', () => {
    expect(formatCompactNumber(12_345.6)).toBe('12,346');
  });
});

describe('the stock detail figures', () => {
  it('shows market cap in billions with one decimal', () => {
    expect(formatMarketCapBillions(3e12)).toBe('$3,000.0B');
    expect(formatMarketCapBillions(8.5e11)).toBe('$850.0B');
    expect(formatMarketCapBillions(1_234_567_890)).toBe('$1.2B');
    expect(formatMarketCapBillions(undefined)).toBe('$0.0B');
  });

  it('shows 24h volume with locale separators', () => {
    expect(formatVolume(55_123_456)).toBe('55,123,456');
    expect(formatVolume(0)).toBe('0');
    expect(formatVolume(undefined)).toBe('0');
  });

  it('shows the P/E ratio with one decimal', () => {
    expect(formatRatio(31.24)).toBe('31.2');
    expect(formatRatio(60)).toBe('60.0');
  });

  it('shows prices in dollars with two decimals', () => {
    expect(formatUsd(189.5)).toBe('$189.50');
    expect(formatUsd(1234.567)).toBe('$1,234.57');
  });

  it('shows a change with its sign and two decimals', () => {
    expect(formatPercentChange(1.25)).toBe('+1.25%');
    expect(formatPercentChange(-0.4)).toBe('-0.40%');
    expect(formatPercentChange(0)).toBe('0.00%');
  });
});
