import type { KeyMetrics } from '@tickerwise/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleFacts, sampleMetrics } from '../../../../test/analysis-facts.ts';
import { randomWalkBars } from '../../../../test/daily-bars.ts';
import { parseSections } from '../analysis-text.ts';
import { buildFacts } from '../facts.ts';
import { toModelFacts } from '../model-facts.ts';
import { allowedFactsOf, unmatchedFigures } from '../number-check.ts';
import type { WriterEvent } from '../writer.ts';
import { BuiltInWriter, composeSections } from './built-in-writer.ts';

const fixedClock = () => new Date('2025-01-02T15:00:00Z');

describe('the built-in writer', () => {
  it('writes the five sections with the data date, the writer and the disclaimer', async () => {
    const facts = sampleFacts();
    const analysis = await new BuiltInWriter(fixedClock).write(facts);
    expect(analysis.sections.map((section) => section.title)).toEqual([
      'Summary',
      'Trend and momentum',
      'Valuation and quality',
      'Risks',
      'What to watch',
    ]);
    expect(analysis).toMatchObject({
      writer: 'built_in',
      model: null,
      fallback: null,
      dataDate: facts.dataDate,
      writtenAt: '2025-01-02T15:00:00.000Z',
      disclaimer: 'Not investment advice.',
    });
    for (const section of analysis.sections) expect(section.text.length).toBeGreaterThan(60);
  });

  it('streams the same text it returns, section by section', async () => {
    const events: WriterEvent[] = [];
    const analysis = await new BuiltInWriter(fixedClock).write(sampleFacts(), {
      emit: (event) => events.push(event),
    });
    expect(events).toHaveLength(5);
    const streamed = events.map((event) => (event.type === 'text' ? event.text : '')).join('');
    expect(parseSections(streamed)).toEqual(analysis.sections);
  });

  it('states the rating, the close, the trend and the checks from the facts', () => {
    const facts = sampleFacts();
    const text = composeSections(facts)
      .map((section) => section.text)
      .join('\n');
    // The rating of this series was worked out by hand in technical-rating.test.ts.
    expect(text).toContain('Buy');
    expect(text).toContain('$118.37');
    expect(text).toContain('simulated');
    expect(text).toMatch(/price to earnings of 28\.40 \(wanted: between 0 and 25\)/);
    expect(text).toContain(
      `prices up to ${new Date(`${facts.dataDate}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`,
    );
  });

  it('says the same thing the same way for the same facts', () => {
    expect(composeSections(sampleFacts({ seed: 3 }))).toEqual(
      composeSections(sampleFacts({ seed: 3 })),
    );
  });

  it('reads differently for different facts, not as one template with numbers swapped', () => {
    const shapes = new Set<string>();
    for (let seed = 1; seed <= 24; seed += 1) {
      const [summary] = composeSections(sampleFacts({ seed, drift: (seed % 5) * 0.0004 - 0.0008 }));
      // The summary's wording without its numbers, names and rating labels.
      shapes.add(
        (summary?.text ?? '')
          .replace(/\$?[\d,.]+%?/g, '#')
          .replace(/Strong Buy|Strong Sell|Buy|Sell|Neutral/g, 'L')
          .replace(/\b(up|down|gain|loss)\b/g, 'D'),
      );
    }
    expect(shapes.size).toBeGreaterThanOrEqual(4);
  });

  it('describes an uptrend and a downtrend in different words', () => {
    const rising = composeSections(sampleFacts({ seed: 8, drift: 0.002 }))[1]?.text ?? '';
    const falling = composeSections(sampleFacts({ seed: 8, drift: -0.002 }))[1]?.text ?? '';
    expect(rising).toMatch(/above/);
    expect(falling).toMatch(/below/);
    expect(rising).not.toEqual(falling);
  });

  it('labels real data by its source and never calls it simulated', () => {
    const text = composeSections(sampleFacts({ source: 'finnhub' }))
      .map((section) => section.text)
      .join(' ');
    expect(text).not.toMatch(/simulated/i);
    expect(text).toContain('Company figures come from Finnhub');
  });

  it('explains that a fund without company data has nothing to check', () => {
    const facts = sampleFacts({ metrics: null });
    const fund = { ...facts, security: { ...facts.security, type: 'etf' as const, symbol: 'SPY' } };
    const valuation = composeSections(fund)[2]?.text;
    expect(valuation).toBe(
      'As a fund, SPY has no earnings, margins or balance sheet of its own to check, and no company figures are stored for it.',
    );
  });
});

const nullable = (arbitrary: fc.Arbitrary<number>) => fc.option(arbitrary, { nil: null });

const metricsArbitrary: fc.Arbitrary<KeyMetrics> = fc.record({
  marketCap: nullable(fc.double({ min: 1e5, max: 4e12, noNaN: true })),
  peRatio: nullable(fc.double({ min: -80, max: 300, noNaN: true })),
  pbRatio: nullable(fc.double({ min: -10, max: 80, noNaN: true })),
  psRatio: nullable(fc.double({ min: 0, max: 60, noNaN: true })),
  eps: nullable(fc.double({ min: -20, max: 40, noNaN: true })),
  dividendYieldPercent: nullable(fc.double({ min: 0, max: 9, noNaN: true })),
  payoutRatioPercent: nullable(fc.double({ min: -100, max: 250, noNaN: true })),
  beta: nullable(fc.double({ min: -1, max: 3, noNaN: true })),
  yearHigh: fc.constant(null),
  yearLow: fc.constant(null),
  grossMarginPercent: nullable(fc.double({ min: -50, max: 95, noNaN: true })),
  operatingMarginPercent: nullable(fc.double({ min: -80, max: 70, noNaN: true })),
  netMarginPercent: nullable(fc.double({ min: -80, max: 60, noNaN: true })),
  roePercent: nullable(fc.double({ min: -100, max: 300, noNaN: true })),
  revenueGrowthPercent: nullable(fc.double({ min: -60, max: 200, noNaN: true })),
  epsGrowthPercent: nullable(fc.double({ min: -200, max: 400, noNaN: true })),
  revenueGrowth5yPercent: nullable(fc.double({ min: -30, max: 80, noNaN: true })),
  debtToEquity: nullable(fc.double({ min: -5, max: 8, noNaN: true })),
  currentRatio: nullable(fc.double({ min: 0, max: 6, noNaN: true })),
});

describe('the built-in writer’s numbers', () => {
  it('are all facts, for any history and any company figures', () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          count: fc.integer({ min: 2, max: 1300 }),
          drift: fc.double({ min: -0.003, max: 0.003, noNaN: true }),
          volatility: fc.double({ min: 0.002, max: 0.06, noNaN: true }),
          metrics: fc.option(metricsArbitrary, { nil: null }),
          type: fc.constantFrom('stock' as const, 'etf' as const),
        }),
        ({ seed, count, drift, volatility, metrics, type }) => {
          const bars = randomWalkBars({ count, seed, drift, volatility });
          const facts = buildFacts({
            security: { symbol: 'TEST', name: 'Test Corp', type, sector: null, industry: null },
            bars,
            priceSource: 'simulated',
            benchmarkBars: randomWalkBars({ count: 1300, seed: seed + 1, volatility: 0.01 }),
            company: metrics && { metrics, source: 'finnhub', asOf: bars.at(-1)?.date ?? '' },
          });
          const allowed = allowedFactsOf(toModelFacts(facts), facts);
          for (const section of composeSections(facts)) {
            expect(unmatchedFigures(section.text, allowed), section.text).toEqual([]);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('match the model’s rounded facts too, as a model would be checked', () => {
    const facts = sampleFacts({ metrics: sampleMetrics });
    const allowed = allowedFactsOf(toModelFacts(facts));
    for (const section of composeSections(facts)) {
      expect(unmatchedFigures(section.text, allowed)).toEqual([]);
    }
  });
});
