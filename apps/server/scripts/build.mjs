// Bundles the server into dist/main.js, and the email render worker (src/email-render-worker.ts)
// into email-render-worker.js beside it, where the server starts its workers from. Workspace
// packages (TypeScript source) are inlined; npm dependencies stay external and load from
// node_modules.
// Usage: node scripts/build.mjs [--outfile dist/main.js] (relative to apps/server).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter(
  (name) => !name.startsWith('@tickerwise/'),
);

const root = new URL('..', import.meta.url).pathname;
const outfileFlag = process.argv.indexOf('--outfile');
const outfile = outfileFlag === -1 ? 'dist/main.js' : process.argv[outfileFlag + 1];

const options = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
};
await Promise.all([
  build({ ...options, entryPoints: ['src/main.ts'], outfile }),
  build({
    ...options,
    entryPoints: ['src/email-render-worker.ts'],
    outfile: join(dirname(outfile), 'email-render-worker.js'),
  }),
]);
