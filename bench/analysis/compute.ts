// Part 1 of the analysis benchmark: computing the technical rating, the key figures and the
// fundamentals checklist of one symbol from five years of daily bars (1,260), in process.
// Run: npm run bench:analysis-compute   Target: p99 under 10 ms for the three together.
import { loadavg } from 'node:os';
import { composeSections } from '../../apps/server/src/modules/analysis/built-in/built-in-writer.ts';
import { buildFacts } from '../../apps/server/src/modules/analysis/facts.ts';
import { runFundamentalChecks } from '../../apps/server/src/modules/analysis/fundamental-checks.ts';
import { computeKeyFigures } from '../../apps/server/src/modules/analysis/key-figures.ts';
import { rateTechnicals } from '../../apps/server/src/modules/analysis/technical-rating.ts';
import { sampleMetrics } from '../../apps/server/test/analysis-facts.ts';
import { randomWalkBars } from '../../apps/server/test/daily-bars.ts';
import { percentile } from '../support/bench-app.ts';

const runs = 2_000;
const warmUp = 100;
const symbols = Array.from({ length: 10 }, (_, index) =>
  randomWalkBars({ count: 1_260, seed: index + 1, drift: 0.0003 }),
);
const benchmark = randomWalkBars({ count: 1_260, seed: 999, volatility: 0.01 });
const security = {
  symbol: 'BENCH',
  name: 'Bench Corp',
  type: 'stock' as const,
  sector: null,
  industry: null,
};

function timed(label: string, work: (bars: (typeof symbols)[number]) => unknown) {
  for (let run = 0; run < warmUp; run += 1) work(symbols[run % symbols.length]!);
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const bars = symbols[run % symbols.length]!;
    const started = performance.now();
    work(bars);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { label, p50: percentile(times, 0.5), p99: percentile(times, 0.99), max: times.at(-1)! };
}

const results = [
  timed('technical rating (26 votes)', (bars) => rateTechnicals(bars)),
  timed('key figures (with SPY)', (bars) => computeKeyFigures(bars, benchmark)),
  timed('fundamentals checklist', () => runFundamentalChecks(sampleMetrics)),
  timed('rating + figures + checks', (bars) =>
    buildFacts({
      security,
      bars,
      priceSource: 'simulated',
      benchmarkBars: benchmark,
      company: { metrics: sampleMetrics, source: 'simulated', asOf: bars.at(-1)!.date },
    }),
  ),
];
const facts = buildFacts({
  security,
  bars: symbols[0]!,
  priceSource: 'simulated',
  benchmarkBars: benchmark,
  company: { metrics: sampleMetrics, source: 'simulated', asOf: symbols[0]!.at(-1)!.date },
});
results.push(timed('built-in written analysis', () => composeSections(facts)));

const total = results[3]!;
console.log(
  `analysis compute: ${runs} runs each over 10 symbols of 1,260 daily bars (5 years); load average ${loadavg()[0]!.toFixed(1)} on this machine`,
);
for (const { label, p50, p99, max } of results) {
  console.log(
    `  ${label.padEnd(30)} p50 ${p50.toFixed(2).padStart(6)} ms   p99 ${p99.toFixed(2).padStart(6)} ms   max ${max.toFixed(2).padStart(6)} ms   p50 share of total ${((p50 / total.p50) * 100).toFixed(0).padStart(3)}%`,
  );
}
console.log(
  `  target: p99 of rating + figures + checks < 10 ms: ${total.p99 < 10 ? 'met' : 'NOT met'}`,
);
