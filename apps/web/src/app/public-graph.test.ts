import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// What a prerendered page loads, read from the source (ADR 77): the public entry and each
// page's chunk, and what they import.

const src = resolve(import.meta.dirname, '..');
const boot = resolve(src, 'boot.ts');
const publicEntry = resolve(src, 'public-main.tsx');
const pageLoaders = resolve(src, 'app/public-pages.ts');
/** The public entry hands over to the app here: what lies behind it loads on navigation. */
const handOver = resolve(src, 'main.tsx');

interface Imports {
  /** Loaded with the file. */
  static: string[];
  /** Loaded later, by `import()`. */
  lazy: string[];
}

const staticImport = /^\s*(import|export)\s+(type\s+)?(?:[^;]*?\s+from\s+)?'([^']+)'/gm;
const lazyImport = /import\(\s*'([^']+)'\s*\)/g;

function importsOf(file: string): Imports {
  const text = readFileSync(file, 'utf8');
  const found: Imports = { static: [], lazy: [] };
  for (const [, , typeOnly, specifier] of text.matchAll(staticImport)) {
    // A type-only import loads nothing.
    if (!typeOnly && specifier) found.static.push(specifier);
  }
  for (const [, specifier] of text.matchAll(lazyImport)) if (specifier) found.lazy.push(specifier);
  return found;
}

const local = (file: string, specifier: string) =>
  specifier.startsWith('.') ? resolve(dirname(file), specifier) : null;

/** The files reached from `roots`, through static imports only or through lazy ones too. */
function reach(roots: string[], followLazy: boolean): Map<string, Imports> {
  const reached = new Map<string, Imports>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (reached.has(file) || file === handOver) continue;
    const imports = importsOf(file);
    reached.set(file, imports);
    for (const specifier of [...imports.static, ...(followLazy ? imports.lazy : [])]) {
      const target = local(file, specifier);
      if (target) queue.push(target);
    }
  }
  return reached;
}

const uses = (files: Map<string, Imports>, packages: string[]) =>
  [...files].flatMap(([file, imports]) =>
    [...imports.static, ...imports.lazy]
      .filter((specifier) =>
        packages.some((name) => specifier === name || specifier.startsWith(`${name}/`)),
      )
      .map((specifier) => `${relative(src, file)} imports ${specifier}`),
  );

describe('what a prerendered page loads', () => {
  const pages = importsOf(pageLoaders).lazy.map((specifier) => local(pageLoaders, specifier));
  const firstLoad = reach([boot, publicEntry, ...(pages as string[])], false);
  const everything = reach([boot], true);

  it('is the public entry and each page’s own chunk, never the app', () => {
    const files = [...firstLoad.keys()].map((file) => relative(src, file));
    expect(pages.length).toBeGreaterThan(20);
    expect(files).toEqual(
      expect.arrayContaining([
        'app/public-pages.ts',
        'app/public-app.tsx',
        'features/marketing/landing-page.tsx',
        'features/tools/calculator-page.tsx',
        'features/marketing/components/site-header.tsx',
      ]),
    );
    expect(files).not.toContain('app/router.tsx');
    expect([...everything.keys()]).toContain(publicEntry);
    expect([...everything.keys()]).not.toContain(resolve(src, 'app/router.tsx'));
  });

  it('uses no React Router, even in what a page loads later: there is no router there', () => {
    expect(uses(everything, ['react-router'])).toEqual([]);
  });

  it('loads none of the app’s libraries with the page', () => {
    expect(
      uses(firstLoad, ['@tanstack/react-query', 'chart.js', 'react-chartjs-2', 'zod']),
    ).toEqual([]);
  });
});
