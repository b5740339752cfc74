import { describe, expect, it } from 'vitest';
import { addBusinessHours } from './support.ts';

const at = (iso: string) => new Date(iso);

describe('addBusinessHours', () => {
  it('counts Monday to Friday, 9am to 5pm New York time', () => {
    // Tuesday 10am EDT (14:00 UTC) + 4 hours: 2pm the same day.
    expect(addBusinessHours(at('2026-03-10T14:00:00Z'), 4).toISOString()).toBe(
      '2026-03-10T18:00:00.000Z',
    );
    // Friday 4pm EST + 4 hours: one hour on Friday, three on Monday from 9am: Monday noon.
    expect(addBusinessHours(at('2026-01-09T21:00:00Z'), 4).toISOString()).toBe(
      '2026-01-12T17:00:00.000Z',
    );
    // Saturday: the clock starts on Monday at 9am.
    expect(addBusinessHours(at('2026-01-10T15:00:00Z'), 8).toISOString()).toBe(
      '2026-01-12T22:00:00.000Z',
    );
  });

  it('follows daylight saving time and starts at the next quarter hour', () => {
    // Friday 6 March 2026 4pm EST; clocks go forward on Sunday 8 March: Monday noon is EDT.
    expect(addBusinessHours(at('2026-03-06T21:00:00Z'), 4).toISOString()).toBe(
      '2026-03-09T16:00:00.000Z',
    );
    // 10:07 counts from 10:15.
    expect(addBusinessHours(at('2026-03-10T14:07:00Z'), 1).toISOString()).toBe(
      '2026-03-10T15:15:00.000Z',
    );
  });
});
