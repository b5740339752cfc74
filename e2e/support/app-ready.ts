import type { Page } from '@playwright/test';

/**
 * Opens a page and waits until React has taken over its root. The landing page paints from
 * prerendered HTML before its scripts load, so a click that comes earlier would hit markup
 * that has no handlers yet. Once `hydrateRoot` has run, React hydrates at once on a click.
 */
export async function gotoReady(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
  });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}
