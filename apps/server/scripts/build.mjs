// Bundles the server into dist/main.js. Workspace packages (TypeScript source) are inlined;
// npm dependencies stay external and load from node_modules.
// Usage: node scripts/build.mjs [--outfile dist/main.js] (relative to apps/server).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter(
  (name) => !name.startsWith('@tickerwise/'),
);

const root = new URL('..', import.meta.url).pathname;
const outfileFlag = process.argv.indexOf('--outfile');
const outfile = outfileFlag === -1 ? 'dist/main.js' : process.argv[outfileFlag + 1];

await build({
  absWorkingDir: root,
  entryPoints: ['src/main.ts'],
  outfile,
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
});
