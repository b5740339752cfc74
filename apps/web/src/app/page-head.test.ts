import {
  openGraphImagePath,
  prerenderedPaths,
  publicUrlToken,
  sitemapPaths,
} from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { documentTitle, sitePages } from '../lib/site-pages.ts';
import { prerenderedHtml } from './page-head.ts';

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Tickerwise: AI-assisted investing for individual investors</title>
    <meta name="description" content="The landing page." />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('a prerendered page’s head', () => {
  it('carries its own title, description, canonical address and Open Graph tags', () => {
    const html = prerenderedHtml(
      template,
      {
        path: '/tools/calculator',
        title: 'Calculator & more | Tickerwise',
        description: 'Say "hi"',
      },
      '<h1>Calculator</h1>',
    );
    expect(html).toContain('<title>Calculator &amp; more | Tickerwise</title>');
    expect(html).toContain('<meta name="description" content="Say &quot;hi&quot;" />');
    expect(html).not.toContain('The landing page.');
    expect(html).toContain(`<link rel="canonical" href="${publicUrlToken}/tools/calculator" />`);
    expect(html).toContain(
      `<meta property="og:url" content="${publicUrlToken}/tools/calculator" />`,
    );
    expect(html).toContain(
      '<meta property="og:title" content="Calculator &amp; more | Tickerwise" />',
    );
    expect(html).toContain(
      `<meta property="og:image" content="${publicUrlToken}${openGraphImagePath}" />`,
    );
    expect(html).toContain(
      '<div id="root" data-page="/tools/calculator"><h1>Calculator</h1></div>',
    );
  });

  it('refuses a template without an empty root', () => {
    expect(() =>
      prerenderedHtml('<div id="root">x</div>', { path: '/', title: 't', description: 'd' }, ''),
    ).toThrow(/root/);
  });
});

describe('the prerendered pages', () => {
  it('each have a title and description of their own, under search engines’ lengths', () => {
    const titles = prerenderedPaths.map((path) => documentTitle(sitePages[path]));
    const descriptions = prerenderedPaths.map((path) => sitePages[path].description);
    expect(new Set(titles).size).toBe(prerenderedPaths.length);
    expect(new Set(descriptions).size).toBe(prerenderedPaths.length);
    for (const title of titles) expect(title.length).toBeLessThanOrEqual(60);
    for (const description of descriptions) {
      expect(description.length).toBeGreaterThanOrEqual(70);
      expect(description.length).toBeLessThanOrEqual(160);
    }
  });

  it('are all in the sitemap, which lists no address twice', () => {
    for (const path of prerenderedPaths) expect(sitemapPaths).toContain(path);
    expect(new Set(sitemapPaths).size).toBe(sitemapPaths.length);
  });
});
