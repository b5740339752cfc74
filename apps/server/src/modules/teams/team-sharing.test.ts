import {
  type Alert,
  type DestinationList,
  maxDestinationsPerAccount,
  type Portfolio,
  roleAtLeast,
  type TeamActivity,
  type TeamRole,
  type Transaction,
} from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { alerts, teamMembers } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';

/**
 * What a team shares besides watchlists (docs/PRODUCT.md §3.26): its alert destinations,
 * portfolios and alerts. Viewer reads, Editor changes, Admin and Owner manage destinations; a
 * member of another team finds nothing (404); a read-only team changes nothing; whatever is
 * shared counts against the team's plan, and leaves its maker's count.
 */

const clock = testClock();
const receiver = new WebhookReceiver();
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ clock, config: { webhooksAllowLoopback: true } });
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
  await testApp.close();
});
afterEach(() => {
  clock.reset();
  receiver.reset();
});

const app = () => testApp.app;
const db = () => testApp.db.database.db;
const call = (who: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(app(), who, method, url, payload);

/** Tuesday 10 March 2026, 11:00 in New York: a trading day, the market open. */
const tuesday = new Date('2026-03-10T15:00:00Z');

interface Club {
  teamId: string;
  owner: SignedUpUser;
  admin: SignedUpUser;
  editor: SignedUpUser;
  viewer: SignedUpUser;
  /** The Owner of another team (an Admin there and more): a stranger here. */
  outsider: SignedUpUser;
}

let clubs = 0;

/** An Enterprise owner's team with an Admin, an Editor (on Free) and a Viewer, and another team. */
async function club(): Promise<Club> {
  clubs += 1;
  const owner = await signUpUser(app(), { name: `Owner ${clubs}` });
  await setTier(db(), owner.id, 'enterprise');
  const made = await call(owner, 'POST', '/api/team', { name: `Club ${clubs}` });
  expect(made.statusCode, made.body).toBe(201);
  const teamId: string = made.json().team.id;
  const members: Partial<Record<'admin' | 'editor' | 'viewer', SignedUpUser>> = {};
  for (const role of ['admin', 'editor', 'viewer'] as const) {
    const member = await signUpUser(app(), { name: `${role} of club ${clubs}` });
    await db().insert(teamMembers).values({ teamId, userId: member.id, role });
    members[role] = member;
  }
  const outsider = await signUpUser(app(), { name: `Stranger ${clubs}` });
  await setTier(db(), outsider.id, 'enterprise');
  expect((await call(outsider, 'POST', '/api/team', { name: 'Elsewhere' })).statusCode).toBe(201);
  return { teamId, owner, outsider, ...(members as Required<typeof members>) };
}

async function activity(owner: SignedUpUser): Promise<string[]> {
  const answer = await call(owner, 'GET', '/api/team/activity');
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as TeamActivity).events.map((event) => event.action);
}

async function teamWebhook(admin: SignedUpUser, path: string) {
  const response = await call(admin, 'POST', '/api/integrations/destinations', {
    kind: 'webhook',
    name: 'Club desk',
    url: `${receiver.url}${path}`,
    team: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { destination: { id: string }; secret: string };
}

async function destinations(who: SignedUpUser): Promise<DestinationList> {
  const response = await call(who, 'GET', '/api/integrations/destinations');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function setAlert(who: SignedUpUser, symbol: string, destinationIds: string[] = []) {
  return call(who, 'POST', '/api/alerts', {
    symbol,
    condition: { kind: 'price_above', level: 5000 },
    email: false,
    destinationIds,
  });
}

async function bookHolds(symbol: string) {
  const until = Date.now() + 5_000;
  while (Date.now() < until) {
    if (app().alerts.quotes.book.symbolsWithAlerts().includes(symbol)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the book never held ${symbol}`);
}

async function fireAt(symbol: string) {
  await bookHolds(symbol);
  return app().alerts.quotes.onQuote(symbol, {
    price: 5001,
    previousClose: 100,
    fetchedAt: clock().getTime(),
  });
}

describe('team alert destinations', () => {
  it('are managed by Admins and the Owner, read by every member and hidden from other teams', async () => {
    const { owner, admin, editor, viewer, outsider } = await club();
    for (const who of [editor, viewer]) {
      const refused = await call(who, 'POST', '/api/integrations/destinations', {
        kind: 'webhook',
        name: 'Not mine to add',
        url: `${receiver.url}/refused`,
        team: true,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('team_role_required');
    }
    const { destination, secret } = await teamWebhook(admin, '/club');
    expect(secret).toMatch(/^whsec_/);

    const seen = await destinations(viewer);
    expect(seen.destinations).toEqual([]);
    expect(seen.team).toMatchObject({ role: 'viewer', canManage: false, canUse: false });
    expect(seen.team?.destinations.map((d) => d.id)).toEqual([destination.id]);
    expect(JSON.stringify(seen)).not.toContain(secret);
    expect((await destinations(editor)).team).toMatchObject({ canManage: false, canUse: true });
    expect((await destinations(owner)).team).toMatchObject({ canManage: true, canUse: true });
    expect((await destinations(outsider)).team?.destinations).toEqual([]);

    const id = destination.id;
    const writes: [string, string, object?][] = [
      ['PATCH', `/api/integrations/destinations/${id}`, { name: 'Renamed' }],
      ['POST', `/api/integrations/destinations/${id}/test`],
      ['DELETE', `/api/integrations/destinations/${id}`],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(outsider, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(viewer, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(editor, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const log = `/api/integrations/destinations/${id}/deliveries`;
    expect((await call(outsider, 'GET', log)).statusCode).toBe(404);
    expect((await call(viewer, 'GET', log)).statusCode).toBe(200);

    const tested = await call(admin, 'POST', `/api/integrations/destinations/${id}/test`);
    expect(tested.statusCode, tested.body).toBe(202);
    const resend = `/api/integrations/deliveries/${tested.json().delivery.id}/resend`;
    expect((await call(outsider, 'POST', resend)).statusCode).toBe(404);
    expect((await call(viewer, 'POST', resend)).statusCode).toBe(403);

    const deleted = await call(owner, 'DELETE', `/api/integrations/destinations/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await activity(owner)).toEqual(
      expect.arrayContaining(['destination_added', 'destination_deleted']),
    );
  });

  it(`stop at ${maxDestinationsPerAccount} per team, counted apart from each member's own`, async () => {
    const { admin } = await club();
    await setTier(db(), admin.id, 'enterprise');
    const own = await call(admin, 'POST', '/api/integrations/destinations', {
      kind: 'webhook',
      name: 'Mine',
      url: `${receiver.url}/own`,
    });
    expect(own.statusCode, own.body).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: maxDestinationsPerAccount + 2 }, (_, index) =>
        call(admin, 'POST', '/api/integrations/destinations', {
          kind: 'webhook',
          name: `Desk ${index}`,
          url: `${receiver.url}/team/${index}`,
          team: true,
        }),
      ),
    );
    const created = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(created).toHaveLength(maxDestinationsPerAccount);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json().error.message).toContain(
      `A team can have at most ${maxDestinationsPerAccount}`,
    );
    const list = await destinations(admin);
    expect(list.destinations).toHaveLength(1);
    expect(list.team?.destinations).toHaveLength(maxDestinationsPerAccount);
  });

  it('take firings of Editors’ alerts, signed, and no longer once the member leaves', async () => {
    clock.set(tuesday);
    const { owner, admin, editor, viewer, outsider } = await club();
    await setTier(db(), editor.id, 'pro');
    await setTier(db(), viewer.id, 'pro');
    const { destination } = await teamWebhook(admin, '/club-firings');

    // A Viewer, or a member of another team, cannot point an alert at it.
    expect((await setAlert(viewer, 'AMD', [destination.id])).statusCode).toBe(400);
    expect((await setAlert(outsider, 'AMD', [destination.id])).statusCode).toBe(400);
    const set = await setAlert(editor, 'NVDA', [destination.id]);
    expect(set.statusCode, set.body).toBe(201);
    const alert: Alert = set.json().alert;
    expect(await fireAt('NVDA')).toHaveLength(1);
    await app().integrations.deliverDue();
    const [request] = receiver.received.filter((r) => r.path === '/club-firings');
    expect(request).toBeDefined();
    expect(request!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(request!.body).data).toMatchObject({ symbol: 'NVDA', alertId: alert.id });

    // Removed from the team, the Editor's own alert stops naming the team's destination.
    expect((await call(owner, 'DELETE', `/api/team/members/${editor.id}`)).statusCode).toBe(200);
    const [row] = await db().select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row!.destinationIds).toEqual([]);
    expect((await destinations(editor)).team).toBeNull();
  });

  it('change nothing while the team is read-only, and send nothing', async () => {
    clock.set(tuesday);
    const { owner, admin, editor } = await club();
    await setTier(db(), editor.id, 'pro');
    const { destination } = await teamWebhook(admin, '/club-read-only');
    const set = await setAlert(editor, 'AMZN', [destination.id]);
    expect(set.statusCode, set.body).toBe(201);

    await setTier(db(), owner.id, 'pro');
    const list = await destinations(admin);
    expect(list.team).toMatchObject({ canManage: false, canUse: false, included: false });
    expect(list.team?.readOnly).toContain('read-only');
    const adding = await call(admin, 'POST', '/api/integrations/destinations', {
      kind: 'webhook',
      name: 'Later',
      url: `${receiver.url}/later`,
      team: true,
    });
    expect(adding.statusCode).toBe(409);
    expect(adding.json().error.code).toBe('team_read_only');
    expect(
      (
        await call(admin, 'PATCH', `/api/integrations/destinations/${destination.id}`, {
          enabled: false,
        })
      ).json().error.code,
    ).toBe('team_read_only');

    expect(await fireAt('AMZN')).toHaveLength(1);
    await app().integrations.deliverDue();
    expect(receiver.received.filter((r) => r.path === '/club-read-only')).toEqual([]);
  });
});

async function portfolioWithDeposit(who: SignedUpUser, name: string): Promise<string> {
  const made = await call(who, 'POST', '/api/portfolios', { name });
  expect(made.statusCode, made.body).toBe(201);
  const id: string = made.json().portfolio.id;
  const deposit = await call(who, 'POST', `/api/portfolios/${id}/transactions`, {
    kind: 'deposit',
    date: '2024-01-02',
    amount: '1000',
  });
  expect(deposit.statusCode, deposit.body).toBe(201);
  return id;
}

const share = (who: SignedUpUser, path: string, shared: boolean) =>
  call(who, 'PUT', `${path}/team`, { shared });

describe('team portfolios', () => {
  it('are read by every member, changed by Editors, and say who entered each transaction', async () => {
    const { owner, editor, viewer, outsider } = await club();
    const id = await portfolioWithDeposit(owner, 'Club fund');
    const moved = await share(owner, `/api/portfolios/${id}`, true);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json().portfolio as Portfolio).shared).toMatchObject({ mine: true });

    for (const url of ['', '/holdings', '/transactions', '/performance?range=1m']) {
      const path = `/api/portfolios/${id}${url}`;
      expect((await call(viewer, 'GET', path)).statusCode, path).toBe(200);
      expect((await call(outsider, 'GET', path)).statusCode, path).toBe(404);
    }
    const listed = (await call(viewer, 'GET', '/api/portfolios')).json().portfolios as Portfolio[];
    expect(listed.find((p) => p.id === id)?.shared).toMatchObject({ role: 'viewer', mine: false });
    expect(
      ((await call(outsider, 'GET', '/api/portfolios')).json().portfolios as Portfolio[]).map(
        (p) => p.id,
      ),
    ).not.toContain(id);

    const buy = { kind: 'buy', date: '2024-01-03', symbol: 'AAPL', quantity: '1', price: '100' };
    const byViewer = await call(viewer, 'POST', `/api/portfolios/${id}/transactions`, buy);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().error.code).toBe('team_role_required');
    expect((await call(viewer, 'DELETE', `/api/portfolios/${id}`)).statusCode).toBe(403);
    expect(
      (await call(outsider, 'POST', `/api/portfolios/${id}/transactions`, buy)).statusCode,
    ).toBe(404);
    const byEditor = await call(editor, 'POST', `/api/portfolios/${id}/transactions`, buy);
    expect(byEditor.statusCode, byEditor.body).toBe(201);
    expect((byEditor.json().transaction as Transaction).enteredBy).toBe(`editor of club ${clubs}`);
    const page = (await call(viewer, 'GET', `/api/portfolios/${id}/transactions`)).json();
    expect((page.transactions as Transaction[]).map((t) => t.enteredBy)).toEqual([
      `editor of club ${clubs}`,
      `Owner ${clubs}`,
    ]);
    // Only its maker takes it out of the team.
    expect((await share(editor, `/api/portfolios/${id}`, false)).statusCode).toBe(403);
    expect((await share(outsider, `/api/portfolios/${id}`, false)).statusCode).toBe(404);

    // Leaving, the member reads nothing of it at once.
    expect((await call(viewer, 'POST', '/api/team/leave')).statusCode).toBe(204);
    expect((await call(viewer, 'GET', `/api/portfolios/${id}`)).statusCode).toBe(404);
    expect(await activity(owner)).toContain('portfolio_shared');
  });

  it('count against the team’s plan, not the maker’s, and a read-only team changes nothing', async () => {
    const { owner, editor } = await club();
    // On Free the Editor keeps one portfolio.
    const first = await portfolioWithDeposit(editor, 'Mine first');
    const second = await call(editor, 'POST', '/api/portfolios', { name: 'Mine second' });
    expect(second.statusCode).toBe(402);
    expect((await share(editor, `/api/portfolios/${first}`, true)).statusCode).toBe(200);
    const again = await call(editor, 'POST', '/api/portfolios', { name: 'Mine second' });
    expect(again.statusCode, again.body).toBe(201);
    // Back out, it would be a second on Free: refused with the limit named.
    const back = await share(editor, `/api/portfolios/${first}`, false);
    expect(back.statusCode).toBe(402);
    expect(back.json().error.message).toContain('Your Free plan allows 1 portfolio.');

    await setTier(db(), owner.id, 'pro');
    const edit = await call(editor, 'PATCH', `/api/portfolios/${first}`, { name: 'Renamed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe('team_read_only');
    expect((await call(editor, 'GET', `/api/portfolios/${first}`)).statusCode).toBe(200);
    // The practice portfolio stays personal.
    const practice = (await call(owner, 'POST', '/api/portfolios/practice')).json().portfolio;
    await setTier(db(), owner.id, 'enterprise');
    expect((await share(owner, `/api/portfolios/${practice.id}`, true)).statusCode).toBe(409);
  });
});

describe('team alerts', () => {
  it('are read by every member, changed by Editors, and post only to the team’s destinations', async () => {
    clock.set(tuesday);
    const { owner, admin, editor, viewer, outsider } = await club();
    for (const who of [editor, viewer]) await setTier(db(), who.id, 'pro');
    const { destination: teamHook } = await teamWebhook(admin, '/club-alerts');
    await setTier(db(), admin.id, 'enterprise');
    const own = await call(admin, 'POST', '/api/integrations/destinations', {
      kind: 'webhook',
      name: 'Admin’s own',
      url: `${receiver.url}/admin-own`,
    });
    const set = await setAlert(admin, 'TSLA', [teamHook.id, own.json().destination.id]);
    expect(set.statusCode, set.body).toBe(201);
    const alertId: string = set.json().alert.id;
    const moved = await share(admin, `/api/alerts/${alertId}`, true);
    expect(moved.statusCode, moved.body).toBe(200);
    // In the team it posts to the team's destination only.
    expect((moved.json().alert as Alert).destinationIds).toEqual([teamHook.id]);

    const seen = (await call(viewer, 'GET', '/api/alerts')).json().alerts as Alert[];
    expect(seen.find((a) => a.id === alertId)?.shared).toMatchObject({ role: 'viewer' });
    expect((await call(viewer, 'GET', `/api/alerts/${alertId}`)).statusCode).toBe(200);
    expect((await call(outsider, 'GET', `/api/alerts/${alertId}`)).statusCode).toBe(404);
    const byViewer = await call(viewer, 'PATCH', `/api/alerts/${alertId}`, { state: 'paused' });
    expect(byViewer.statusCode).toBe(403);
    expect((await call(viewer, 'DELETE', `/api/alerts/${alertId}`)).statusCode).toBe(403);
    expect(
      (await call(outsider, 'PATCH', `/api/alerts/${alertId}`, { state: 'paused' })).statusCode,
    ).toBe(404);
    // A team alert cannot take a member's own destination.
    const mixed = await call(editor, 'PATCH', `/api/alerts/${alertId}`, {
      destinationIds: [own.json().destination.id],
    });
    expect(mixed.statusCode).toBe(400);

    expect(await fireAt('TSLA')).toHaveLength(1);
    await app().integrations.deliverDue();
    expect(receiver.received.filter((r) => r.path === '/club-alerts')).toHaveLength(1);
    expect(receiver.received.filter((r) => r.path === '/admin-own')).toHaveLength(0);

    // When its maker leaves, the team keeps it and its firings reach the owner.
    expect((await call(admin, 'POST', '/api/team/leave')).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/api/alerts/${alertId}`)).statusCode).toBe(404);
    const [row] = await db().select().from(alerts).where(eq(alerts.id, alertId));
    expect(row!.userId).toBe(owner.id);
    const paused = await call(editor, 'PATCH', `/api/alerts/${alertId}`, { state: 'paused' });
    expect(paused.statusCode, paused.body).toBe(200);
    const deleted = await call(editor, 'DELETE', `/api/alerts/${alertId}`);
    expect(deleted.statusCode).toBe(204);
    expect(await activity(owner)).toEqual(
      expect.arrayContaining(['alert_shared', 'alert_deleted']),
    );
  });
});

describe('every shared route with each role', () => {
  /** The least role each route serves on a team's thing; a new route fails until listed. */
  const minimum: Record<string, TeamRole> = {
    'GET /api/portfolios/:portfolioId': 'viewer',
    'PATCH /api/portfolios/:portfolioId': 'editor',
    'DELETE /api/portfolios/:portfolioId': 'editor',
    'PUT /api/portfolios/:portfolioId/team': 'owner',
    'GET /api/portfolios/:portfolioId/holdings': 'viewer',
    'GET /api/portfolios/:portfolioId/performance': 'viewer',
    'GET /api/portfolios/:portfolioId/transactions': 'viewer',
    'POST /api/portfolios/:portfolioId/transactions': 'editor',
    'PUT /api/portfolios/:portfolioId/transactions/:transactionId': 'editor',
    'DELETE /api/portfolios/:portfolioId/transactions/:transactionId': 'editor',
    'POST /api/portfolios/:portfolioId/imports/preview': 'editor',
    'POST /api/portfolios/:portfolioId/imports': 'editor',
    'GET /api/portfolios/:portfolioId/imports/progress': 'viewer',
    'GET /api/portfolios/:portfolioId/exports/transactions.csv': 'viewer',
    'GET /api/portfolios/:portfolioId/exports/holdings.csv': 'viewer',
    'POST /api/portfolios/:portfolioId/reset': 'editor',
    'GET /api/alerts/:id': 'viewer',
    'PATCH /api/alerts/:id': 'editor',
    'DELETE /api/alerts/:id': 'editor',
    'PUT /api/alerts/:id/team': 'owner',
    'PATCH /api/integrations/destinations/:id': 'admin',
    'DELETE /api/integrations/destinations/:id': 'admin',
    'GET /api/integrations/destinations/:id/deliveries': 'viewer',
    'POST /api/integrations/destinations/:id/test': 'admin',
    'POST /api/integrations/deliveries/:id/resend': 'admin',
  };
  const deposit = { kind: 'deposit', date: '2024-01-03', amount: '25' };
  const csv = { csv: 'date,type,amount\n2024-01-04,deposit,10', format: 'tickerwise' };
  const bodies: Record<string, object> = {
    'PATCH /api/portfolios/:portfolioId': { name: 'Taken over' },
    'PUT /api/portfolios/:portfolioId/team': { shared: false },
    'POST /api/portfolios/:portfolioId/transactions': deposit,
    'PUT /api/portfolios/:portfolioId/transactions/:transactionId': deposit,
    'POST /api/portfolios/:portfolioId/imports/preview': csv,
    'POST /api/portfolios/:portfolioId/imports': csv,
    'PATCH /api/alerts/:id': { state: 'paused' },
    'PUT /api/alerts/:id/team': { shared: false },
    'PATCH /api/integrations/destinations/:id': { name: 'Taken over' },
  };

  it('refuses each role below the route’s with 403, and a member of another team with 404', async () => {
    const routes = app()
      .apiRoutes.filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => {
        const url = key.split(' ')[1]!;
        return (
          url.startsWith('/api/portfolios/:portfolioId') ||
          url.startsWith('/api/alerts/:id') ||
          url.startsWith('/api/integrations/destinations/:id') ||
          url.startsWith('/api/integrations/deliveries/:id')
        );
      });
    expect(routes.sort()).toEqual(Object.keys(minimum).sort());

    const { owner, admin, editor, viewer, outsider } = await club();
    for (const who of [admin, editor, viewer, outsider]) await setTier(db(), who.id, 'pro');
    const portfolioId = await portfolioWithDeposit(owner, 'Matrix fund');
    expect((await share(owner, `/api/portfolios/${portfolioId}`, true)).statusCode).toBe(200);
    const page = (await call(owner, 'GET', `/api/portfolios/${portfolioId}/transactions`)).json();
    const transactionId: string = page.transactions[0].id;
    const set = await setAlert(owner, 'MSFT');
    const alertId: string = set.json().alert.id;
    expect((await share(owner, `/api/alerts/${alertId}`, true)).statusCode).toBe(200);
    const { destination } = await teamWebhook(owner, '/matrix');
    const tested = await call(
      owner,
      'POST',
      `/api/integrations/destinations/${destination.id}/test`,
    );
    const deliveryId: string = tested.json().delivery.id;
    const secrets = ['Matrix fund', owner.email];

    const pathOf = (key: string) => {
      const url = key.split(' ')[1]!;
      return url
        .replace(':portfolioId', portfolioId)
        .replace(':transactionId', transactionId)
        .replace(
          ':id',
          url.startsWith('/api/alerts')
            ? alertId
            : url.startsWith('/api/integrations/deliveries')
              ? deliveryId
              : destination.id,
        );
    };
    const members = { admin, editor, viewer };
    const leaks: string[] = [];
    for (const [key, needed] of Object.entries(minimum)) {
      const method = key.split(' ')[0]!;
      const callers: [string, SignedUpUser, number][] = [['outsider', outsider, 404]];
      for (const role of ['admin', 'editor', 'viewer'] as const) {
        if (!roleAtLeast(role, needed)) callers.push([role, members[role], 403]);
      }
      for (const [who, caller, status] of callers) {
        const answer = await call(caller, method, pathOf(key), bodies[key]);
        if (answer.statusCode !== status) {
          leaks.push(`${key} as ${who}: ${answer.statusCode}`);
        }
        for (const secret of secrets) {
          if (status === 404 && answer.body.includes(secret)) {
            leaks.push(`${key} as ${who} shows ${secret}`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    // Nothing was changed by the refused calls.
    const after = (await call(owner, 'GET', `/api/portfolios/${portfolioId}`)).json().portfolio;
    expect(after).toMatchObject({ name: 'Matrix fund', transactionCount: 1 });
    expect((await call(owner, 'GET', `/api/alerts/${alertId}`)).json().alert.state).toBe('armed');
  });
});
