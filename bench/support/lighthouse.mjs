// Lighthouse (its CLI, mobile preset) on a page of a running server, in this machine's
// Chromium, and the figures the landing benchmark reads from its report.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

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

/** One Lighthouse run through its CLI (the mobile preset is its default). */
export function lighthouse(url) {
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
function scriptGzipKb(report, webDist) {
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const bytes = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => join(webDist, new URL(request.url).pathname))
    .filter((file) => existsSync(file))
    .reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0);
  return Number((bytes / 1024).toFixed(1));
}

export function figures(report, webDist) {
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
    jsKb: scriptGzipKb(report, webDist),
    jsTransferKb: Number(((scripts?.transferSize ?? 0) / 1024).toFixed(1)),
    jsFiles: scripts?.requestCount ?? 0,
  };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export const lighthouseVersion = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8'),
).version;
