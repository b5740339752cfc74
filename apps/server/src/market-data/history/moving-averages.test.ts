import { describe, expect, it } from 'vitest';
import { sma } from '../../../test/indicator-reference.ts';
import { readIndicators } from '../../modules/analysis/indicator-readings.ts';
import { simulatedSeries } from '../adapters/simulated/simulated-series.ts';
import { movingAverageSeries } from './moving-averages.ts';

describe("the chart's moving averages", () => {
  // Five years of a simulated stock's closes.
  const bars = simulatedSeries('MSFT', '2026-03-16');
  const closes = bars.map((bar) => bar.close);

  it('match the spreadsheet SMA (as TA-Lib computes it) on every bar, null before enough closes', () => {
    for (const length of [50, 200]) {
      const drawn = movingAverageSeries(closes, length);
      const reference = sma(closes, length);
      expect(drawn.slice(0, length - 1).every((value) => value === null)).toBe(true);
      drawn.forEach((value, index) => {
        if (index < length - 1) return;
        expect(Math.abs((value as number) - (reference[index] as number))).toBeLessThan(1e-9);
      });
    }
  });

  it("end on the analyst's SMA 50 and 200 of the same bars", () => {
    const readings = readIndicators(bars);
    expect(movingAverageSeries(closes, 50).at(-1)).toBeCloseTo(readings.sma[50]!, 9);
    expect(movingAverageSeries(closes, 200).at(-1)).toBeCloseTo(readings.sma[200]!, 9);
  });
});
