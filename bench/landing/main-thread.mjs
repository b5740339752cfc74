#!/usr/bin/env node
// Where a page's main-thread time goes, from one Lighthouse run (mobile preset) of the
// production build: the scripts by CPU time (`bootup-time`), the work by kind
// (`mainthread-work-breakdown`), each long task with the script it is attributed to
// (`long-tasks`), and the script loaded but not run (`unused-javascript`).
// Builds nothing: run `npm run build` first. Usage: node bench/landing/main-thread.mjs
// [--path /dashboard] [--signed-in] [--target <checkout>] [--runs N] [--save report.json]
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { repositoryRoot } from '@tickerwise/testkit';
import { signUpBenchAccount } from '../support/event-streams.mjs';
import { figures, lighthouse, lighthouseVersion, startBuiltApp } from '../support/lighthouse.mjs';

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
}
const path = option('--path', '/');
const runs = Number(option('--runs', '1'));
const root = option('--target', process.env.BENCH_TARGET ?? repositoryRoot);
const save = option('--save', undefined);
const signedIn = process.argv.includes('--signed-in');

const file = (url) => String(url).replace(/^https?:\/\/[^/]+/, '');
const ms = (value) => `${Math.round(value)}`.padStart(6);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)}`.padStart(7);

function print(report, webDist) {
  const audit = (id) => report.audits[id];
  const result = figures(report, webDist);
  console.log(
    `score ${result.score}  FCP ${result.fcpMs} ms  LCP ${result.lcpMs} ms  TBT ${result.tbtMs} ms  JS ${result.jsKb} KB gzip, ${result.jsFiles} files`,
  );
  console.log('\nmain-thread work by kind (ms):');
  for (const item of audit('mainthread-work-breakdown').details.items) {
    console.log(`${ms(item.duration)}  ${item.groupLabel}`);
  }
  console.log('\nscripts by CPU time (ms: total, evaluation, parse and compile):');
  for (const item of audit('bootup-time').details.items.slice(0, 15)) {
    console.log(
      `${ms(item.total)} ${ms(item.scripting)} ${ms(item.scriptParseCompile)}  ${file(item.url)}`,
    );
  }
  console.log('\nlong tasks (start ms, duration ms, attributed to):');
  for (const item of audit('long-tasks').details.items) {
    console.log(`${ms(item.startTime)} ${ms(item.duration)}  ${file(item.url)}`);
  }
  console.log('\nunused script (KB transferred, KB unused):');
  for (const item of (audit('unused-javascript').details?.items ?? []).slice(0, 12)) {
    console.log(`${kb(item.totalBytes)} ${kb(item.wastedBytes)}  ${file(item.url)}`);
  }
}

const server = await startBuiltApp(root);
try {
  const url = `${server.url}${path}`;
  const headers = signedIn
    ? {
        cookie: (
          await signUpBenchAccount(server.url, 0, {
            prefix: `main-thread-${randomBytes(4).toString('hex')}`,
            plan: 'free',
            net: 1,
          })
        ).cookie,
      }
    : undefined;
  console.log(
    `Lighthouse ${lighthouseVersion}, mobile preset, ${url}${signedIn ? ' signed in' : ''}`,
  );
  for (let run = 1; run <= runs; run++) {
    const report = await lighthouse(url, { headers });
    console.log(`\n== run ${run}`);
    print(report, server.webDist);
    if (save) writeFileSync(runs > 1 ? `${save}.${run}` : save, JSON.stringify(report));
  }
} finally {
  await server.stop();
}
