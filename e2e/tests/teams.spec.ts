import { randomInt } from 'node:crypto';
import { paths } from '@tickerwise/shared';
import { expect, signUpInContext, test } from '../support/fixtures.ts';
import { linkInMail } from '../support/outbox-mail.ts';

test('an owner invites a member by email, who sees the shared watchlist until removed', async ({
  page,
  signUp,
  browser,
  baseURL,
}) => {
  // Two emails go through the outbox on the way (the confirmation, then the invitation).
  test.setTimeout(120_000);
  const owner = await signUp({ plan: 'alpha', name: 'Grace Owner' });
  const confirm = new URL(
    await linkInMail(owner.email, /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[^\s"<>]+/),
  );
  await page.goto(`${confirm.pathname}${confirm.search}`);

  await page.goto(paths.dashboardTeam);
  await page.getByLabel('Team name').fill('Harbor Club');
  await page.getByRole('button', { name: 'Make the team' }).click();
  await expect(page.getByRole('heading', { name: 'Harbor Club', level: 1 })).toBeVisible();
  await expect(page.getByText('0 of 5 seats')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team' }),
  ).toBeVisible();

  // A list the owner moves into the team.
  const made = await page.request.post('/api/watchlists', {
    headers: { origin: baseURL as string },
    data: { name: 'Club ideas' },
  });
  const listId = ((await made.json()) as { watchlist: { id: string } }).watchlist.id;
  await page.request.post(`/api/watchlists/${listId}/symbols`, {
    headers: { origin: baseURL as string },
    data: { symbol: 'KO' },
  });
  await page.goto(`${paths.watchlist}?list=${listId}`);
  await page.getByRole('button', { name: 'More for Club ideas' }).click();
  await page.getByRole('menuitem', { name: 'Move to the team' }).click();
  await expect(page.getByText('Shared with Harbor Club: you are Owner.')).toBeVisible();

  // The member, in a browser of their own.
  const memberContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.7` },
  });
  try {
    const member = await signUpInContext(memberContext, baseURL as string, { name: 'Mo Member' });
    await page.goto(paths.dashboardTeam);
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(page.getByText(`An invitation is on its way to ${member.email}`)).toBeVisible();
    await expect(page.getByText('1 of 5 seats')).toBeVisible();

    const invite = new URL(
      await linkInMail(member.email, /https?:\/\/[^\s"<>]+\/dashboard\/team\?invite=[\w-]+/),
    );
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`${invite.pathname}${invite.search}`);
    await memberPage.getByRole('button', { name: 'Accept the invitation' }).click();
    await expect(memberPage.getByRole('heading', { name: 'Harbor Club', level: 1 })).toBeVisible();
    await expect(memberPage.getByText('You are Viewer.', { exact: false })).toBeVisible();

    await memberPage.goto(paths.watchlist);
    await expect(memberPage.getByRole('tab', { name: /Club ideas/ })).toBeVisible();
    await expect(memberPage.getByText('Shared with Harbor Club: you are Viewer.')).toBeVisible();
    await expect(memberPage.getByRole('link', { name: 'KO', exact: true })).toBeVisible();
    // A Viewer reads: no way to add or remove.
    await expect(memberPage.getByLabel('Add a symbol')).toHaveCount(0);

    // A portfolio the owner moves into the team: the Viewer reads it, and who entered what,
    // with no way to change it.
    const headers = { origin: baseURL as string };
    const fund = await page.request.post('/api/portfolios', {
      headers,
      data: { name: 'Club fund' },
    });
    const fundId = ((await fund.json()) as { portfolio: { id: string } }).portfolio.id;
    await page.request.post(`/api/portfolios/${fundId}/transactions`, {
      headers,
      data: { kind: 'deposit', date: '2024-01-02', amount: '1000' },
    });
    const moved = await page.request.put(`/api/portfolios/${fundId}/team`, {
      headers,
      data: { shared: true },
    });
    expect(moved.ok()).toBe(true);
    await memberPage.goto(paths.portfolio);
    await expect(memberPage.getByText('Shared with Harbor Club: you are Viewer.')).toBeVisible();
    await expect(memberPage.getByText('Entered by Grace Owner')).toBeVisible();
    await expect(memberPage.getByRole('button', { name: /Add transaction/ })).toHaveCount(0);
    await memberPage.goto(paths.watchlist);

    // An Admin or the Owner renames the team; the member's open page shows it without a reload.
    await page.goto(paths.dashboardTeam);
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('dialog').getByLabel('Team name').fill('Harbor Investors');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Harbor Investors', level: 1 })).toBeVisible();
    await expect(memberPage.getByText('Shared with Harbor Investors: you are Viewer.')).toBeVisible(
      { timeout: 15_000 },
    );

    // The owner removes the member; the open page loses the list without a reload.
    await page.goto(paths.dashboardTeam);
    const row = page.getByRole('listitem').filter({ hasText: member.email });
    await row.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('0 of 5 seats')).toBeVisible();
    await expect(memberPage.getByRole('tab', { name: /Club ideas/ })).toHaveCount(0, {
      timeout: 15_000,
    });

    await page.goto(`${paths.dashboardTeam}?tab=activity`);
    await expect(page.getByText('removed Mo Member from the team')).toBeVisible();
    await expect(page.getByText('joined as Viewer')).toBeVisible();
  } finally {
    await memberContext.close();
  }
});
