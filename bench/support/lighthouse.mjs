// Lighthouse (its CLI, mobile preset) on a page of a running server, in this machine's
// Chromium, the production build it runs against, and what the benchmarks read from its
// report: the landing page's figures, and a page's accessibility failures.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServerProcess } from '@tickerwise/testkit';

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

/**
 * Starts the production build of the checkout at `root` (`npm run build` made it): the server
 * with the web app, on a free 127.0.0.1 port and a temporary data folder.
 */
export async function startBuiltApp(root, env = {}) {
  const serverMain = join(root, 'apps/server/dist/main.js');
  const webDist = join(root, 'apps/web/dist');
  for (const file of [serverMain, join(webDist, 'index.html')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  }
  const server = await startServerProcess({
    args: [serverMain],
    cwd: root,
    env: { WEB_DIST_DIR: webDist, ...env },
    startTimeoutMs: 120_000,
  });
  return Object.assign(server, { webDist });
}

/**
 * One Lighthouse run through its CLI (the mobile preset is its default), of `categories`;
 * `headers` go with every request the page makes (a session's cookie for a signed-in page).
 */
export function lighthouse(url, { categories = ['performance'], headers } = {}) {
  const cli = join(
    dirname(createRequire(import.meta.url).resolve('lighthouse/package.json')),
    'cli/index.js',
  );
  const args = [
    cli,
    url,
    `--only-categories=${categories.join(',')}`,
    ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
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

/**
 * The accessibility score (0-100) of a report, and each audit the page failed with the
 * elements it names (their HTML, cut short).
 */
export function accessibility(report) {
  if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.message}`);
  const category = report.categories.accessibility;
  const failures = category.auditRefs
    .map((ref) => report.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      nodes: (audit.details?.items ?? []).map((item) =>
        String(item.node?.snippet ?? item.node?.selector ?? JSON.stringify(item)).slice(0, 200),
      ),
    }));
  return { score: Math.round((category.score ?? 0) * 100), failures };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export const lighthouseVersion = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8'),
).version;
