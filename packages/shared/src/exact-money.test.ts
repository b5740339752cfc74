import { describe, expect, it } from 'vitest';
import { formatCents } from './exact-money.ts';

describe('formatCents', () => {
  it('writes whole cents as dollars, exactly, with thousands grouped', () => {
    expect(formatCents(1999)).toBe('$19.99');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    // 0.29 * 100 is 28.999999999999996 in binary floating point; cents never pass through it.
    expect(formatCents(29)).toBe('$0.29');
    expect(formatCents(900719925474099)).toBe('$9,007,199,254,740.99');
  });

  it('marks a credit, and names a currency other than the dollar', () => {
    expect(formatCents(-1000)).toBe('-$10.00');
    expect(formatCents(500, 'eur')).toBe('EUR 5.00');
  });

  it('refuses what is not a whole number of cents', () => {
    expect(() => formatCents(19.5)).toThrow();
    expect(() => formatCents(Number.NaN)).toThrow();
  });
});
