import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found by walking up from this module. It works the same from
 * `src/` (dev, tests) and from the bundled `dist/main.js`, so migrations and the built SPA
 * are found in both.
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@tickerwise/server') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @tickerwise/server package folder');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const migrationsFolder = join(serverRoot, 'drizzle');
export const defaultWebDistDir = join(serverRoot, '..', 'web', 'dist');
