import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { communityUserPath, paths } from '@tickerwise/shared';
import { expect, signUpInContext, test } from '../support/fixtures.ts';

async function joinCommunity(request: APIRequestContext, origin: string): Promise<string> {
  const handle = `e2e_${randomBytes(5).toString('hex')}`;
  const response = await request.put('/api/community/profile', {
    headers: { origin },
    data: { handle, displayName: `Member ${handle.slice(4)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return handle;
}

test.describe('community: messages', () => {
  // Two signed-in browsers and a dozen page loads on a shared machine.
  test.setTimeout(90_000);

  test('two members exchange messages live, then one blocks the other from the conversation and unblocks', async ({
    page,
    browser,
    baseURL,
    signUp,
    consoleErrors,
  }) => {
    consoleErrors.allow(
      /status of (403|404) .*\/api\/community\/conversations\//,
      'after the block, Ada’s message is refused and the conversation is absent for her',
    );
    const origin = baseURL as string;
    await signUp({ plan: 'free' });
    const ada = await joinCommunity(page.context().request, origin);
    const benContext = await browser.newContext({ baseURL: origin });
    try {
      await signUpInContext(benContext, origin, { plan: 'free' });
      const ben = await joinCommunity(benContext.request, origin);
      const benPage = await benContext.newPage();
      await benPage.goto(paths.socialMessages);
      await expect(benPage.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
      await expect(benPage.getByText('No conversations yet')).toBeVisible();
      // Ben follows no one: he takes messages from anyone.
      await benPage.getByLabel('Anyone may message me').check();
      await expect(benPage.getByLabel('Anyone may message me')).toBeChecked();

      // Ada starts from Ben's profile.
      await page.goto(communityUserPath(ben));
      await page.getByRole('link', { name: 'Message' }).click();
      await expect(page.getByText(`Say hello to @${ben}`)).toBeVisible();
      await page.getByLabel('Write a message').fill('Hello Ben, what do you make of $KO?');
      await page.getByRole('button', { name: 'Send' }).click();
      const adasThread = page.getByRole('list', { name: `Messages with @${ben}` });
      await expect(adasThread.getByText('Hello Ben, what do you make of $KO?')).toBeVisible();

      // Ben's list takes it in live, with the unread count beside it and in the sidebar.
      const conversation = benPage.getByRole('button', {
        name: new RegExp(`Member ${ada.slice(4)}`),
      });
      await expect(conversation).toBeVisible({ timeout: 15_000 });
      await expect(conversation.getByText('Unread: 1')).toBeAttached();
      const nav = benPage.getByRole('navigation', { name: 'Dashboard' });
      await expect(nav.getByRole('link', { name: /Messages\s*1 unread message/ })).toBeVisible();
      await conversation.click();
      const bensThread = benPage.getByRole('list', { name: `Messages with @${ada}` });
      await expect(bensThread.getByText('Hello Ben, what do you make of $KO?')).toBeVisible();
      await expect(nav.getByRole('link', { name: /unread/ })).toHaveCount(0);
      await benPage.getByLabel('Write a message').fill('Steady dividends, Ada.');
      await benPage.getByRole('button', { name: 'Send' }).click();

      // Ada's open conversation shows the answer without a reload, and that Ben read hers.
      await expect(adasThread.getByText('Steady dividends, Ada.')).toBeVisible({ timeout: 15_000 });
      await expect(adasThread.getByText('Seen')).toBeVisible();

      // Ben blocks Ada from the conversation, after being told what it does.
      await benPage.getByRole('button', { name: 'Block', exact: true }).click();
      const confirm = benPage.getByRole('group', { name: `Block @${ada}` });
      await expect(confirm).toContainText('They will not be able to message you');
      await confirm.getByRole('button', { name: `Block @${ada}` }).click();
      await expect(benPage.getByText(`You blocked @${ada}.`)).toBeVisible();
      await expect(benPage.getByLabel('Write a message')).toHaveCount(0);
      // He keeps the conversation, marked as blocked, and can still read it.
      await expect(conversation.getByText('Blocked')).toBeVisible();
      await expect(bensThread.getByText('Hello Ben, what do you make of $KO?')).toBeVisible();

      // Ada's next message is refused with the reason, and Ben is told nothing. Her open
      // conversation refetches whenever her stream reconnects (a loaded machine drops it): then
      // it is already gone for her, and there is nothing to write in.
      const writeBox = page.getByLabel('Write a message');
      const gone = page.getByText('This conversation is not available');
      await expect(writeBox.or(gone)).toBeVisible();
      if (await writeBox.isVisible()) {
        await writeBox.fill('Are you still there?');
        await page.getByRole('button', { name: 'Send' }).click();
        await expect(page.getByRole('alert').or(gone)).toBeVisible();
        if (await page.getByRole('alert').isVisible()) {
          await expect(page.getByRole('alert')).toHaveText(
            `@${ben} does not accept messages from you. Your message was not sent.`,
          );
        }
      }
      // After a reload she no longer has the conversation.
      await page.reload();
      await expect(page.getByText('This conversation is not available')).toBeVisible();
      await page.goto(paths.socialMessages);
      await expect(page.getByText('No conversations yet')).toBeVisible();
      await expect(bensThread.getByText('Are you still there?')).toHaveCount(0);

      // Ben unblocks from the conversation: both can write again.
      await benPage.getByRole('button', { name: `Unblock @${ada}` }).click();
      await expect(benPage.getByLabel('Write a message')).toBeVisible();
      await expect(conversation.getByText('Blocked')).toHaveCount(0);
      await page.goto(paths.socialMessages);
      await expect(
        page.getByRole('button', { name: new RegExp(`Member ${ben.slice(4)}`) }),
      ).toBeVisible();
    } finally {
      await benContext.close();
    }
  });
});
