import { describe, expect, it } from 'vitest';
import {
  dateOf,
  holidaysOf,
  isTradingDay,
  lastClosedSession,
  nextTradingDayAt,
  previousTradingDay,
  tradingDaysBetween,
} from './market-calendar.ts';

const holidayDates = (year: number) => [...holidaysOf(year)].sort().map(dateOf);

describe('the NYSE calendar', () => {
  it('knows the exchange holidays of 2024, 2025 and 2026', () => {
    expect(holidayDates(2024)).toEqual([
      '2024-01-01',
      '2024-01-15',
      '2024-02-19',
      '2024-03-29',
      '2024-05-27',
      '2024-06-19',
      '2024-07-04',
      '2024-09-02',
      '2024-11-28',
      '2024-12-25',
    ]);
    // 2025 adds the national day of mourning for President Carter (January 9).
    expect(holidayDates(2025)).toEqual([
      '2025-01-01',
      '2025-01-09',
      '2025-01-20',
      '2025-02-17',
      '2025-04-18',
      '2025-05-26',
      '2025-06-19',
      '2025-07-04',
      '2025-09-01',
      '2025-11-27',
      '2025-12-25',
    ]);
    expect(holidayDates(2026)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('moves weekend holidays to the nearest weekday, except New Year on a Saturday', () => {
    // Independence Day 2026 is a Saturday: observed Friday July 3.
    expect(isTradingDay('2026-07-03')).toBe(false);
    // Christmas 2022 was a Sunday: observed Monday December 26.
    expect(isTradingDay('2022-12-26')).toBe(false);
    // New Year 2022 was a Saturday: Friday December 31, 2021 was a normal session.
    expect(isTradingDay('2021-12-31')).toBe(true);
    expect(holidayDates(2022)).not.toContain('2021-12-31');
    // Juneteenth counts from 2022 on.
    expect(isTradingDay('2021-06-18')).toBe(true);
    expect(isTradingDay('2022-06-20')).toBe(false);
  });

  it('has about 252 trading days a year', () => {
    for (const year of [2021, 2022, 2023, 2024, 2025]) {
      const days = tradingDaysBetween(`${year}-01-01`, `${year}-12-31`);
      expect(days.length).toBeGreaterThanOrEqual(249);
      expect(days.length).toBeLessThanOrEqual(253);
    }
    expect(tradingDaysBetween('2024-01-01', '2024-12-31')).toHaveLength(252);
  });

  it('skips weekends and holidays going back', () => {
    expect(previousTradingDay('2026-03-16')).toBe('2026-03-13');
    expect(previousTradingDay('2026-04-06')).toBe('2026-04-02');
  });

  it('counts a session as closed from 16:00 New York time, in summer and in winter', () => {
    // Winter (EST, UTC-5): 20:59 UTC is 15:59 in New York.
    expect(lastClosedSession(Date.parse('2026-01-15T20:59:00Z'))).toBe('2026-01-14');
    expect(lastClosedSession(Date.parse('2026-01-15T21:00:00Z'))).toBe('2026-01-15');
    // Summer (EDT, UTC-4).
    expect(lastClosedSession(Date.parse('2026-06-15T19:59:00Z'))).toBe('2026-06-12');
    expect(lastClosedSession(Date.parse('2026-06-15T20:00:00Z'))).toBe('2026-06-15');
    // A Sunday and a holiday look back to the last session.
    expect(lastClosedSession(Date.parse('2026-03-15T18:00:00Z'))).toBe('2026-03-13');
    expect(lastClosedSession(Date.parse('2026-11-26T22:00:00Z'))).toBe('2026-11-25');
  });

  it('finds the next trading day at a New York time', () => {
    // Friday 2026-04-02 after 18:00 -> Monday 2026-04-06 (Good Friday in between).
    expect(
      new Date(nextTradingDayAt(Date.parse('2026-04-02T23:00:00Z'), 18 * 60)).toISOString(),
    ).toBe('2026-04-06T22:00:00.000Z');
    expect(
      new Date(nextTradingDayAt(Date.parse('2026-01-15T12:00:00Z'), 18 * 60)).toISOString(),
    ).toBe('2026-01-15T23:00:00.000Z');
  });
});
