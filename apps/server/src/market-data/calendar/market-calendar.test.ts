import { describe, expect, it } from 'vitest';
import {
  dateOf,
  holidaysOf,
  isEarlyClose,
  isTradingDay,
  lastClosedSession,
  marketStatusAt,
  nextTradingDayAt,
  previousTradingDay,
  sessionCloseOf,
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

describe('the market status', () => {
  const status = (iso: string) => {
    const { state, asOf, session, nextOpen } = marketStatusAt(Date.parse(iso));
    return {
      state,
      asOf: new Date(asOf).toISOString(),
      session,
      nextOpen: new Date(nextOpen).toISOString(),
    };
  };

  it('is closed all Thanksgiving, at the close of the day before, opening the next morning', () => {
    // 2026-11-26 is Thanksgiving: 07:54 and 11:00 in New York are both closed.
    for (const iso of ['2026-11-26T12:54:00Z', '2026-11-26T16:00:00Z', '2026-11-27T01:00:00Z']) {
      expect(status(iso)).toEqual({
        state: 'closed',
        asOf: '2026-11-25T21:00:00.000Z',
        session: '2026-11-25',
        nextOpen: '2026-11-27T14:30:00.000Z',
      });
    }
  });

  it('is closed over a weekend, from Friday 20:00 to Monday 4:00', () => {
    const closed = {
      state: 'closed',
      asOf: '2026-03-06T21:00:00.000Z',
      session: '2026-03-06',
      nextOpen: '2026-03-09T13:30:00.000Z',
    };
    expect(status('2026-03-07T01:00:00Z')).toEqual(closed); // Friday 20:00 EST
    expect(status('2026-03-08T18:00:00Z')).toEqual(closed); // Sunday
    expect(status('2026-03-09T07:59:00Z')).toEqual({ ...closed, state: 'closed' }); // Monday 3:59 EDT
  });

  it('is pre-market from 4:00 to 9:30, at the last close', () => {
    expect(status('2026-03-10T08:00:00Z')).toEqual({
      state: 'pre',
      asOf: '2026-03-09T20:00:00.000Z',
      session: '2026-03-09',
      nextOpen: '2026-03-10T13:30:00.000Z',
    });
    expect(status('2026-03-10T13:29:59Z').state).toBe('pre');
  });

  it('is open from 9:30 to 16:00, the prices as of now', () => {
    expect(status('2026-03-10T13:30:00Z')).toEqual({
      state: 'open',
      asOf: '2026-03-10T13:30:00.000Z',
      session: '2026-03-10',
      nextOpen: '2026-03-11T13:30:00.000Z',
    });
    expect(status('2026-03-10T19:59:59Z').state).toBe('open');
  });

  it('is after hours from 16:00 to 20:00, at the day’s close, then closed', () => {
    const after = {
      state: 'after',
      asOf: '2026-03-10T20:00:00.000Z',
      session: '2026-03-10',
      nextOpen: '2026-03-11T13:30:00.000Z',
    };
    expect(status('2026-03-10T20:00:00Z')).toEqual(after);
    expect(status('2026-03-10T23:59:00Z')).toEqual(after);
    expect(status('2026-03-11T00:00:00Z')).toEqual({ ...after, state: 'closed' });
    // No pre-market or after hours on a holiday, nor on a Saturday.
    expect(status('2026-11-26T09:30:00Z').state).toBe('closed');
    expect(status('2026-03-07T15:00:00Z').state).toBe('closed');
  });
});

describe('early closes', () => {
  it('closes at 1:00 PM on the days the exchange published for 2024 to 2026, and no others', () => {
    const early: string[] = [];
    for (
      let day = Date.UTC(2024, 0, 1) / 86_400_000;
      day <= Date.UTC(2026, 11, 31) / 86_400_000;
      day++
    ) {
      if (isEarlyClose(dateOf(day))) early.push(dateOf(day));
    }
    // NYSE: July 3, the day after Thanksgiving and Christmas Eve; in 2026 July 3 is the observed
    // Independence Day (a Friday), so there is no early close that July.
    expect(early).toEqual([
      '2024-07-03',
      '2024-11-29',
      '2024-12-24',
      '2025-07-03',
      '2025-11-28',
      '2025-12-24',
      '2026-11-27',
      '2026-12-24',
    ]);
  });

  it('knows the rule in other years: a July 3 or Christmas Eve on a Friday is a holiday, not an early close', () => {
    expect(isEarlyClose('2020-07-03')).toBe(false); // the observed Independence Day
    expect(isEarlyClose('2021-12-24')).toBe(false); // the observed Christmas
    expect(isEarlyClose('2019-07-03')).toBe(true);
    expect(isEarlyClose('2018-12-24')).toBe(true);
    expect(isEarlyClose('2023-07-03')).toBe(true);
  });

  it('ends the session at 1:00 PM and after hours at 5:00 PM on an early close', () => {
    expect(new Date(sessionCloseOf('2026-11-27')).toISOString()).toBe('2026-11-27T18:00:00.000Z');
    expect(new Date(sessionCloseOf('2026-11-30')).toISOString()).toBe('2026-11-30T21:00:00.000Z');
    expect(marketStatusAt(Date.parse('2026-11-27T17:59:00Z')).state).toBe('open');
    expect(marketStatusAt(Date.parse('2026-11-27T18:00:00Z'))).toMatchObject({
      state: 'after',
      asOf: Date.parse('2026-11-27T18:00:00Z'),
      session: '2026-11-27',
    });
    expect(marketStatusAt(Date.parse('2026-11-27T21:59:00Z')).state).toBe('after');
    expect(marketStatusAt(Date.parse('2026-11-27T22:00:00Z')).state).toBe('closed');
    // A session closed at 1:00 PM is the last closed session from then on.
    expect(lastClosedSession(Date.parse('2026-11-27T18:30:00Z'))).toBe('2026-11-27');
    expect(lastClosedSession(Date.parse('2026-11-27T17:30:00Z'))).toBe('2026-11-25');
  });
});
