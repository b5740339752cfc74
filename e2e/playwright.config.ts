import { defineConfig } from '@playwright/test';

/** The system Chromium (it cannot be downloaded here) with flags for a closed network. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // Two workers, their browsers and the server share two cores in CI: the first render of a
  // signed-in page with its lazily loaded code took up to 10 s there (a trace showed 5.8 s of
  // the browser's main thread between chunk loads), so a first screen has 15 s.
  timeout: 45_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // A trace records a screencast and a DOM snapshot at every step, which costs the browsers
    // CPU for traces thrown away with each passing test. CI traces the retry of a failed test
    // instead (retries: 1): that is the trace read when a test fails there.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
