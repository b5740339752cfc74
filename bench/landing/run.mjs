#!/usr/bin/env node
// Lighthouse (mobile preset) on the production landing page, served by the real server.
// Builds nothing: run `npm run build` first. Usage: node bench/landing/run.mjs [--runs N] [--path /]
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repositoryRoot as root, startServerProcess } from '@tickerwise/testkit';

const serverMain = join(root, 'apps/server/dist/main.js');
const webIndex = join(root, 'apps/web/dist/index.html');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
// Chromium without updates, sync or background traffic: the network here is closed.
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// The landing page's targets (bench/landing/README.md).
const targets = { score: 95, cls: 0.02, jsKb: 120 };

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
}
const runs = Number(option('--runs', '3'));
const path = option('--path', '/');

async function startServer() {
  for (const file of [serverMain, webIndex]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  }
  return startServerProcess({ args: [serverMain], cwd: root });
}

/** One Lighthouse run through its CLI (the mobile preset is its default). */
function lighthouse(url) {
  const cli = join(
    dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')),
    'cli/index.js',
  );
  const args = [
    cli,
    url,
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${chromeFlags.join(' ')}`,
  ];
  return new Promise((resolveReport, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`lighthouse exited with ${code}:\n${stderr}`));
      else resolveReport(JSON.parse(stdout));
    });
  });
}

/** The gzip size of the scripts' bodies (Lighthouse's transfer size also counts headers). */
function scriptGzipKb(report) {
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const bytes = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => join(root, 'apps/web/dist', new URL(request.url).pathname))
    .filter((file) => existsSync(file))
    .reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
  return Number((bytes / 1024).toFixed(1));
}

function figures(report) {
  const audit = (id) => report.audits[id]?.numericValue ?? Number.NaN;
  const items = report.audits['resource-summary']?.details?.items ?? [];
  const scripts = items.find((item) => item.resourceType === 'script');
  if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.message}`);
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    cls: Number(audit('cumulative-layout-shift').toFixed(4)),
    tbtMs: Math.round(audit('total-blocking-time')),
    jsKb: scriptGzipKb(report),
    jsTransferKb: Number(((scripts?.transferSize ?? 0) / 1024).toFixed(1)),
    jsFiles: scripts?.requestCount ?? 0,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const lighthouseVersion = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8'),
).version;
const server = await startServer();
try {
  const url = `${server.url}${path}`;
  console.log(`Lighthouse ${lighthouseVersion}, mobile preset, ${url}, ${runs} runs`);
  const results = [];
  for (let run = 1; run <= runs; run++) {
    const result = figures(await lighthouse(url));
    results.push(result);
    console.log(
      `run ${run}: score ${result.score}  FCP ${result.fcpMs} ms  LCP ${result.lcpMs} ms  CLS ${result.cls}  TBT ${result.tbtMs} ms  JS ${result.jsKb} KB gzip (${result.jsTransferKb} KB transferred with headers, ${result.jsFiles} files)`,
    );
  }
  const summary = Object.fromEntries(
    Object.keys(results[0]).map((key) => [key, median(results.map((result) => result[key]))]),
  );
  console.log(
    `median: score ${summary.score}  LCP ${summary.lcpMs} ms  CLS ${summary.cls}  TBT ${summary.tbtMs} ms  JS ${summary.jsKb} KB gzip`,
  );
  const misses = [
    summary.score < targets.score && `score ${summary.score} < ${targets.score}`,
    summary.cls >= targets.cls && `CLS ${summary.cls} >= ${targets.cls}`,
    summary.jsKb > targets.jsKb && `JS ${summary.jsKb} KB > ${targets.jsKb} KB`,
  ].filter(Boolean);
  console.log(misses.length ? `targets missed: ${misses.join(', ')}` : 'targets met');
  process.exitCode = misses.length ? 1 : 0;
} finally {
  await server.stop();
}
