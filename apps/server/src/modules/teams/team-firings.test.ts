import type { Alert, Notification, Portfolio, TeamActivity, Transaction } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useMailTestApp } from '../../../test/mail-test-app.ts';
import { injectAs, type SignedUpUser, signUpUser } from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { WebhookReceiver } from '../../../test/webhook-receiver.ts';
import {
  alertDeliveries,
  alertDestinations,
  alertFirings,
  alerts,
  teamMembers,
  teams,
  user as users,
  watchlistItems,
  watchlists,
} from '../../db/schema/index.ts';
import { disableAfterMs } from '../integrations/deliveries.ts';
import { setTier } from '../profiles/service.ts';

/**
 * What reaches the members of a team, and what stays the team's (docs/PRODUCT.md §3.26): a
 * team alert's firing reaches every member (a notification each, an email each by their own
 * alert-email setting), its destinations once; a member who closes their account leaves the
 * team what they shared; exports cover the team's portfolios; a failing team destination is
 * reported to the team's Owner and Admins. Each test signs up a team of five (a password hash
 * each), hence their longer time limit.
 */

const clock = testClock();
const receiver = new WebhookReceiver();
const mail = useMailTestApp({ clock, config: { webhooksAllowLoopback: true } });
const app = mail.app;

beforeAll(() => receiver.start());
afterAll(() => receiver.stop());
afterEach(() => {
  clock.reset();
  receiver.reset();
});

const db = () => mail.testApp.db.database.db;
const call = (who: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(app, who, method, url, payload);

/** Tuesday 10 March 2026, 11:00 in New York: a trading day, the market open. */
const tuesday = new Date('2026-03-10T15:00:00Z');
const later = (ms: number) => new Date(tuesday.getTime() + ms);
const verification = 'Confirm your email for Tickerwise';

interface Club {
  teamId: string;
  teamName: string;
  owner: SignedUpUser;
  admin: SignedUpUser;
  editor: SignedUpUser;
  viewer: SignedUpUser;
  outsider: SignedUpUser;
  names: Record<'owner' | 'admin' | 'editor' | 'viewer', string>;
}

let clubs = 0;

/** An Enterprise owner's team with an Admin, a Pro Editor and a Viewer, all confirmed. */
async function club(): Promise<Club> {
  clubs += 1;
  const teamName = `Firing club ${clubs}`;
  const names = {
    owner: `Owner ${clubs}`,
    admin: `Admin ${clubs}`,
    editor: `Editor ${clubs}`,
    viewer: `Viewer ${clubs}`,
  };
  const owner = await signUpUser(app, { name: names.owner });
  await setTier(db(), owner.id, 'enterprise');
  const made = await call(owner, 'POST', '/api/team', { name: teamName });
  expect(made.statusCode, made.body).toBe(201);
  const teamId: string = made.json().team.id;
  const members: Partial<Record<'admin' | 'editor' | 'viewer', SignedUpUser>> = {};
  for (const role of ['admin', 'editor', 'viewer'] as const) {
    const member = await signUpUser(app, { name: names[role] });
    await db().insert(teamMembers).values({ teamId, userId: member.id, role });
    members[role] = member;
  }
  const outsider = await signUpUser(app, { name: `Outsider ${clubs}` });
  await setTier(db(), members.editor!.id, 'pro');
  await setTier(db(), outsider.id, 'pro');
  for (const who of [owner, outsider, ...Object.values(members)]) {
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, who.id));
  }
  return {
    teamId,
    teamName,
    owner,
    outsider,
    names,
    ...(members as Required<typeof members>),
  };
}

async function teamWebhook(admin: SignedUpUser, path: string): Promise<string> {
  const response = await call(admin, 'POST', '/api/integrations/destinations', {
    kind: 'webhook',
    name: 'Club desk',
    url: `${receiver.url}${path}`,
    team: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().destination.id;
}

/** A team alert set by `maker` on `symbol` above 5,000, posting to `destinationIds`. */
async function teamAlert(
  maker: SignedUpUser,
  symbol: string,
  destinationIds: string[],
  { email = true, repeat = 'once' }: { email?: boolean; repeat?: 'once' | 'daily' } = {},
): Promise<Alert> {
  const set = await call(maker, 'POST', '/api/alerts', {
    symbol,
    condition: { kind: 'price_above', level: 5000 },
    repeat,
    email,
    destinationIds,
  });
  expect(set.statusCode, set.body).toBe(201);
  const moved = await call(maker, 'PUT', `/api/alerts/${set.json().alert.id}/team`, {
    shared: true,
  });
  expect(moved.statusCode, moved.body).toBe(200);
  return moved.json().alert;
}

async function fireAt(symbol: string) {
  const until = Date.now() + 5_000;
  while (!app.alerts.quotes.book.symbolsWithAlerts().includes(symbol)) {
    if (Date.now() > until) throw new Error(`the book never held ${symbol}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return app.alerts.quotes.onQuote(symbol, {
    price: 5001,
    previousClose: 100,
    fetchedAt: clock().getTime(),
  });
}

async function noticesOf(who: SignedUpUser, symbol: string): Promise<Notification[]> {
  const answer = await call(who, 'GET', '/api/notifications');
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().notifications as Notification[]).filter((notice) =>
    notice.title.startsWith(symbol),
  );
}

/** The alert emails and notices that came for `who` (the sign-up's confirmation aside). */
const mailsOf = (who: SignedUpUser) =>
  mail.inbox.to(who.email).filter((message) => message.parsed.subject !== verification);

describe('a team alert’s firing', { timeout: 60_000 }, () => {
  it('reaches every member in the app, by email as each wants it, and its destination once', async () => {
    clock.set(tuesday);
    const { owner, admin, editor, viewer, outsider, teamName } = await club();
    // The Editor turned alert emails off; the Viewer's address is not confirmed.
    const off = await call(editor, 'PATCH', '/api/notification-preferences', {
      alertEmails: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, viewer.id));
    const hook = await teamWebhook(admin, '/every-member');
    const alert = await teamAlert(editor, 'ORCL', [hook]);

    const fired = await fireAt('ORCL');
    expect(fired).toHaveLength(1);
    expect(new Set(fired[0]!.reached)).toEqual(new Set([owner.id, admin.id, editor.id, viewer.id]));
    for (const who of [owner, admin, editor, viewer]) {
      const [notice, ...more] = await noticesOf(who, 'ORCL');
      expect(more).toEqual([]);
      expect(notice).toMatchObject({ title: 'ORCL rose above $5,000.00' });
      expect(notice!.message).toContain(`A team alert of ${teamName}.`);
    }
    expect(await noticesOf(outsider, 'ORCL')).toEqual([]);

    await app.alertMail.alertEmails.sendDue();
    await mail.deliver();
    for (const who of [owner, admin]) {
      const [message] = await mail.inbox.waitFor(who.email, 1, {
        subject: 'ORCL rose above $5,000.00',
      });
      expect(message!.parsed.text).toContain(`A team alert of ${teamName}.`);
    }
    expect(mailsOf(editor)).toEqual([]);
    expect(mailsOf(viewer)).toEqual([]);
    const states = await db()
      .select({ userId: alertFirings.userId, state: alertFirings.emailState })
      .from(alertFirings)
      .where(eq(alertFirings.alertId, alert.id));
    expect(Object.fromEntries(states.map((row) => [row.userId, row.state]))).toEqual({
      [owner.id]: 'sent',
      [admin.id]: 'sent',
      [editor.id]: 'skipped',
      [viewer.id]: 'skipped',
    });

    // One delivery to the team's destination, whoever it reached.
    await app.integrations.deliverDue();
    expect(receiver.received.filter((r) => r.path === '/every-member')).toHaveLength(1);
    // The alert's history shows the firing once, to any member.
    const history = await call(viewer, 'GET', `/api/alerts/${alert.id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().firings).toHaveLength(1);
  });

  it('no longer reaches a member once removed, and a daily alert reaches each member once a day', async () => {
    clock.set(tuesday);
    const { owner, admin, editor, viewer } = await club();
    const { id: alertId } = await teamAlert(editor, 'ADBE', [], { email: false, repeat: 'daily' });
    expect((await call(owner, 'DELETE', `/api/team/members/${viewer.id}`)).statusCode).toBe(200);

    expect(await fireAt('ADBE')).toHaveLength(1);
    // The same day, a second quote past the level fires nothing more.
    expect(await fireAt('ADBE')).toEqual([]);
    for (const who of [owner, admin, editor]) expect(await noticesOf(who, 'ADBE')).toHaveLength(1);
    expect(await noticesOf(viewer, 'ADBE')).toEqual([]);
    const rows = await db()
      .select({ userId: alertFirings.userId, state: alertFirings.emailState })
      .from(alertFirings)
      .where(eq(alertFirings.alertId, alertId));
    expect(rows.map((row) => row.userId).sort()).toEqual([owner.id, admin.id, editor.id].sort());
    // An alert without email leaves every member's firing without one.
    expect(rows.map((row) => row.state)).toEqual([null, null, null]);
  });
});

describe('closing the account of a member who shared things', { timeout: 60_000 }, () => {
  it('leaves the team its portfolios, watchlists, alerts, destinations and delivery logs', async () => {
    clock.set(tuesday);
    const { owner, admin, editor, viewer, teamId, names } = await club();
    await setTier(db(), admin.id, 'enterprise');
    const hook = await teamWebhook(admin, '/closing');
    // The Editor's portfolio in the team, named as one of the owner's own.
    const mine = await call(owner, 'POST', '/api/portfolios', { name: 'Club fund' });
    expect(mine.statusCode, mine.body).toBe(201);
    const made = await call(editor, 'POST', '/api/portfolios', { name: 'Club fund' });
    expect(made.statusCode, made.body).toBe(201);
    const portfolioId: string = made.json().portfolio.id;
    expect(
      (await call(editor, 'PUT', `/api/portfolios/${portfolioId}/team`, { shared: true }))
        .statusCode,
    ).toBe(200);
    const deposit = { kind: 'deposit', date: '2024-01-02', amount: '1000' };
    for (const who of [editor, owner]) {
      const added = await call(who, 'POST', `/api/portfolios/${portfolioId}/transactions`, deposit);
      expect(added.statusCode, added.body).toBe(201);
    }
    // A team watchlist of the Editor's, with a symbol.
    const list = await call(editor, 'POST', '/api/watchlists', { name: 'Club ideas' });
    expect(list.statusCode, list.body).toBe(201);
    const listId: string = list.json().watchlist.id;
    expect(
      (await call(editor, 'POST', `/api/watchlists/${listId}/symbols`, { symbol: 'AAPL' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call(editor, 'PUT', `/api/watchlists/${listId}/team`, { shared: true })).statusCode,
    ).toBe(200);
    // A team alert of the Editor's that already posted once to the Admin's team destination.
    const alert = await teamAlert(editor, 'CSCO', [hook], { email: false, repeat: 'daily' });
    expect(await fireAt('CSCO')).toHaveLength(1);
    await app.integrations.deliverDue();

    const closeEditor = await call(editor, 'DELETE', '/api/me', { password: editor.password });
    expect(closeEditor.statusCode, closeEditor.body).toBe(204);
    const closeAdmin = await call(admin, 'DELETE', '/api/me', { password: admin.password });
    expect(closeAdmin.statusCode, closeAdmin.body).toBe(204);

    // The portfolio stays the team's, held by the owner under a name of its own.
    const listed = (await call(viewer, 'GET', '/api/portfolios')).json().portfolios as Portfolio[];
    const kept = listed.find((p) => p.id === portfolioId);
    expect(kept).toMatchObject({ name: `Club fund (from ${names.editor})`, transactionCount: 2 });
    expect(kept?.shared).toMatchObject({ role: 'viewer', mine: false });
    const page = await call(viewer, 'GET', `/api/portfolios/${portfolioId}/transactions`);
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json().transactions as Transaction[]).map((t) => t.enteredBy).sort()).toEqual(
      [names.owner, null].sort(),
    );
    // The watchlist and its symbol, the alert and the destination with its log.
    const [keptList] = await db().select().from(watchlists).where(eq(watchlists.id, listId));
    expect(keptList).toMatchObject({ userId: owner.id, teamId });
    const items = await db()
      .select()
      .from(watchlistItems)
      .where(eq(watchlistItems.watchlistId, listId));
    expect(items.map((item) => item.symbol)).toEqual(['AAPL']);
    const [keptAlert] = await db().select().from(alerts).where(eq(alerts.id, alert.id));
    expect(keptAlert).toMatchObject({ userId: owner.id, teamId, destinationIds: [hook] });
    const [keptHook] = await db()
      .select()
      .from(alertDestinations)
      .where(eq(alertDestinations.id, hook));
    expect(keptHook).toMatchObject({ userId: owner.id, teamId });
    const log = await call(owner, 'GET', `/api/integrations/destinations/${hook}/deliveries`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().deliveries).toHaveLength(1);
    const activity = (await call(owner, 'GET', '/api/team/activity')).json() as TeamActivity;
    expect(
      activity.events
        .filter((event) => event.action === 'member_account_closed')
        .map((e) => e.actor),
    ).toEqual([names.admin, names.editor]);
    const members = await db().select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
    expect(members.map((member) => member.userId).sort()).toEqual([owner.id, viewer.id].sort());

    // The next day the team's alert fires on, to the members left, and posts to the kept
    // destination.
    clock.set(later(24 * 3600_000));
    const next = await fireAt('CSCO');
    expect(next).toHaveLength(1);
    expect(new Set(next[0]!.reached)).toEqual(new Set([owner.id, viewer.id]));
    await app.integrations.deliverDue();
    expect(receiver.received.filter((r) => r.path === '/closing')).toHaveLength(2);
  });

  it('of the owner takes the team with it and gives the members their things back', async () => {
    const { owner, editor, teamId } = await club();
    const made = await call(editor, 'POST', '/api/portfolios', { name: 'Back to me' });
    const portfolioId: string = made.json().portfolio.id;
    expect(
      (await call(editor, 'PUT', `/api/portfolios/${portfolioId}/team`, { shared: true }))
        .statusCode,
    ).toBe(200);
    const closed = await call(owner, 'DELETE', '/api/me', { password: owner.password });
    expect(closed.statusCode, closed.body).toBe(204);
    expect(await db().select().from(teams).where(eq(teams.id, teamId))).toEqual([]);
    const back = await call(editor, 'GET', `/api/portfolios/${portfolioId}`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().portfolio).toMatchObject({ name: 'Back to me', shared: null });
  });
});

describe('exports of team portfolios', { timeout: 60_000 }, () => {
  it('include the team’s portfolios a member reads, labelled as the team’s', async () => {
    const { owner, viewer, outsider, teamName, names } = await club();
    const made = await call(owner, 'POST', '/api/portfolios', { name: 'Shared fund' });
    const portfolioId: string = made.json().portfolio.id;
    await call(owner, 'POST', `/api/portfolios/${portfolioId}/transactions`, {
      kind: 'deposit',
      date: '2024-01-02',
      amount: '500',
    });
    expect(
      (await call(owner, 'PUT', `/api/portfolios/${portfolioId}/team`, { shared: true }))
        .statusCode,
    ).toBe(200);
    const own = await call(viewer, 'POST', '/api/portfolios', { name: 'Just mine' });
    expect(own.statusCode, own.body).toBe(201);

    const exported = await call(viewer, 'GET', '/api/me/export');
    expect(exported.statusCode, exported.body).toBe(200);
    const portfolios = exported.json().parts.portfolios as Record<string, unknown>[];
    expect(portfolios).toHaveLength(2);
    expect(portfolios.find((p) => p.name === 'Just mine')).not.toHaveProperty('team');
    expect(portfolios.find((p) => p.id === portfolioId)).toMatchObject({
      name: 'Shared fund',
      team: teamName,
      madeByYou: false,
      transactions: [{ kind: 'deposit', amount: '500.0000', enteredBy: names.owner }],
    });
    const strangers = (await call(outsider, 'GET', '/api/me/export')).json().parts.portfolios;
    expect(strangers).toEqual([]);

    const csv = await call(
      viewer,
      'GET',
      `/api/portfolios/${portfolioId}/exports/transactions.csv`,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(String(csv.headers['content-disposition'])).toContain(
      `firing-club-${clubs}-team-shared-fund-transactions-`,
    );
    expect(csv.body).toContain('2024-01-02,deposit');
    expect(
      (await call(outsider, 'GET', `/api/portfolios/${portfolioId}/exports/transactions.csv`))
        .statusCode,
    ).toBe(404);

    // Out of the team, the owner's export lists it as their own again; the viewer's does not.
    await call(owner, 'PUT', `/api/portfolios/${portfolioId}/team`, { shared: false });
    const after = (await call(viewer, 'GET', '/api/me/export')).json().parts.portfolios;
    expect(after.map((p: { name: string }) => p.name)).toEqual(['Just mine']);
  });
});

describe('a team destination that keeps failing', { timeout: 60_000 }, () => {
  it('is turned off with an email to the team’s Owner and Admins, not the alert’s maker', async () => {
    clock.set(tuesday);
    const { owner, admin, editor, viewer, teamName } = await club();
    const hook = await teamWebhook(admin, '/team-down');
    receiver.status = 503;
    await teamAlert(editor, 'TXN', [hook], { email: false });
    expect(await fireAt('TXN')).toHaveLength(1);
    await app.integrations.deliverDue();
    clock.set(later(disableAfterMs));
    await teamAlert(editor, 'MU', [hook], { email: false });
    expect(await fireAt('MU')).toHaveLength(1);
    await app.integrations.deliverDue();
    const [row] = await db().select().from(alertDestinations).where(eq(alertDestinations.id, hook));
    expect(row).toMatchObject({ disabledReason: 'failing' });
    // A delivery recorded after it was turned off fails at its next attempt: none is dropped.
    clock.set(later(disableAfterMs + 60_000));
    await app.integrations.deliverDue();
    const states = await db()
      .select({ state: alertDeliveries.state })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.destinationId, hook));
    expect(states.map((row) => row.state)).toEqual(['failed', 'failed']);

    await mail.deliver();
    const subject = `${teamName}: alerts stopped going to Club desk`;
    for (const who of [owner, admin]) {
      const [notice] = await mail.inbox.waitFor(who.email, 1, { subject });
      expect(notice!.parsed.text).toContain(`You get this as an Admin or the Owner of ${teamName}`);
      expect(notice!.parsed.text).toContain('/dashboard/settings?tab=integrations');
    }
    expect(mail.inbox.to(editor.email, subject)).toEqual([]);
    expect(mail.inbox.to(viewer.email, subject)).toEqual([]);
  });
});
