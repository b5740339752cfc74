import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/fail-on-console-error.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Each worker process runs its files one after another on the modules it has already
    // loaded, instead of a fresh process importing the whole app for every file (ADR 45).
    // Each file still builds its own app on its own database and closes it.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
