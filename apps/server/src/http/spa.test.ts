import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths, publicUrlToken, sitemapPaths } from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testOrigin } from '../../test/test-app.ts';

let webDistDir: string;
let testApp: TestApp;
beforeAll(async () => {
  webDistDir = mkdtempSync(join(tmpdir(), 'tw-web-'));
  mkdirSync(join(webDistDir, 'assets'));
  writeFileSync(
    join(webDistDir, 'index.html'),
    '<!doctype html><div id="root"><h1>Landing</h1></div>',
  );
  writeFileSync(join(webDistDir, 'app.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(join(webDistDir, 'pages', 'tools'), { recursive: true });
  writeFileSync(
    join(webDistDir, 'pages', 'tools', 'calculator.html'),
    `<!doctype html><link rel="canonical" href="${publicUrlToken}/tools/calculator" /><div id="root" data-page="/tools/calculator"><h1>Calculator</h1></div>`,
  );
  mkdirSync(join(webDistDir, 'shells', 'dashboard'), { recursive: true });
  writeFileSync(
    join(webDistDir, 'shells', 'dashboard.html'),
    '<!doctype html><div id="root" data-shell="dashboard">Home shell</div>',
  );
  writeFileSync(
    join(webDistDir, 'shells', 'dashboard', 'stocks.html'),
    '<!doctype html><div id="root" data-shell="dashboard">Stocks shell</div>',
  );
  writeFileSync(join(webDistDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(webDistDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":[]}');
  writeFileSync(join(webDistDir, 'assets', 'index-abc123.css.map'), '{"version":3}');
  testApp = await createTestApp({ config: { webDistDir } });
});
afterAll(async () => {
  await testApp.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('serves the prerendered landing page at the root, never cached', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Landing</h1>');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client routes', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/dashboard/investments/stocks',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('id="root"');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends a dashboard path the shell of its nearest prerendered address, and others the empty page', async () => {
    const bodyOf = async (url: string) => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      return response.body;
    };
    expect(await bodyOf('/dashboard')).toContain('Home shell');
    expect(await bodyOf('/dashboard/')).toContain('Home shell');
    expect(await bodyOf('/dashboard/stocks')).toContain('Stocks shell');
    expect(await bodyOf('/dashboard/stocks/AAPL?range=1y')).toContain('Stocks shell');
    expect(await bodyOf('/dashboard/settings')).toContain('Home shell');
    for (const url of ['/pricing', '/dashboardx', '/login?next=/dashboard/stocks']) {
      expect(await bodyOf(url), url).toBe('<!doctype html><div id="root"></div>');
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/missing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('never serves source maps, whatever the build left beside the bundles', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/assets/index-abc123.css.map']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('"version":3');
      expect(response.headers['content-type']).toContain('application/json');
    }
  });

  it('sends a prerendered public page for its own path, with the site’s address in its head', async () => {
    for (const url of ['/tools/calculator', '/tools/calculator/', '/tools/calculator?years=5']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain(
        `<link rel="canonical" href="${testOrigin}/tools/calculator" />`,
      );
      expect(response.body, url).toContain('<h1>Calculator</h1>');
    }
    // Below it, or beside it, the empty page: a prerendered page is for its path only.
    for (const url of ['/tools/calculator/more', '/tools/calculatorx', '/tools']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.body, url).toBe('<!doctype html><div id="root"></div>');
    }
  });

  it('lists every public page in /sitemap.xml under the site’s address', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(sitemapPaths.map((path) => `${testOrigin}${path}`));
    expect(locations).toContain(`${testOrigin}${paths.calculator}`);
    expect(locations.some((url) => url?.includes('/dashboard'))).toBe(false);
  });

  it('lets crawlers read the public pages in /robots.txt, not the app or the API', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body.split('\n')).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /dashboard',
        'Disallow: /api',
        `Sitemap: ${testOrigin}/sitemap.xml`,
      ]),
    );
  });
});
