#!/usr/bin/env node
// Lighthouse (mobile preset) on the production landing page, served by the real server.
// Builds nothing: run `npm run build` first. Usage: node bench/landing/run.mjs [--runs N]
// [--path /] [--target <checkout>] [--json]: `--target` measures another checkout's build,
// `--json` prints the median figures as JSON on stdout's last line.
import { repositoryRoot } from '@tickerwise/testkit';
import {
  figures,
  lighthouse,
  lighthouseVersion,
  median,
  startBuiltApp,
} from '../support/lighthouse.mjs';

// The landing page's targets (bench/landing/README.md).
const targets = { score: 95, cls: 0.02, jsKb: 120 };

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
}
const runs = Number(option('--runs', '3'));
const path = option('--path', '/');
const root = option('--target', process.env.BENCH_TARGET ?? repositoryRoot);
const json = process.argv.includes('--json');
const say = (line) => (json ? process.stderr : process.stdout).write(`${line}\n`);
const server = await startBuiltApp(root);
const { webDist } = server;
try {
  const url = `${server.url}${path}`;
  say(`Lighthouse ${lighthouseVersion}, mobile preset, ${url}, ${runs} runs`);
  const results = [];
  for (let run = 1; run <= runs; run++) {
    // A run Chromium gave up on (a busy machine) is run again once.
    const report = await lighthouse(url).catch((error) => {
      say(`run ${run} failed, running it again: ${String(error).split('\n')[0]}`);
      return lighthouse(url);
    });
    const result = figures(report, webDist);
    results.push(result);
    say(
      `run ${run}: score ${result.score}  FCP ${result.fcpMs} ms  LCP ${result.lcpMs} ms  CLS ${result.cls}  TBT ${result.tbtMs} ms  JS ${result.jsKb} KB gzip (${result.jsTransferKb} KB transferred with headers, ${result.jsFiles} files)`,
    );
  }
  const summary = Object.fromEntries(
    Object.keys(results[0]).map((key) => [key, median(results.map((result) => result[key]))]),
  );
  say(
    `median: score ${summary.score}  LCP ${summary.lcpMs} ms  CLS ${summary.cls}  TBT ${summary.tbtMs} ms  JS ${summary.jsKb} KB gzip`,
  );
  const misses = [
    summary.score < targets.score && `score ${summary.score} < ${targets.score}`,
    summary.cls >= targets.cls && `CLS ${summary.cls} >= ${targets.cls}`,
    summary.jsKb > targets.jsKb && `JS ${summary.jsKb} KB > ${targets.jsKb} KB`,
  ].filter(Boolean);
  say(misses.length ? `targets missed: ${misses.join(', ')}` : 'targets met');
  if (json) {
    const landing = [
      { name: 'score (median)', value: summary.score, unit: 'points', better: 'higher' },
      { name: 'TBT (median)', value: summary.tbtMs, unit: 'ms', better: 'lower' },
      { name: 'LCP (median)', value: summary.lcpMs, unit: 'ms', better: 'lower' },
      { name: 'JS gzip', value: summary.jsKb, unit: 'KB', better: 'lower' },
    ];
    process.stdout.write(`${JSON.stringify({ bench: 'landing Lighthouse', figures: landing })}\n`);
  } else {
    process.exitCode = misses.length ? 1 : 0;
  }
} finally {
  await server.stop();
}
