import { describe, expect, it } from 'vitest';
import { formatDollars, formatWholeDollars } from '../../lib/whole-cents.ts';
import {
  defaultCalculatorState,
  type GrowthInputs,
  projectGrowth,
  readInputs,
  searchFromState,
  stateFromSearch,
} from './compound-growth.ts';

const none: GrowthInputs = {
  startCents: 0n,
  monthlyCents: 0n,
  years: 1,
  returnBp: 0,
  feeBp: 0,
  inflationBp: 0,
};

describe('the compound growth projection', () => {
  it('grows $1,000 at 12% a year by 1% a month, each month rounded to the cent', () => {
    // By hand: 1010.00, 1020.10, 1030.30, 1040.60, 1051.01, 1061.52, 1072.14, 1082.86,
    // 1093.69, 1104.63, 1115.68, 1126.84 (unrounded compounding would give 1126.83).
    const [year] = projectGrowth({ ...none, startCents: 100_000n, returnBp: 1_200 });
    expect(year).toMatchObject({
      year: 1,
      balanceCents: 112_684n,
      contributedCents: 100_000n,
      growthCents: 12_684n,
      feesCents: 0n,
    });
  });

  it('adds contributions at the end of each month, with nothing earned at a 0% return', () => {
    const rows = projectGrowth({ ...none, monthlyCents: 10_000n, years: 2 });
    expect(rows.map((row) => row.balanceCents)).toEqual([120_000n, 240_000n]);
    expect(rows[1]).toMatchObject({ contributedCents: 240_000n, growthCents: 0n });
  });

  it('earns nothing on a contribution in the month it arrives', () => {
    // $100 at the end of each month at 12%: 100.00, 201.00, 303.01, 406.04, 510.10, ...
    const rows = projectGrowth({ ...none, monthlyCents: 10_000n, returnBp: 1_200, years: 1 });
    // An ordinary annuity at 1% a month: 100 * (1.01^12 - 1) / 0.01 = 1268.25.
    expect(rows[0]!.balanceCents).toBe(126_825n);
  });

  it('takes the fee from the balance monthly, so a fee equal to the return leaves it flat', () => {
    const [year] = projectGrowth({ ...none, startCents: 100_000n, returnBp: 600, feeBp: 600 });
    expect(year!.balanceCents).toBe(100_000n);
    // Each month: 1000 * 0.5% = $5.00 earned and $5.00 paid.
    expect(year!.feesCents).toBe(6_000n);
    expect(year!.growthCents).toBe(0n);
  });

  it('counts the fee on a growing balance', () => {
    // $10,000 at 0% return and a 1.2% fee: 10 per month, then on 9,990.00 (9.99), ...
    const [year] = projectGrowth({ ...none, startCents: 1_000_000n, feeBp: 120 });
    // 10000 * (1 - 0.001)^12 = 9880.66 (each month rounded: 10.00, 9.99, 9.98, 9.97, 9.96,
    // 9.95, 9.94, 9.93, 9.92, 9.91, 9.90, 9.89 = 119.34 in all).
    expect(year!.feesCents).toBe(11_934n);
    expect(year!.balanceCents).toBe(988_066n);
  });

  it('states the balance in today’s money by dividing by the inflation of each year', () => {
    const rows = projectGrowth({ ...none, startCents: 100_000n, years: 2, inflationBp: 300 });
    // 1000 / 1.03 = 970.87; 1000 / 1.0609 = 942.60.
    expect(rows.map((row) => row.realCents)).toEqual([97_087n, 94_260n]);
  });

  it('lets a negative return shrink the balance below what was put in', () => {
    const [year] = projectGrowth({ ...none, startCents: 120_000n, returnBp: -1_200 });
    // Cent by cent: 1188.00, 1176.12, 1164.36, 1152.72, 1141.19, 1129.78, 1118.48, 1107.30,
    // 1096.23, 1085.27, 1074.42, 1063.68 (unrounded, 1200 * 0.99^12 = 1063.67).
    expect(year!.balanceCents).toBe(106_368n);
    expect(year!.growthCents).toBe(-13_632n);
  });
});

describe('the calculator’s fields', () => {
  it('reads dollars with separators and percentages with two decimals', () => {
    const read = readInputs({
      ...defaultCalculatorState,
      start: '$1,234.5',
      monthly: '0',
      years: '30',
      rate: '7.25',
      fee: '0.04',
      inflation: '-1',
    });
    expect(read).toEqual({
      ok: true,
      inputs: {
        startCents: 123_450n,
        monthlyCents: 0n,
        years: 30,
        returnBp: 725,
        feeBp: 4,
        inflationBp: -100,
      },
    });
  });

  it('names each field it cannot use', () => {
    const read = readInputs({
      ...defaultCalculatorState,
      start: 'ten',
      monthly: '1.005',
      years: '61',
      rate: '7.125',
      fee: '-1',
      inflation: '',
    });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors).sort()).toEqual(
      ['fee', 'inflation', 'monthly', 'rate', 'start', 'years'].sort(),
    );
  });

  it('round-trips its figures through the address', () => {
    const state = { ...defaultCalculatorState, start: '2500', rate: '6.5', real: true };
    const search = searchFromState(state);
    expect(search).toBe('start=2500&monthly=500&years=20&return=6.5&fee=0.5&inflation=2.5&real=1');
    expect(stateFromSearch(new URLSearchParams(search))).toEqual(state);
    expect(stateFromSearch(new URLSearchParams('years=5'))).toEqual({
      ...defaultCalculatorState,
      years: '5',
    });
  });
});

describe('money for people', () => {
  it('groups thousands and keeps the cents exactly', () => {
    expect(formatDollars(123_456_789n)).toBe('$1,234,567.89');
    expect(formatDollars(-500n)).toBe('-$5.00');
    expect(formatDollars(7n)).toBe('$0.07');
    expect(formatWholeDollars(123_450n)).toBe('$1,235');
    expect(formatWholeDollars(123_449n)).toBe('$1,234');
  });
});
