import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { signedInChunkGroups } from './scripts/chunk-groups.ts';
import { lazySharedSchemas } from './scripts/lazy-shared-schemas.ts';
import { prerenderLanding } from './scripts/prerender-landing.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [lazySharedSchemas(), react(), tailwindcss(), prerenderLanding()],
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
});
