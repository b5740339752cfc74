import { describe, expect, it } from 'vitest';
import {
  maxRiskScore,
  riskBands,
  riskProfileFor,
  riskProfiles,
  riskQuestions,
  riskScore,
} from './risk-profile.ts';

describe('the risk assessment', () => {
  it('asks ten questions of four answers each, worth 0 to 30 points', () => {
    expect(riskQuestions).toHaveLength(10);
    for (const question of riskQuestions) expect(question.answers).toHaveLength(4);
    expect(maxRiskScore).toBe(30);
  });

  it('adds the answers, and waits until every question is answered', () => {
    expect(riskScore([0, 1, 2, 3, 0, 1, 2, 3, 0, 1])).toBe(13);
    expect(riskScore(Array(10).fill(3))).toBe(30);
    expect(riskScore([0, 1, 2, 3, 0, 1, 2, 3, 0, undefined])).toBeNull();
    expect(riskScore([0, 1])).toBeNull();
    expect(riskScore([4, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toBeNull();
  });

  it('places each total in one of five bands, by their lowest scores', () => {
    const bandOf = (score: number) => riskProfileFor(score).band;
    expect([0, 6, 7, 12, 13, 18, 19, 24, 25, 30].map(bandOf)).toEqual([
      'conservative',
      'conservative',
      'moderately-conservative',
      'moderately-conservative',
      'balanced',
      'balanced',
      'growth',
      'growth',
      'aggressive',
      'aggressive',
    ]);
  });

  it('gives each band an example mix of whole percents adding up to 100, riskier with the score', () => {
    let stocks = -1;
    for (const band of riskBands) {
      const { allocation } = riskProfiles[band];
      expect(allocation.stocks + allocation.bonds + allocation.cash).toBe(100);
      expect(allocation.stocks).toBeGreaterThan(stocks);
      stocks = allocation.stocks;
    }
  });
});
