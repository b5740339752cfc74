#!/usr/bin/env node
// Lighthouse (mobile preset) on the production landing page, served by the real server.
// Builds nothing: run `npm run build` first. Usage: node bench/landing/run.mjs [--runs N]
// [--path /] [--signed-in] [--target <checkout>] [--json]: `--signed-in` signs a Free user up
// and sends its session cookie with every request (a dashboard address), `--target` measures
// another checkout's build, `--json` prints the median figures as JSON on stdout's last line.
import { randomBytes } from 'node:crypto';
import { repositoryRoot } from '@tickerwise/testkit';
import { signUpBenchAccount } from '../support/event-streams.mjs';
import {
  figures,
  lighthouse,
  lighthouseVersion,
  median,
  startBuiltApp,
} from '../support/lighthouse.mjs';

// The landing page's targets, and a signed-in dashboard address's (bench/landing/README.md).
const landingTargets = { score: 95, cls: 0.02, jsKb: 120, lcpMs: Number.POSITIVE_INFINITY };
const dashboardTargets = { score: 0, cls: 0.02, jsKb: Number.POSITIVE_INFINITY, lcpMs: 2500 };

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
}
const runs = Number(option('--runs', '3'));
const path = option('--path', '/');
const root = option('--target', process.env.BENCH_TARGET ?? repositoryRoot);
const json = process.argv.includes('--json');
const signedIn = process.argv.includes('--signed-in');
const targets = signedIn ? dashboardTargets : landingTargets;
const say = (line) => (json ? process.stderr : process.stdout).write(`${line}\n`);
const server = await startBuiltApp(root);
const { webDist } = server;
try {
  const url = `${server.url}${path}`;
  const headers = signedIn
    ? {
        cookie: (
          await signUpBenchAccount(server.url, 0, {
            prefix: `lighthouse-${randomBytes(4).toString('hex')}`,
            plan: 'free',
            net: 1,
          })
        ).cookie,
      }
    : undefined;
  say(
    `Lighthouse ${lighthouseVersion}, mobile preset, ${url}${signedIn ? ' signed in' : ''}, ${runs} runs`,
  );
  const results = [];
  for (let run = 1; run <= runs; run++) {
    // A run Chromium gave up on (a busy machine) is run again once.
    const report = await lighthouse(url, { headers }).catch((error) => {
      say(`run ${run} failed, running it again: ${String(error).split('\n')[0]}`);
      return lighthouse(url, { headers });
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
    `median: score ${summary.score}  FCP ${summary.fcpMs} ms  LCP ${summary.lcpMs} ms  CLS ${summary.cls}  TBT ${summary.tbtMs} ms  JS ${summary.jsKb} KB gzip`,
  );
  const misses = [
    summary.score < targets.score && `score ${summary.score} < ${targets.score}`,
    summary.lcpMs >= targets.lcpMs && `LCP ${summary.lcpMs} ms >= ${targets.lcpMs} ms`,
    summary.cls >= targets.cls && `CLS ${summary.cls} >= ${targets.cls}`,
    summary.jsKb > targets.jsKb && `JS ${summary.jsKb} KB > ${targets.jsKb} KB`,
  ].filter(Boolean);
  say(misses.length ? `targets missed: ${misses.join(', ')}` : 'targets met');
  if (json) {
    const page = [
      { name: 'score (median)', value: summary.score, unit: 'points', better: 'higher' },
      { name: 'TBT (median)', value: summary.tbtMs, unit: 'ms', better: 'lower' },
      { name: 'FCP (median)', value: summary.fcpMs, unit: 'ms', better: 'lower' },
      { name: 'LCP (median)', value: summary.lcpMs, unit: 'ms', better: 'lower' },
      { name: 'CLS (median)', value: summary.cls, unit: 'shift', better: 'lower' },
      { name: 'JS gzip', value: summary.jsKb, unit: 'KB', better: 'lower' },
    ];
    const bench = signedIn ? `${path} Lighthouse, signed in` : 'landing Lighthouse';
    process.stdout.write(`${JSON.stringify({ bench, figures: page })}\n`);
  } else {
    process.exitCode = misses.length ? 1 : 0;
  }
} finally {
  await server.stop();
}
