import {
  roleAtLeast,
  type Team,
  type TeamActivity,
  type TeamRole,
  type WatchlistList,
} from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useMailTestApp } from '../../../test/mail-test-app.ts';
import { linkIn } from '../../../test/smtp-inbox.ts';
import { type SignedUpUser, signUpUser, testOrigin } from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { teamInvitations, teamMembers, user as users } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';

const clock = testClock();
const mail = useMailTestApp({ clock });
const app = mail.app;
const db = () => mail.testApp.db.database.db;
afterEach(() => clock.reset());

function call(who: SignedUpUser, method: string, url: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: { cookie: who.cookie, origin: testOrigin },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const confirm = (who: SignedUpUser) =>
  db().update(users).set({ emailVerified: true }).where(eq(users.id, who.id));

/** An Enterprise owner with a confirmed address and a team. */
async function ownerWithTeam(name = 'Harbor Club'): Promise<SignedUpUser> {
  const owner = await signUpUser(app, { name: 'Grace Owner' });
  await setTier(db(), owner.id, 'enterprise');
  await confirm(owner);
  const made = await call(owner, 'POST', '/api/team', { name });
  expect(made.statusCode, made.body).toBe(201);
  return owner;
}

/** Invites a new account with `role` and accepts through the emailed link's token. */
async function join(
  inviter: SignedUpUser,
  role: 'admin' | 'editor' | 'viewer',
  name = `${role} member`,
): Promise<SignedUpUser> {
  const member = await signUpUser(app, { name });
  const token = await invite(inviter, member.email, role);
  const accepted = await call(member, 'POST', '/api/team/invitations/accept', { token });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return member;
}

const invitationLink = `${testOrigin}/dashboard/team?invite=`;

/** The invitations that came for `email`, oldest first. */
const invitationsTo = (email: string) =>
  mail.inbox.to(email).filter((letter) => (letter.parsed.text ?? '').includes(invitationLink));

/**
 * Sends an invitation and reads the token from the link in its email. Email goes out in
 * batches, so the new account's confirmation may reach the inbox after the invitation.
 */
async function invite(inviter: SignedUpUser, email: string, role: string): Promise<string> {
  const before = invitationsTo(email).length;
  const sent = await call(inviter, 'POST', '/api/team/invitations', { email, role });
  expect(sent.statusCode, sent.body).toBe(201);
  await mail.deliver();
  const deadline = Date.now() + 10_000;
  while (invitationsTo(email).length <= before) {
    if (Date.now() > deadline) throw new Error(`no invitation came for ${email}`);
    await mail.inbox
      .waitFor(email, mail.inbox.to(email).length + 1, { timeoutMs: 200 })
      .catch(() => undefined);
  }
  const letter = invitationsTo(email).at(-1)!;
  return new URL(linkIn(letter, invitationLink)).searchParams.get('invite')!;
}

async function teamOf(who: SignedUpUser): Promise<Team | null> {
  const response = await call(who, 'GET', '/api/team');
  expect(response.statusCode).toBe(200);
  return response.json().team;
}

async function sharedList(owner: SignedUpUser, name = 'Club ideas'): Promise<string> {
  const made = await call(owner, 'POST', '/api/watchlists', { name });
  expect(made.statusCode, made.body).toBe(201);
  const id: string = made.json().watchlist.id;
  expect(
    (await call(owner, 'POST', `/api/watchlists/${id}/symbols`, { symbol: 'AAPL' })).statusCode,
  ).toBe(201);
  const moved = await call(owner, 'PUT', `/api/watchlists/${id}/team`, { shared: true });
  expect(moved.statusCode, moved.body).toBe(200);
  expect(moved.json().watchlist.shared).toMatchObject({ role: 'owner', mine: true });
  return id;
}

describe('the team and its seats', () => {
  it('belongs to an Enterprise or Alpha owner; other plans are told which plan has it', async () => {
    const free = await signUpUser(app);
    expect(await call(free, 'GET', '/api/team').then((r) => r.json())).toEqual({
      team: null,
      canCreate: false,
    });
    const refused = await call(free, 'POST', '/api/team', { name: 'Mine' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toContain('Enterprise');

    const owner = await ownerWithTeam();
    const team = await teamOf(owner);
    expect(team).toMatchObject({
      name: 'Harbor Club',
      role: 'owner',
      seats: { used: 0, included: 5 },
      readOnly: null,
    });
    expect(team!.members.map((member) => member.role)).toEqual(['owner']);
    const again = await call(owner, 'POST', '/api/team', { name: 'Second' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_in_team');
  });

  it('refuses a 6th invitation, naming the 5 seats', async () => {
    const owner = await ownerWithTeam();
    for (let i = 0; i < 5; i++) {
      const sent = await call(owner, 'POST', '/api/team/invitations', {
        email: `seat${i}-${owner.id}@example.com`,
        role: 'viewer',
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const sixth = await call(owner, 'POST', '/api/team/invitations', {
      email: `seat6-${owner.id}@example.com`,
      role: 'viewer',
    });
    expect(sixth.statusCode).toBe(402);
    expect(sixth.json().error).toMatchObject({ code: 'plan_limit_reached' });
    expect(sixth.json().error.message).toContain('5 seats');
    expect((await teamOf(owner))!.seats).toEqual({ used: 5, included: 5 });
  });

  it('lets one of several invitations at once take the last seat', async () => {
    const owner = await ownerWithTeam();
    for (let i = 0; i < 4; i++) {
      await call(owner, 'POST', '/api/team/invitations', {
        email: `race${i}-${owner.id}@example.com`,
        role: 'viewer',
      });
    }
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        call(owner, 'POST', '/api/team/invitations', {
          email: `last${i}-${owner.id}@example.com`,
          role: 'editor',
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 402, 402, 402]);
    expect((await teamOf(owner))!.seats.used).toBe(5);
  });

  it('counts accepts under the team’s lock: six accepting at once fill five seats', async () => {
    const owner = await ownerWithTeam();
    const team = (await teamOf(owner))!;
    const people = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signUpUser(app, { name: `Racer ${i}` })),
    );
    // Six open invitations, as if made while the plan had more seats.
    const tokens = people.map((_, i) => `race-token-${i}-${team.id}`);
    const { createHash } = await import('node:crypto');
    await db()
      .insert(teamInvitations)
      .values(
        people.map((person, i) => ({
          teamId: team.id,
          email: person.email,
          role: 'viewer' as const,
          tokenHash: createHash('sha256').update(tokens[i]!).digest('hex'),
          invitedBy: owner.id,
          createdAt: clock(),
          expiresAt: new Date(clock().getTime() + 86_400_000),
        })),
      );
    const answers = await Promise.all(
      people.map((person, i) =>
        call(person, 'POST', '/api/team/invitations/accept', { token: tokens[i] }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(5);
    expect(codes.filter((code) => code === 402)).toHaveLength(1);
    const members = await db().select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(members).toHaveLength(6);
  });
});

describe('invitations', () => {
  it('need the inviter’s confirmed address and an Admin or the Owner', async () => {
    const owner = await signUpUser(app);
    await setTier(db(), owner.id, 'alpha');
    await call(owner, 'POST', '/api/team', { name: 'Unconfirmed' });
    const unconfirmed = await call(owner, 'POST', '/api/team/invitations', {
      email: 'someone@example.com',
      role: 'viewer',
    });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json().error.code).toBe('email_unconfirmed');

    const confirmed = await ownerWithTeam();
    const editor = await join(confirmed, 'editor');
    await confirm(editor);
    const byEditor = await call(editor, 'POST', '/api/team/invitations', {
      email: 'x@example.com',
      role: 'viewer',
    });
    expect(byEditor.statusCode).toBe(403);
    expect(byEditor.json().error.code).toBe('team_role_required');
    expect((await teamOf(editor))!.invitations).toEqual([]);
  });

  it('is accepted once, by the signed-in account with the invited address', async () => {
    const owner = await ownerWithTeam();
    const invited = await signUpUser(app, { name: 'Invited Ivy' });
    const other = await signUpUser(app);
    const token = await invite(owner, invited.email, 'editor');
    expect((await teamOf(owner))!.invitations.map((i) => i.email)).toEqual([invited.email]);

    const wrong = await call(other, 'POST', '/api/team/invitations/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('invitation_for_another_address');

    const accepted = await call(invited, 'POST', '/api/team/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().team).toMatchObject({ name: 'Harbor Club', role: 'editor' });
    expect((await teamOf(owner))!.members.map((m) => [m.name, m.role])).toEqual([
      ['Grace Owner', 'owner'],
      ['Invited Ivy', 'editor'],
    ]);

    const twice = await call(invited, 'POST', '/api/team/invitations/accept', { token });
    expect(twice.statusCode).toBe(410);
    expect(twice.json().error.code).toBe('invitation_used');
    const unknown = await call(invited, 'POST', '/api/team/invitations/accept', {
      token: 'not-a-token',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('can be revoked, and expires after 7 days', async () => {
    const owner = await ownerWithTeam();
    const revokedOne = await signUpUser(app);
    const late = await signUpUser(app);
    const revokedToken = await invite(owner, revokedOne.email, 'viewer');
    const [open] = (await teamOf(owner))!.invitations;
    const revoked = await call(owner, 'DELETE', `/api/team/invitations/${open!.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().team.invitations).toEqual([]);
    const afterRevoke = await call(revokedOne, 'POST', '/api/team/invitations/accept', {
      token: revokedToken,
    });
    expect(afterRevoke.statusCode).toBe(410);
    expect(afterRevoke.json().error.code).toBe('invitation_revoked');

    const lateToken = await invite(owner, late.email, 'viewer');
    clock.set(new Date(Date.now() + 7 * 86_400_000 + 60_000));
    const expired = await call(late, 'POST', '/api/team/invitations/accept', { token: lateToken });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('invitation_expired');
    // An expired invitation holds no seat.
    expect((await teamOf(owner))!.seats.used).toBe(0);
  });
});

describe('roles on the team’s things', () => {
  it('Viewer reads, Editor changes, Admin manages members, Owner alone is fixed', async () => {
    const owner = await ownerWithTeam();
    const admin = await join(owner, 'admin');
    const editor = await join(owner, 'editor');
    const viewer = await join(owner, 'viewer');
    const outsider = await signUpUser(app);
    const list = await sharedList(owner);

    // Everyone in the team sees the list, marked shared with their role.
    for (const [member, role] of [
      [admin, 'admin'],
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const lists = (await call(member, 'GET', '/api/watchlists')).json() as WatchlistList;
      expect(lists.watchlists.find((w) => w.id === list)?.shared).toMatchObject({
        teamName: 'Harbor Club',
        role,
        mine: false,
      });
      expect((await call(member, 'GET', `/api/watchlists/${list}`)).statusCode).toBe(200);
    }
    expect((await call(outsider, 'GET', `/api/watchlists/${list}`)).statusCode).toBe(404);

    const byViewer = await call(viewer, 'POST', `/api/watchlists/${list}/symbols`, {
      symbol: 'MSFT',
    });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().error.code).toBe('team_role_required');
    expect((await call(viewer, 'DELETE', `/api/watchlists/${list}`)).statusCode).toBe(403);
    const byEditor = await call(editor, 'POST', `/api/watchlists/${list}/symbols`, {
      symbol: 'MSFT',
    });
    expect(byEditor.statusCode, byEditor.body).toBe(201);
    expect(byEditor.json().watchlist.symbols).toEqual(['AAPL', 'MSFT']);
    // Only its maker takes a list out of the team.
    const takeOut = await call(editor, 'PUT', `/api/watchlists/${list}/team`, { shared: false });
    expect(takeOut.statusCode).toBe(403);

    expect(
      (await call(editor, 'PATCH', `/api/team/members/${viewer.id}`, { role: 'editor' }))
        .statusCode,
    ).toBe(403);
    const promoted = await call(admin, 'PATCH', `/api/team/members/${viewer.id}`, {
      role: 'editor',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const ownerFixed = await call(admin, 'PATCH', `/api/team/members/${owner.id}`, {
      role: 'viewer',
    });
    expect(ownerFixed.statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/api/team/members/${owner.id}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', '/api/team')).statusCode).toBe(403);
    expect((await call(outsider, 'DELETE', `/api/team/members/${viewer.id}`)).statusCode).toBe(404);
  });

  it('gives a list back to its maker when it leaves the team', async () => {
    const owner = await ownerWithTeam();
    const viewer = await join(owner, 'viewer');
    const list = await sharedList(owner);
    expect((await call(viewer, 'GET', `/api/watchlists/${list}`)).statusCode).toBe(200);
    const out = await call(owner, 'PUT', `/api/watchlists/${list}/team`, { shared: false });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().watchlist.shared).toBeNull();
    expect((await call(viewer, 'GET', `/api/watchlists/${list}`)).statusCode).toBe(404);
  });
});

describe('leaving, removal and the owner’s plan', () => {
  it('a removed or departed member reads nothing of the team at once', async () => {
    const owner = await ownerWithTeam();
    const removed = await join(owner, 'editor');
    const leaving = await join(owner, 'viewer');
    const list = await sharedList(owner);

    const removal = await call(owner, 'DELETE', `/api/team/members/${removed.id}`);
    expect(removal.statusCode, removal.body).toBe(200);
    expect((await call(removed, 'GET', `/api/watchlists/${list}`)).statusCode).toBe(404);
    expect(await teamOf(removed)).toBeNull();
    const lists = (await call(removed, 'GET', '/api/watchlists')).json() as WatchlistList;
    expect(lists.watchlists.map((w) => w.id)).not.toContain(list);

    expect((await call(leaving, 'POST', '/api/team/leave')).statusCode).toBe(204);
    expect((await call(leaving, 'GET', `/api/watchlists/${list}`)).statusCode).toBe(404);
    const ownerLeaves = await call(owner, 'POST', '/api/team/leave');
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json().error.code).toBe('owner_cannot_leave');
  });

  it('below Enterprise the team is read-only for everyone, until upgraded again', async () => {
    const owner = await ownerWithTeam();
    const editor = await join(owner, 'editor');
    const viewer = await join(owner, 'viewer');
    const list = await sharedList(owner);

    await setTier(db(), owner.id, 'pro');
    const team = (await teamOf(editor))!;
    expect(team.readOnly?.message).toContain('read-only');
    expect((await call(viewer, 'GET', `/api/watchlists/${list}`)).statusCode).toBe(200);
    const listed = (await call(editor, 'GET', '/api/watchlists')).json() as WatchlistList;
    expect(listed.watchlists.find((w) => w.id === list)?.shared?.readOnly).toBe(true);
    const edit = await call(editor, 'POST', `/api/watchlists/${list}/symbols`, { symbol: 'NVDA' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe('team_read_only');
    const inviting = await call(owner, 'POST', '/api/team/invitations', {
      email: 'later@example.com',
      role: 'viewer',
    });
    expect(inviting.json().error.code).toBe('team_read_only');
    // Shrinking stays open: a member can still be removed.
    expect((await call(owner, 'DELETE', `/api/team/members/${viewer.id}`)).statusCode).toBe(200);

    await setTier(db(), owner.id, 'enterprise');
    expect((await teamOf(editor))!.readOnly).toBeNull();
    const again = await call(editor, 'POST', `/api/watchlists/${list}/symbols`, {
      symbol: 'NVDA',
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('the audit log', () => {
  it('records every membership, role, invitation and sharing change, for Admins and the Owner', async () => {
    const owner = await ownerWithTeam('Logged Club');
    const admin = await join(owner, 'admin', 'Alan Admin');
    const viewer = await join(owner, 'viewer', 'Vera Viewer');
    const list = await sharedList(owner, 'Logged list');
    await call(admin, 'PATCH', `/api/team/members/${viewer.id}`, { role: 'editor' });
    await call(owner, 'PUT', `/api/watchlists/${list}/team`, { shared: false });
    const asEditor = await call(viewer, 'GET', '/api/team/activity');
    expect(asEditor.statusCode).toBe(403);
    expect(asEditor.json().error.code).toBe('team_role_required');
    await call(admin, 'DELETE', `/api/team/members/${viewer.id}`);

    expect((await call(viewer, 'GET', '/api/team/activity')).statusCode).toBe(404);
    const log = (await call(admin, 'GET', '/api/team/activity')).json() as TeamActivity;
    expect(log.events.map((event) => [event.actor, event.action]).reverse()).toEqual([
      ['Grace Owner', 'team_created'],
      ['Grace Owner', 'member_invited'],
      ['Alan Admin', 'invitation_accepted'],
      ['Grace Owner', 'member_invited'],
      ['Vera Viewer', 'invitation_accepted'],
      ['Grace Owner', 'watchlist_shared'],
      ['Alan Admin', 'member_role_changed'],
      ['Grace Owner', 'watchlist_unshared'],
      ['Alan Admin', 'member_removed'],
    ]);
    expect(log.events[0]!.details).toMatchObject({ member: 'Vera Viewer' });

    const csv = await call(owner, 'GET', '/api/team/activity.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(10);
    expect(csv.body).toContain('Alan Admin changed Vera Viewer’s role from Viewer to Editor');
  });

  it('keeps entries a year', async () => {
    const owner = await ownerWithTeam();
    clock.set(new Date(Date.now() + 366 * 86_400_000));
    expect(await app.teams.pruneActivity()).toBeGreaterThan(0);
    const log = (await call(owner, 'GET', '/api/team/activity')).json() as TeamActivity;
    expect(log.events).toEqual([]);
  });
});

describe('every team route with each role', () => {
  /** The least role each route serves; a new team route fails the test until listed here. */
  const minimum: Record<string, TeamRole> = {
    'GET /api/team': 'viewer',
    'PATCH /api/team': 'admin',
    'DELETE /api/team': 'owner',
    'POST /api/team/invitations': 'admin',
    'DELETE /api/team/invitations/:id': 'admin',
    'PATCH /api/team/members/:userId': 'admin',
    'DELETE /api/team/members/:userId': 'admin',
    'POST /api/team/leave': 'viewer',
    'GET /api/team/activity': 'admin',
    'GET /api/team/activity.csv': 'admin',
    'GET /api/watchlists/:id': 'viewer',
    'PATCH /api/watchlists/:id': 'editor',
    'DELETE /api/watchlists/:id': 'editor',
    'POST /api/watchlists/:id/symbols': 'editor',
    'DELETE /api/watchlists/:id/symbols/:symbol': 'editor',
    'PUT /api/watchlists/:id/order': 'editor',
    // Only the list's maker takes it out of the team; here the maker is the owner.
    'PUT /api/watchlists/:id/team': 'owner',
  };
  /** Routes about joining or making a team, checked by the tests above. */
  const notAboutATeam = new Set(['POST /api/team', 'POST /api/team/invitations/accept']);
  const bodies: Record<string, object> = {
    'PATCH /api/team': { name: 'Taken over' },
    'POST /api/team/invitations': { email: 'intruder@example.com', role: 'admin' },
    'PATCH /api/team/members/:userId': { role: 'admin' },
    'PATCH /api/watchlists/:id': { name: 'Renamed by someone' },
    'POST /api/watchlists/:id/symbols': { symbol: 'KO' },
    'PUT /api/watchlists/:id/order': { symbols: ['MSFT', 'AAPL'] },
    'PUT /api/watchlists/:id/team': { shared: false },
  };

  it('refuses each role below the route’s, and everyone outside the team, without a leak', async () => {
    const routes = app.apiRoutes
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => {
        const url = key.split(' ')[1]!;
        return (
          url === '/api/team' ||
          url.startsWith('/api/team/') ||
          url.startsWith('/api/watchlists/:id')
        );
      });
    expect(routes.filter((key) => !notAboutATeam.has(key)).sort()).toEqual(
      Object.keys(minimum).sort(),
    );

    const owner = await ownerWithTeam('Matrix Club');
    const members = {
      admin: await join(owner, 'admin', 'Matrix Admin'),
      editor: await join(owner, 'editor', 'Matrix Editor'),
      viewer: await join(owner, 'viewer', 'Matrix Viewer'),
    };
    const target = await join(owner, 'viewer', 'Matrix Target');
    const outsider = await signUpUser(app);
    await setTier(db(), outsider.id, 'enterprise');
    const list = await sharedList(owner, 'Matrix list');
    await call(owner, 'POST', `/api/watchlists/${list}/symbols`, { symbol: 'MSFT' });
    await call(owner, 'POST', '/api/team/invitations', {
      email: `open-${owner.id}@example.com`,
      role: 'viewer',
    });
    const invitation = (await teamOf(owner))!.invitations[0]!.id;
    const pathOf = (key: string) => {
      const url = key.split(' ')[1]!;
      return url
        .replace(':userId', target.id)
        .replace(':symbol', 'AAPL')
        .replace(':id', url.startsWith('/api/team') ? invitation : list);
    };
    const secrets = ['Matrix Club', 'Matrix list', target.email, owner.email];
    const before = JSON.stringify([
      await teamOf(owner),
      await call(owner, 'GET', `/api/watchlists/${list}`).then((r) => r.json().watchlist),
    ]);

    const leaks: string[] = [];
    for (const [key, needed] of Object.entries(minimum)) {
      const method = key.split(' ')[0]!;
      // Outside a team, the team is null rather than missing.
      const outside = key === 'GET /api/team' ? 200 : 404;
      const callers: [string, SignedUpUser, number][] = [['outsider', outsider, outside]];
      for (const role of ['admin', 'editor', 'viewer'] as const) {
        if (!roleAtLeast(role, needed)) callers.push([role, members[role], 403]);
      }
      for (const [who, caller, status] of callers) {
        const answer = await call(caller, method, pathOf(key), bodies[key]);
        if (answer.statusCode !== status) leaks.push(`${key} as ${who}: ${answer.statusCode}`);
        for (const secret of secrets) {
          if (answer.body.includes(secret)) leaks.push(`${key} as ${who} shows ${secret}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    const after = JSON.stringify([
      await teamOf(owner),
      await call(owner, 'GET', `/api/watchlists/${list}`).then((r) => r.json().watchlist),
    ]);
    expect(after).toEqual(before);
    // And every member reads what the team shares.
    for (const member of Object.values(members)) {
      expect((await call(member, 'GET', `/api/watchlists/${list}`)).statusCode).toBe(200);
      expect((await teamOf(member))!.name).toBe('Matrix Club');
    }
    expect(await teamOf(outsider)).toBeNull();
  });
});
