import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatUsd, type StockResponse, settingsPath, stockPath } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';
import { setSimulatedPrice } from '../support/simulated-price.ts';

/** A symbol no other spec opens, so moving its price disturbs nothing else. */
const symbol = 'MCD';

/**
 * The first link matching `pattern` in an email to `address` whose subject matches `subject`:
 * the e2e server has no SMTP_URL, so its mail is written as .eml files to DATA_DIR/outbox.
 */
async function linkInEmail(address: string, subject: RegExp, pattern: RegExp): Promise<string> {
  const folder = join(process.env.E2E_DATA_DIR as string, 'outbox');
  for (let wait = 0; wait < 60; wait++) {
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      // Quoted-printable: undo its soft line breaks and escapes; headers unfolded.
      const message = (await readFile(join(folder, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
        .replace(/\r?\n[ \t]+/g, ' ');
      if (!message.includes(`To: ${address}`)) continue;
      if (!subject.test(/^Subject: (.*)$/m.exec(message)?.[1] ?? '')) continue;
      const link = pattern.exec(message);
      if (link) return link[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No email matching ${subject} came for ${address}`);
}

test.afterEach(async () => {
  await setSimulatedPrice(symbol, null);
});

test('a confirmed user gets an alert email whose link opens the stock', async ({
  page,
  signUp,
}) => {
  // Two emails go through the outbox's job on the way (the confirmation, then the alert).
  test.setTimeout(120_000);
  const account = await signUp({ plan: 'alpha' });

  // Unconfirmed, the Notifications tab says why alert emails wait.
  await page.goto(settingsPath('notifications'));
  await expect(
    page.getByText('Confirm your email address to get alert emails and the digest'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('switch', { name: 'Alert emails' })).toBeChecked();

  const confirmLink = new URL(
    await linkInEmail(
      account.email,
      /Confirm your email/,
      /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[^\s"<>&]+[^\s"<>]*/,
    ),
  );
  await page.goto(`${confirmLink.pathname}${confirmLink.search}`);
  await page.goto(settingsPath('notifications'));
  await expect(page.getByRole('switch', { name: 'Alert emails' })).toBeChecked();
  await expect(
    page.getByText('Confirm your email address to get alert emails and the digest'),
  ).toBeHidden();

  await page.goto(stockPath(symbol));
  const { stock } = (await (
    await page.request.get(`/api/stocks/${symbol}`)
  ).json()) as StockResponse;
  const level = Math.ceil(stock.price) + 10;
  await page.getByRole('button', { name: 'Set alert' }).click();
  const dialog = page.getByRole('dialog', { name: `Alert on ${symbol}` });
  await dialog.getByLabel('Price', { exact: true }).fill(String(level));
  await expect(dialog.getByRole('checkbox', { name: 'By email too' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Set alert' }).click();
  await expect(dialog).toBeHidden();

  await setSimulatedPrice(symbol, level + 0.5);

  const title = `${symbol} rose above ${formatUsd(level)}`;
  const stockLink = new URL(
    await linkInEmail(
      account.email,
      new RegExp(title.replace(/[$.]/g, '\\$&')),
      new RegExp(`https?://[^\\s"<>]+${stockPath(symbol)}`),
    ),
  );
  expect(stockLink.pathname).toBe(stockPath(symbol));
  await page.goto(stockLink.pathname);
  await expect(page.getByRole('heading', { level: 1, name: stock.name })).toBeVisible();
});
