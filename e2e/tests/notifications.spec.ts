import { paths } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';
import { publishNotification } from '../support/publish-notification.ts';

const releaseTitle = 'New Update: Tickerwise Alpha 0.1.0';
const releaseMessage = 'Check out our latest platform update with new features and improvements!';

test.describe('notifications', () => {
  test('the release note shows once after three dashboard visits', async ({
    signedInPage: page,
  }) => {
    for (let visit = 0; visit < 3; visit++) {
      await page.goto(paths.dashboard);
      await expect(page.getByRole('button', { name: /^Notifications, / })).toBeVisible();
    }
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByRole('listitem').filter({ hasText: releaseTitle })).toHaveCount(1);
    await expect(panel.getByText(releaseMessage)).toBeVisible();
  });

  test('the dot disappears after reading and stays gone after reload', async ({
    signedInPage: page,
  }) => {
    await page.goto(paths.dashboard);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(page.getByTestId('notification-dot')).toBeVisible();

    await bell.click();
    await page.getByRole('button', { name: new RegExp(releaseTitle) }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();
    await expect(bell).toHaveAccessibleName('Notifications, none unread');
    await expect(page.getByTestId('notification-dot')).toBeHidden();

    await page.reload();
    await expect(bell).toHaveAccessibleName('Notifications, none unread');
    await expect(page.getByTestId('notification-dot')).toBeHidden();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the menu button tells of unread notifications while the drawer is closed', async ({
      signedInPage: page,
    }) => {
      await page.goto(paths.dashboard);
      const menu = page.getByRole('button', { name: /^Open menu/ });
      await expect(menu).toHaveAccessibleName('Open menu, 1 unread notifications');
      await menu.click();
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('button', { name: new RegExp(releaseTitle) }).click();
      // The drawer is modal: the page behind it, the menu button too, is hidden until it closes.
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAccessibleName('Open menu');
    });
  });

  test('a notification published while the page is open appears without a reload', async ({
    page,
    signUp,
  }) => {
    const account = await signUp();
    // The tab's first stream also says how long ago its reads began (`?readsAgoMs=`).
    const liveStream = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/events',
    );
    await page.goto(paths.dashboard);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    // The live stream is open, so only its event can bring the new notification in.
    expect((await liveStream).status()).toBe(200);
    await page.evaluate(() => {
      (window as { stillTheSamePage?: boolean }).stillTheSamePage = true;
    });

    await publishNotification({
      title: 'Earnings week',
      message: 'Five of your stocks report this week.',
      userEmail: account.email,
    });

    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
    await bell.click();
    await expect(page.getByText('Five of your stocks report this week.')).toBeVisible();
    expect(
      await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage),
    ).toBe(true);
  });

  test('an item with a link goes there; Escape and a click outside close the panel', async ({
    page,
    signUp,
  }) => {
    const account = await signUp();
    await publishNotification({
      title: 'New: stock screener',
      message: 'Filter stocks by price and volume.',
      link: paths.stocks,
      userEmail: account.email,
    });
    await page.goto(paths.dashboard);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread');

    await bell.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(bell).toBeFocused();

    await bell.click();
    await page.getByRole('heading', { name: /^Welcome back/ }).click();
    await expect(panel).toBeHidden();

    await bell.click();
    await panel.getByRole('link', { name: /New: stock screener/ }).click();
    await expect(page).toHaveURL(paths.stocks);
    await expect(panel).toBeHidden();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  });
});
