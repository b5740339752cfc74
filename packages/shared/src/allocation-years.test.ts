import { describe, expect, it } from 'vitest';
import { calendarYearReturns, worstAllocationYear } from './allocation-years.ts';

describe('calendar-year returns from daily closes', () => {
  const bars = [
    { date: '2021-06-01', close: 90 },
    { date: '2021-12-31', close: 100 },
    { date: '2022-03-01', close: 120 },
    { date: '2022-12-30', close: 80 },
    { date: '2023-12-29', close: 100 },
    { date: '2024-05-01', close: 130 },
  ];

  it('runs from the last close of the year before to the year’s own last close', () => {
    const returns = calendarYearReturns(bars, (year) => year < 2024);
    // 2021 has no year before it; 2024 is not complete.
    expect([...returns.keys()]).toEqual([2022, 2023]);
    expect(returns.get(2022)).toBeCloseTo(-0.2, 12); // 100 -> 80
    expect(returns.get(2023)).toBeCloseTo(0.25, 12); // 80 -> 100
  });
});

describe('the worst year of an example mix', () => {
  const years = [
    { year: 2022, stocks: -0.2, bonds: -0.1, cash: 0.02 },
    { year: 2023, stocks: 0.25, bonds: 0.05, cash: 0.05 },
  ];

  it('weights each fund’s return by its share of the mix', () => {
    // 60/35/5 in 2022: 0.6 * -20% + 0.35 * -10% + 0.05 * 2% = -12% - 3.5% + 0.1% = -15.4%.
    expect(worstAllocationYear(years, { stocks: 60, bonds: 35, cash: 5 })).toEqual({
      year: 2022,
      change: expect.closeTo(-0.154, 12),
    });
    // All cash: the worst year is the one with the lower cash return.
    expect(worstAllocationYear(years, { stocks: 0, bonds: 0, cash: 100 })).toEqual({
      year: 2022,
      change: expect.closeTo(0.02, 12),
    });
  });

  it('has no worst year without a complete year', () => {
    expect(worstAllocationYear([], { stocks: 100, bonds: 0, cash: 0 })).toBeNull();
  });
});
