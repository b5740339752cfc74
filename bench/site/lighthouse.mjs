#!/usr/bin/env node
// Lighthouse (mobile preset) on every public page of /sitemap.xml, served by the production
// build: performance, accessibility, best practices and SEO, one table line a page, with the
// audits each page failed outside performance. Exits with 1 when a page misses the public
// site's bar (performance 98, the others 100: docs/PRODUCT.md §3.29).
// Builds nothing: run `npm run build` first, then `npm run bench:site` (`-- --path /docs`
// measures one page, `-- --target <checkout>` another checkout's build, `-- --reports <folder>`
// keeps each page's Lighthouse report there as JSON).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sitemapPaths } from '@tickerwise/shared';
import { repositoryRoot } from '@tickerwise/testkit';
import { figures, lighthouse, lighthouseVersion, startBuiltApp } from '../support/lighthouse.mjs';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const bar = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
}
const only = option('--path', null);
const root = option('--target', repositoryRoot);
const reports = option('--reports', null);
if (reports) mkdirSync(reports, { recursive: true });
const say = (line) => process.stdout.write(`${line}\n`);

/** What a failed audit names: the kinds of issue, the console's messages, the elements. */
function detailsOf(audit) {
  const items = audit.details?.items ?? [];
  const named = items.map(
    (item) =>
      item.issueType ??
      (item.description ? `${item.source ?? 'console'}: ${item.description}` : undefined) ??
      item.node?.snippet,
  );
  const distinct = [...new Set(named.filter(Boolean).map((text) => String(text).slice(0, 160)))];
  return distinct.length ? `: ${distinct.join('; ')}` : '';
}
const pages = only ? [only] : sitemapPaths;

const server = await startBuiltApp(root);
let missed = 0;
try {
  say(`Lighthouse ${lighthouseVersion}, mobile preset, ${server.url}, ${pages.length} pages`);
  say(
    '| Page | Performance | Accessibility | Best practices | SEO | LCP ms | TBT ms | CLS | JS KB gzip |',
  );
  say('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const failures = [];
  for (const path of pages) {
    const url = `${server.url}${path}`;
    // A run Chromium gave up on (a busy machine) is run again once.
    const report = await lighthouse(url, { categories }).catch(() =>
      lighthouse(url, { categories }),
    );
    if (report.runtimeError) throw new Error(`${path}: ${report.runtimeError.message}`);
    if (reports) {
      const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
      writeFileSync(join(reports, `${name}.json`), JSON.stringify(report));
    }
    const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const scores = Object.fromEntries(categories.map((id) => [id, score(id)]));
    const { lcpMs, tbtMs, cls, jsKb } = figures(report, server.webDist);
    say(
      `| ${path} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ${lcpMs} | ${tbtMs} | ${cls.toFixed(3)} | ${jsKb} |`,
    );
    if (categories.some((id) => scores[id] < bar[id])) missed += 1;
    for (const id of categories.slice(1)) {
      for (const ref of report.categories[id].auditRefs) {
        const audit = report.audits[ref.id];
        if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0) {
          failures.push(`${path} ${id}: ${audit.id} (${audit.title})${detailsOf(audit)}`);
        }
      }
    }
  }
  for (const line of failures) say(line);
  say(missed === 0 ? 'Every page meets the bar.' : `${missed} page(s) below the bar.`);
} finally {
  await server.stop();
}
process.exit(missed === 0 ? 0 : 1);
