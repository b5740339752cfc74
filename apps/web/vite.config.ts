import { createRequire } from 'node:module';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { signedInChunkGroups } from './scripts/chunk-groups.ts';
import { lazySharedSchemas } from './scripts/lazy-shared-schemas.ts';
import { prerenderLanding } from './scripts/prerender-landing.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * React Router's package sends every bundler to its development build (warnings, invariant
 * texts and checks a production page never needs); its production build sits beside it, under
 * the same version. The production bundle takes that one.
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[/\\]development[/\\]index\.m?js$/, '/production/index.mjs');
if (!reactRouterProduction.endsWith('/production/index.mjs')) {
  throw new Error(`React Router's production build was not found beside ${reactRouterProduction}`);
}

export default defineConfig(({ command }) => ({
  plugins: [lazySharedSchemas(), react(), tailwindcss(), prerenderLanding()],
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] }
      : {},
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  // Maps are written for reading production stack traces, never referenced by the bundles nor
  // served (the server refuses *.map): they would hand out the original source.
  build: {
    target: 'es2022',
    sourcemap: 'hidden',
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: signedInChunkGroups(), includeDependenciesRecursively: false },
      },
    },
  },
}));
