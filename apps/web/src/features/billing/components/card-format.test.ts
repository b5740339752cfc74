import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry } from './card-format.ts';

describe('card fields as people type them', () => {
  it('groups the card number in fours', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 42')).toBe('4242 42');
    expect(formatCardNumber('4242-4242-x')).toBe('4242 4242');
  });

  it('puts the slash into the expiry', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
  });
});
