// Part 1 of the analysis benchmark: computing the technical rating, the key figures and the
// fundamentals checklist of one symbol from five years of daily bars (1,260), in process.
// Run: npm run bench:analysis-compute   Target: p99 under 10 ms for the three together.
// `--target <checkout>` measures another checkout's code, `--json` prints the figures;
// BENCH_RUNS sets the runs of each (2,000 by default).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchTarget, percentile } from '../support/bench-app.ts';
import { emitFigures, say } from '../support/figures.ts';

const root = benchTarget();
const modules = {
  writer: 'apps/server/src/modules/analysis/built-in/built-in-writer.ts',
  facts: 'apps/server/src/modules/analysis/facts.ts',
  checks: 'apps/server/src/modules/analysis/fundamental-checks.ts',
  figures: 'apps/server/src/modules/analysis/key-figures.ts',
  rating: 'apps/server/src/modules/analysis/technical-rating.ts',
  sample: 'apps/server/test/analysis-facts.ts',
  bars: 'apps/server/test/daily-bars.ts',
};
const missing = Object.values(modules).filter((path) => !existsSync(join(root, path)));
if (missing.length > 0) {
  say(`analysis compute: ${root} has no ${missing.join(', ')}; nothing measured`);
  emitFigures('analysis compute', [
    {
      name: 'rating + figures + checks p99',
      value: null,
      unit: 'ms',
      better: 'lower',
      gate: 'p99',
    },
  ]);
  process.exit(0);
}
const load = (path: string) => import(pathToFileURL(join(root, path)).href);
const { composeSections } = (await load(
  modules.writer,
)) as typeof import('../../apps/server/src/modules/analysis/built-in/built-in-writer.ts');
const { buildFacts } = (await load(
  modules.facts,
)) as typeof import('../../apps/server/src/modules/analysis/facts.ts');
const { runFundamentalChecks } = (await load(
  modules.checks,
)) as typeof import('../../apps/server/src/modules/analysis/fundamental-checks.ts');
const { computeKeyFigures } = (await load(
  modules.figures,
)) as typeof import('../../apps/server/src/modules/analysis/key-figures.ts');
const { rateTechnicals } = (await load(
  modules.rating,
)) as typeof import('../../apps/server/src/modules/analysis/technical-rating.ts');
const { sampleMetrics } = (await load(
  modules.sample,
)) as typeof import('../../apps/server/test/analysis-facts.ts');
const { randomWalkBars } = (await load(
  modules.bars,
)) as typeof import('../../apps/server/test/daily-bars.ts');

const runs = Number(process.env.BENCH_RUNS ?? 2_000);
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
say(
  `analysis compute: ${runs} runs each over 10 symbols of 1,260 daily bars (5 years); load average ${loadavg()[0]!.toFixed(1)} on this machine`,
);
for (const { label, p50, p99, max } of results) {
  say(
    `  ${label.padEnd(30)} p50 ${p50.toFixed(2).padStart(6)} ms   p99 ${p99.toFixed(2).padStart(6)} ms   max ${max.toFixed(2).padStart(6)} ms   p50 share of total ${((p50 / total.p50) * 100).toFixed(0).padStart(3)}%`,
  );
}
say(`  target: p99 of rating + figures + checks < 10 ms: ${total.p99 < 10 ? 'met' : 'NOT met'}`);
emitFigures('analysis compute', [
  {
    name: 'rating + figures + checks p50',
    value: total.p50,
    unit: 'ms',
    better: 'lower',
  },
  {
    name: 'rating + figures + checks p99',
    value: total.p99,
    unit: 'ms',
    better: 'lower',
    gate: 'p99',
  },
  { name: 'built-in written analysis p99', value: results[4]!.p99, unit: 'ms', better: 'lower' },
]);
