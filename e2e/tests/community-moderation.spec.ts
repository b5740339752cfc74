import { randomBytes } from 'node:crypto';
import { type APIRequestContext, request } from '@playwright/test';
import { communityUserPath, paths } from '@tickerwise/shared';
import {
  clientAddress,
  expect,
  grantModerator,
  signUpInContext,
  test,
} from '../support/fixtures.ts';

async function joinCommunity(api: APIRequestContext, origin: string): Promise<string> {
  const handle = `e2e_${randomBytes(5).toString('hex')}`;
  const response = await api.put('/api/community/profile', {
    headers: { origin },
    data: { handle, displayName: `Member ${handle.slice(4)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return handle;
}

test.describe('community moderation', () => {
  // Setting up is API calls (accounts, the post, two of the three reports, the role through the
  // operator's command); the screens are the report, the queue and the author's appeal.
  test('three reports hide a post; a moderator removes it, the author appeals once, and the moderator restores it', async ({
    page,
    browser,
    baseURL,
    signUp,
  }) => {
    // Three members' screens, each a first render of a signed-in page (up to 10 s in CI).
    test.setTimeout(90_000);
    const origin = baseURL as string;
    const authorContext = await browser.newContext({
      baseURL: origin,
      extraHTTPHeaders: clientAddress(),
    });
    const moderatorContext = await browser.newContext({
      baseURL: origin,
      extraHTTPHeaders: clientAddress(),
    });
    const reporters = await Promise.all(
      [0, 1].map(() => request.newContext({ baseURL: origin, extraHTTPHeaders: clientAddress() })),
    );
    try {
      await signUpInContext(authorContext, origin);
      const author = await joinCommunity(authorContext.request, origin);
      const text = `Quiet accumulation here, ask me why ${randomBytes(3).toString('hex')}`;
      const posted = await authorContext.request.post('/api/community/posts', {
        headers: { origin },
        data: { body: text },
      });
      expect(posted.status(), await posted.text()).toBe(201);
      const postId = ((await posted.json()) as { post: { id: string } }).post.id;

      // The first report, on the author's profile.
      await signUp();
      await joinCommunity(page.context().request, origin);
      await page.goto(communityUserPath(author));
      const card = page.getByRole('article').filter({ hasText: text });
      await card.getByRole('button', { name: 'Report' }).click();
      await card.getByRole('button', { name: 'Pump and dump' }).click();
      await expect(card.getByText('Reported. Thank you.')).toBeVisible();

      // Two more members report it: hidden for everyone.
      for (const reporter of reporters) {
        await signUpInContext({ request: reporter }, origin);
        const reported = await reporter.post(`/api/community/posts/${postId}/report`, {
          headers: { origin },
          data: { reason: 'spam' },
        });
        expect(reported.status(), await reported.text()).toBe(204);
      }
      const hidden = await page.context().request.get(`/api/community/posts/${postId}`);
      expect(hidden.status()).toBe(404);

      // The moderator finds it in the queue (the sidebar leads there) and removes it.
      const moderator = await signUpInContext(moderatorContext, origin);
      await grantModerator(moderator.email);
      const moderatorPage = await moderatorContext.newPage();
      await moderatorPage.goto(paths.socialModeration);
      await expect(
        moderatorPage
          .getByRole('navigation', { name: 'Dashboard' })
          .getByRole('link', { name: 'Moderation' }),
      ).toHaveAttribute('aria-current', 'page');
      const queued = moderatorPage.getByRole('article').filter({ hasText: text });
      await expect(queued.getByText('3 reports: Spam 2, Pump and dump 1')).toBeVisible();
      await queued.getByRole('button', { name: 'Remove', exact: true }).click();
      await queued
        .getByLabel('Reason, shown to the author')
        .fill('Promotes a stock without saying why.');
      await queued.getByRole('button', { name: 'Remove the post' }).click();
      await expect(queued).toHaveCount(0);

      // The author sees the removal and its reason, and appeals once.
      const authorPage = await authorContext.newPage();
      await authorPage.goto(paths.socialFeed);
      const notice = authorPage
        .getByRole('region', { name: 'Your posts others do not see' })
        .getByRole('listitem')
        .filter({ hasText: text });
      await expect(notice.getByText('Removed', { exact: true })).toBeVisible();
      await expect(notice.getByText('Reason: Promotes a stock without saying why.')).toBeVisible();
      await notice.getByRole('button', { name: 'Appeal' }).click();
      await notice
        .getByLabel('Why should it come back? You can appeal once.')
        .fill('I explain my reasons in the replies.');
      await notice.getByRole('button', { name: 'Send the appeal' }).click();
      await expect(
        notice.getByText(/^You appealed on .+; a moderator will decide\.$/),
      ).toBeVisible();
      await expect(notice.getByRole('button', { name: 'Appeal' })).toHaveCount(0);

      // The moderator accepts the appeal: the post is back for everyone.
      await moderatorPage.reload();
      const appealed = moderatorPage.getByRole('article').filter({ hasText: text });
      await expect(appealed.getByText('“I explain my reasons in the replies.”')).toBeVisible();
      await appealed.getByRole('button', { name: 'Accept the appeal and restore' }).click();
      await expect(appealed).toHaveCount(0);
      const restored = await page.context().request.get(`/api/community/posts/${postId}`);
      expect(restored.status()).toBe(200);
    } finally {
      await Promise.all([
        authorContext.close(),
        moderatorContext.close(),
        ...reporters.map((reporter) => reporter.dispose()),
      ]);
    }
  });
});
