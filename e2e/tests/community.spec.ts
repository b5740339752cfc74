import { paths, stockPath } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

test.describe('community', () => {
  test('a Free member chooses a handle, posts with a cashtag, and the post links to the stock', async ({
    page,
    signUp,
  }) => {
    await signUp({ plan: 'free' });
    await page.goto(paths.socialFeed);
    await expect(
      page.getByText('Posts are the opinions of their authors, not investment advice.'),
    ).toBeVisible();
    const handle = `e2e_${Date.now().toString(36)}`;
    await page.getByLabel('Handle').fill(handle);
    await page.getByLabel('Display name').fill('Playwright Investor');
    await page.getByRole('button', { name: 'Join the community' }).click();

    await expect(page.getByText('0 of 5 posts, 0 of 10 replies this month')).toBeVisible();
    await page
      .getByLabel('Write a post')
      .fill('Steady cash flows at $MSFT, **no** hype <b>here</b>');
    await page.getByRole('button', { name: 'Bullish' }).click();
    await page.getByRole('button', { name: 'Post', exact: true }).click();

    const post = page.getByRole('article').filter({ hasText: 'Steady cash flows' });
    await expect(post).toBeVisible();
    await expect(post.getByText('Bullish')).toBeVisible();
    await expect(post.getByText('<b>here</b>')).toBeVisible();
    await expect(page.getByText('1 of 5 posts, 0 of 10 replies this month')).toBeVisible();
    const cashtag = post.getByRole('link', { name: '$MSFT' });
    await expect(cashtag).toHaveAttribute('href', stockPath('MSFT'));
    await cashtag.click();
    await expect(page).toHaveURL(stockPath('MSFT'));
  });
});
