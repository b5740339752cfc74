import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type StockResponse, settingsPath, stockPath } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';
import { setSimulatedPrice } from '../support/simulated-price.ts';

/** A symbol no other spec opens, so moving its price disturbs nothing else. */
const symbol = 'PEP';

test.afterEach(async () => {
  await setSimulatedPrice(symbol, null);
});

test('an alert fires to a webhook, and its delivery shows in the log', async ({ page, signUp }) => {
  test.setTimeout(90_000);
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tickerwise`;
  try {
    await signUp({ plan: 'alpha' });
    await page.goto(settingsPath('integrations'));
    await expect(page.getByText('No webhooks, Slack or Discord yet.')).toBeVisible();
    await page.getByLabel('Name').fill('Trading desk');
    await page.getByLabel('Address (https)').fill(url);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Signing secret', exact: true })).toHaveValue(
      /^whsec_/,
    );
    await page.getByRole('button', { name: "I've copied it" }).click();
    await expect(page.getByText('Trading desk', { exact: true })).toBeVisible();

    await page.goto(stockPath(symbol));
    const { stock } = (await (
      await page.request.get(`/api/stocks/${symbol}`)
    ).json()) as StockResponse;
    const level = Math.ceil(stock.price) + 10;
    await page.getByRole('button', { name: 'Set alert' }).click();
    const dialog = page.getByRole('dialog', { name: `Alert on ${symbol}` });
    await dialog.getByLabel('Price', { exact: true }).fill(String(level));
    await dialog.getByRole('checkbox', { name: /Trading desk/ }).check();
    await dialog.getByRole('button', { name: 'Set alert' }).click();
    await expect(dialog).toBeHidden();

    await setSimulatedPrice(symbol, level + 0.5);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const event = JSON.parse(received[0]!.body);
    expect(event).toMatchObject({ type: 'alert.fired', data: { symbol } });
    expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,/);

    await page.goto(settingsPath('integrations'));
    await page.getByRole('button', { name: 'Delivery log' }).click();
    await expect(page.getByText(`${symbol} rose above`)).toBeVisible();
    await expect(page.getByText('Delivered', { exact: true })).toBeVisible();
  } finally {
    receiver.close();
  }
});
