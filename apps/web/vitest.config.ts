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
  },
});
