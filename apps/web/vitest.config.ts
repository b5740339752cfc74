import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Vitest's default for a run is one worker fewer than the cores: one worker on a two-core
    // CI machine, with the other core idle. The files are independent (each has its own DOM).
    maxWorkers: 2,
    // Each worker runs its files one after another on the modules it has already loaded and in
    // one window, instead of a fresh process importing React, the router and the file's screens
    // and building a new DOM for every file (ADR 86): that was most of the suite's time.
    // `src/test/setup.ts` leaves the window as a fresh one starts after each file.
    isolate: false,
  },
});
