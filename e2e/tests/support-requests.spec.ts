import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { paths } from '@tickerwise/shared';
import { expect, signUpInContext, test } from '../support/fixtures.ts';

const supportScript = resolve(import.meta.dirname, '..', '..', 'apps/server/scripts/support.mjs');

/** Grants the support agent role through `npm run support`, the operators' command. */
async function grantAgent(email: string): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the suite through playwright test');
  await promisify(execFile)(process.execPath, [supportScript, 'grant', email], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
}

test('a priority request is answered from the support queue, and the user reads the answer', async ({
  page,
  browser,
  baseURL,
  signUp,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL as string;
  await signUp({ plan: 'alpha' });
  await page.goto(paths.supportRequests);
  await expect(page.getByText('Priority support', { exact: true })).toBeVisible();
  await expect(page.getByText('No requests yet')).toBeVisible();
  const subject = `Export stops halfway ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Category').selectOption({ label: 'Something is broken' });
  await page.getByLabel('Message').fill('The CSV export of my portfolio stops at row 500.');
  await page.getByRole('button', { name: 'Send to support' }).click();
  const thread = page.getByRole('article');
  await expect(thread.getByRole('heading', { name: subject })).toBeVisible();
  await expect(
    thread.getByText('a first reply within 4 business hours', { exact: false }),
  ).toBeVisible();

  const agentContext = await browser.newContext({ baseURL: origin });
  try {
    const agent = await signUpInContext(agentContext, origin, { plan: 'free' });
    await grantAgent(agent.email);
    const desk = await agentContext.newPage();
    await desk.goto(paths.supportQueue);
    await expect(desk.getByRole('heading', { name: 'Support queue' })).toBeVisible();
    await desk.getByRole('link', { name: new RegExp(subject) }).click();
    await desk
      .getByLabel('Answer as Tickerwise Support')
      .fill('Fixed: exports now finish. Try again?');
    await desk.getByRole('button', { name: 'Send answer' }).click();
    await expect(desk.getByText('Fixed: exports now finish. Try again?')).toBeVisible();
    await expect(desk.getByRole('link', { name: new RegExp(subject) })).toHaveCount(0);
  } finally {
    await agentContext.close();
  }

  await page.reload();
  await expect(thread.getByText('Fixed: exports now finish. Try again?')).toBeVisible();
  await expect(thread.getByText('Waiting on you').first()).toBeVisible();
  await page
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .click();
  await expect(page.getByText(`Support answered: ${subject}`)).toBeVisible();
});
