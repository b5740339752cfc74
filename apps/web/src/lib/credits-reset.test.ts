import { describe, expect, it } from 'vitest';
import { resetText } from './credits-reset.ts';

describe('resetText', () => {
  it('says when the credits come back and how long that is', () => {
    const now = Date.parse('2026-11-23T20:48:00Z');
    expect(resetText('2026-11-24T00:00:00.000Z', now)).toBe(
      '00:00 UTC, in\u00a03\u00a0h\u00a012\u00a0min',
    );
    expect(resetText('2026-11-24T00:00:00.000Z', Date.parse('2026-11-23T23:50:00Z'))).toBe(
      '00:00 UTC, in\u00a010\u00a0min',
    );
  });
});
