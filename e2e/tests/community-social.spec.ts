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

test.describe('community: following, live posts and mentions', () => {
  test('a member follows another, sees their post arrive as a pill in Following, and the mention in Updates', async ({
    page,
    browser,
    baseURL,
    signUp,
  }) => {
    const origin = baseURL as string;
    await signUp({ plan: 'free' });
    const reader = await joinCommunity(page.context().request, origin);
    const otherContext = await browser.newContext({ baseURL: origin });
    try {
      await signUpInContext(otherContext, origin, { plan: 'free' });
      const writer = await joinCommunity(otherContext.request, origin);

      await page.goto(communityUserPath(writer));
      await expect(
        page.getByText('Posts are the opinions of their authors, not investment advice.'),
      ).toBeVisible();
      await page.getByRole('button', { name: `Follow @${writer}` }).click();
      await expect(page.getByRole('button', { name: `Following @${writer}` })).toBeVisible();
      await expect(page.getByText('1 follower', { exact: true })).toBeVisible();

      await page.goto(paths.socialFeed);
      await expect(page.getByRole('tab', { name: 'Following' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(
        page.getByText('Nothing here yet from the members and symbols you follow'),
      ).toBeVisible();

      const posted = await otherContext.request.post('/api/community/posts', {
        headers: { origin },
        data: { body: `Dividends keep coming at $KO, right @${reader}?` },
      });
      expect(posted.status(), await posted.text()).toBe(201);

      // The post waits in the pill; the list does not change until it is clicked.
      const pill = page.getByRole('button', { name: '1 new post' });
      await expect(pill).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('article')).toHaveCount(0);
      await pill.click();
      const post = page.getByRole('article').filter({ hasText: 'Dividends keep coming' });
      await expect(post).toBeVisible();
      await expect(post.getByRole('link', { name: `@${reader}` })).toHaveAttribute(
        'href',
        communityUserPath(reader),
      );

      await page.goto(paths.socialPosts);
      await expect(page.getByRole('heading', { name: 'Updates', level: 1 })).toBeVisible();
      await expect(page.getByText('0 of 5 posts, 0 of 10 replies this month')).toBeVisible();
      await expect(page.getByText('mentioned you')).toBeVisible();
      await expect(page.getByText('You have not posted yet')).toBeVisible();
    } finally {
      await otherContext.close();
    }
  });
});
