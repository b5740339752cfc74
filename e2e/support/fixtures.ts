import { test as base, expect } from '@playwright/test';

/** Every test runs against the server that global setup started. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture arguments by destructuring.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through playwright test');
    await use(url);
  },
});

export { expect };
