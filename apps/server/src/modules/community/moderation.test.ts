import { randomBytes } from 'node:crypto';
import type {
  CommunityPost,
  CommunityStanding,
  ModerationLog,
  ModerationQueue,
  SubscriptionTier,
} from '@tickerwise/shared';
import { moderationRules } from '@tickerwise/shared';
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
import {
  communityBlocks,
  communityModerators,
  communityProfiles,
  communitySymbolHours,
  user as users,
} from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';
import { hourOf, isSurging, PumpGuard } from './pump-guard.ts';

const clock = testClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ clock });
});
afterAll(() => testApp.close());
afterEach(() => clock.reset());

const db = () => testApp.db.database.db;
const day = 86_400_000;

const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(testApp.app, user, method, url, payload);

type Member = SignedUpUser & { handle: string };

/** A member with a community profile, whose account is `ageDays` old by the test clock. */
async function member({
  tier = 'enterprise',
  ageDays = 30,
}: {
  tier?: SubscriptionTier;
  ageDays?: number;
} = {}): Promise<Member> {
  const user = await signUpUser(testApp.app);
  if (tier !== 'free') await setTier(db(), user.id, tier);
  const joined = new Date(clock().getTime() - ageDays * day);
  await db().update(users).set({ createdAt: joined }).where(eq(users.id, user.id));
  const handle = `m_${randomBytes(4).toString('hex')}`;
  const response = await call(user, 'PUT', '/api/community/profile', {
    handle,
    displayName: `Member ${handle}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...user, handle };
}

async function moderator(): Promise<Member> {
  const made = await member();
  await db().insert(communityModerators).values({ userId: made.id });
  return made;
}

let counter = 0;
async function post(user: SignedUpUser, body?: string) {
  counter += 1;
  const response = await call(user, 'POST', '/api/community/posts', {
    body: body ?? `View number ${counter} on $AAPL`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { post: CommunityPost; heldForReview: boolean };
}

async function reply(user: SignedUpUser, parentId: string, body: string) {
  return call(user, 'POST', `/api/community/posts/${parentId}/replies`, { body });
}

async function report(user: SignedUpUser, id: string, reason: string, note?: string) {
  const response = await call(user, 'POST', `/api/community/posts/${id}/report`, {
    reason,
    ...(note ? { note } : {}),
  });
  expect(response.statusCode, response.body).toBe(204);
}

const queueOf = async (mod: SignedUpUser) => {
  const response = await call(mod, 'GET', '/api/community/moderation/queue');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ModerationQueue;
};
const logOf = async (mod: SignedUpUser) =>
  (await call(mod, 'GET', '/api/community/moderation/log')).json() as ModerationLog;
const standingOf = async (user: SignedUpUser) =>
  (await call(user, 'GET', '/api/community/standing')).json() as CommunityStanding;
const notices = async (user: SignedUpUser) =>
  (await call(user, 'GET', '/api/notifications'))
    .json()
    .notifications.map((item: { title: string; message: string }) => item);
const feedIds = async (user: SignedUpUser) =>
  (await call(user, 'GET', '/api/community/feed'))
    .json()
    .posts.map((item: CommunityPost) => item.id) as string[];

describe('the moderator role', () => {
  it('is needed for every moderation route: anyone else gets 404; the operator grants it', async () => {
    const someone = await member();
    const admin = await signUpUser(testApp.app);
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const routes = testApp.app.apiRoutes.filter((route) =>
      route.url.startsWith('/api/community/moderation/'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const route of routes.filter((candidate) => candidate.method !== 'HEAD')) {
      const url = route.url
        .replace(':id', '6f1c2a7e-3b1d-4c55-9a2e-0d4e5f6a7b8c')
        .replace(':handle', someone.handle);
      const body = route.method === 'GET' ? undefined : { reason: 'x', days: 1 };
      const response = await call(someone, route.method, url, body);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    expect((await standingOf(someone)).moderator).toBe(false);

    const granted = await call(admin, 'PUT', `/api/operator/moderators/${someone.email}`);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toEqual({ email: someone.email, changed: true });
    expect((await call(admin, 'PUT', `/api/operator/moderators/${someone.email}`)).json()).toEqual({
      email: someone.email,
      changed: false,
    });
    expect((await call(someone, 'GET', '/api/community/moderation/queue')).statusCode).toBe(200);
    expect((await standingOf(someone)).moderator).toBe(true);
    const listed = (await call(admin, 'GET', '/api/operator/moderators')).json();
    expect(listed.moderators.map((item: { email: string }) => item.email)).toContain(someone.email);
    // A member cannot grant it, and an unknown account is named.
    expect(
      (await call(someone, 'PUT', `/api/operator/moderators/${someone.email}`)).statusCode,
    ).toBe(403);
    const unknown = await call(admin, 'PUT', '/api/operator/moderators/nobody@example.com');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toContain('nobody@example.com');
    expect((await call(admin, 'PUT', '/api/operator/moderators/not-an-email')).statusCode).toBe(
      400,
    );

    const revoked = await call(admin, 'DELETE', `/api/operator/moderators/${someone.email}`);
    expect(revoked.json()).toEqual({ email: someone.email, changed: true });
    expect((await call(someone, 'GET', '/api/community/moderation/queue')).statusCode).toBe(404);
  });
});

describe('the queue', () => {
  it('lists hidden posts and replies oldest first with their reports; restore puts one back and tells the author', async () => {
    clock.set(new Date('2026-11-20T10:00:00Z'));
    const mod = await moderator();
    const author = await member();
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    const first = (await post(author, 'First take on $MSFT')).post;
    const parent = (await post(author, 'Second take on $KO')).post;
    const answer = await reply(author, parent.id, 'And a reply of mine');
    expect(answer.statusCode).toBe(201);
    const replyId = answer.json().reply.id as string;

    // The reply is hidden first, then the first post: the queue is by when they were hidden.
    for (const reporter of [a, b, c]) await report(reporter, replyId, 'abuse');
    clock.set(new Date('2026-11-20T10:05:00Z'));
    await report(a, first.id, 'pump', 'Same text in five accounts');
    await report(b, first.id, 'pump');
    await report(c, first.id, 'spam');
    expect(await feedIds(d)).not.toContain(first.id);
    const thread = (await call(d, 'GET', `/api/community/posts/${parent.id}`)).json();
    expect(thread.replies).toEqual([]);

    const queue = await queueOf(mod);
    const mine = queue.posts.filter((item) => [replyId, first.id].includes(item.post.id));
    expect(mine.map((item) => item.post.id)).toEqual([replyId, first.id]);
    expect(mine[0]).toMatchObject({
      kind: 'reports',
      since: '2026-11-20T10:00:00.000Z',
      post: { parentId: parent.id, author: { handle: author.handle } },
      reports: { total: 3, reasons: { abuse: 3 } },
    });
    expect(mine[1]!.reports).toEqual({
      total: 3,
      reasons: { pump: 2, spam: 1 },
      notes: ['Same text in five accounts'],
    });
    expect(JSON.stringify(queue)).not.toContain(author.email);
    // The author sees their post is hidden, and cannot appeal what was not removed.
    const standing = await standingOf(author);
    expect(standing.underReview.find((item) => item.post.id === first.id)).toMatchObject({
      state: 'hidden',
      canAppeal: false,
    });
    const early = await call(author, 'POST', `/api/community/posts/${first.id}/appeal`, {
      text: 'Why?',
    });
    expect(early.statusCode).toBe(409);

    const restored = await call(mod, 'POST', `/api/community/moderation/posts/${first.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(204);
    const twice = await call(mod, 'POST', `/api/community/moderation/posts/${first.id}/restore`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('already_reviewed');
    expect(await feedIds(d)).toContain(first.id);
    expect((await queueOf(mod)).posts.map((item) => item.post.id)).not.toContain(first.id);
    expect(await notices(author)).toContainEqual(
      expect.objectContaining({ title: 'Your post is visible again' }),
    );
    // Its reports are settled: the same reporters cannot hide it again, new ones must.
    await report(d, first.id, 'spam');
    expect(await feedIds(d)).toContain(first.id);

    const log = await logOf(mod);
    expect(log.entries[0]).toMatchObject({
      moderator: `@${mod.handle}`,
      action: 'restore',
      subject: { handle: author.handle },
      postId: first.id,
      at: '2026-11-20T10:05:00.000Z',
    });
  });

  it('removes with a reason the author is told; one appeal brings it back as an appeal; upholding it is final', async () => {
    clock.set(new Date('2026-11-21T09:00:00Z'));
    const mod = await moderator();
    const author = await member();
    const other = await member();
    const reporters = [await member(), await member(), await member()];
    const target = (await post(author, 'Guaranteed 10x on $KO, buy now')).post;
    for (const reporter of reporters) await report(reporter, target.id, 'misleading');

    const noReason = await call(
      mod,
      'POST',
      `/api/community/moderation/posts/${target.id}/remove`,
      {
        reason: ' ',
      },
    );
    expect(noReason.statusCode).toBe(400);
    const ownPost = (await post(mod, 'A moderator writes too, about $KO')).post;
    for (const reporter of reporters) await report(reporter, ownPost.id, 'spam');
    const own = await call(mod, 'POST', `/api/community/moderation/posts/${ownPost.id}/remove`, {
      reason: 'Mine',
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('own_post');

    const removed = await call(mod, 'POST', `/api/community/moderation/posts/${target.id}/remove`, {
      reason: 'Promises of returns are not allowed.',
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await queueOf(mod)).posts.map((item) => item.post.id)).not.toContain(target.id);
    expect(await notices(author)).toContainEqual(
      expect.objectContaining({
        title: 'Your post was removed',
        message: expect.stringContaining('Promises of returns are not allowed.'),
      }),
    );
    const standing = await standingOf(author);
    expect(standing.underReview.find((item) => item.post.id === target.id)).toMatchObject({
      state: 'removed',
      removalReason: 'Promises of returns are not allowed.',
      canAppeal: true,
      appeal: null,
    });

    // Only the author may appeal (another member: 404), once.
    const foreign = await call(other, 'POST', `/api/community/posts/${target.id}/appeal`, {
      text: 'Bring it back',
    });
    expect(foreign.statusCode).toBe(404);
    clock.set(new Date('2026-11-21T11:00:00Z'));
    const appealed = await call(author, 'POST', `/api/community/posts/${target.id}/appeal`, {
      text: 'It was a joke, clearly marked.',
    });
    expect(appealed.statusCode, appealed.body).toBe(204);
    const again = await call(author, 'POST', `/api/community/posts/${target.id}/appeal`, {
      text: 'Please',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_appealed');

    const item = (await queueOf(mod)).posts.find((candidate) => candidate.post.id === target.id);
    expect(item).toMatchObject({
      kind: 'appeal',
      since: '2026-11-21T11:00:00.000Z',
      appeal: { text: 'It was a joke, clearly marked.' },
      removal: { reason: 'Promises of returns are not allowed.' },
      reports: { total: 3, reasons: { misleading: 3 } },
    });

    const upheld = await call(mod, 'POST', `/api/community/moderation/posts/${target.id}/remove`, {
      reason: 'Still a promise of returns.',
    });
    expect(upheld.statusCode).toBe(204);
    expect(await notices(author)).toContainEqual(
      expect.objectContaining({ title: 'Your appeal was reviewed' }),
    );
    expect((await queueOf(mod)).posts.map((entry) => entry.post.id)).not.toContain(target.id);
    expect(
      (await standingOf(author)).underReview.find((entry) => entry.post.id === target.id),
    ).toMatchObject({ canAppeal: false, appeal: { decided: true } });
    expect((await call(other, 'GET', `/api/community/posts/${target.id}`)).statusCode).toBe(404);
    const actions = (await logOf(mod)).entries
      .filter((entry) => entry.postId === target.id)
      .map((entry) => [entry.action, entry.reason]);
    expect(actions).toEqual([
      ['uphold', 'Still a promise of returns.'],
      ['remove', 'Promises of returns are not allowed.'],
    ]);
  });

  it('restores a removed post whose appeal is accepted', async () => {
    clock.set(new Date('2026-11-22T09:00:00Z'));
    const mod = await moderator();
    const author = await member();
    const reader = await member();
    const target = (await post(author, 'Margins look thin at $KO')).post;
    for (const reporter of [await member(), await member(), await member()]) {
      await report(reporter, target.id, 'misleading');
    }
    await call(mod, 'POST', `/api/community/moderation/posts/${target.id}/remove`, {
      reason: 'Misleading',
    });
    await call(author, 'POST', `/api/community/posts/${target.id}/appeal`, {
      text: 'The figures are from the annual report.',
    });
    const restored = await call(
      mod,
      'POST',
      `/api/community/moderation/posts/${target.id}/restore`,
    );
    expect(restored.statusCode).toBe(204);
    expect(await feedIds(reader)).toContain(target.id);
    expect(await notices(author)).toContainEqual(
      expect.objectContaining({ title: 'Your appeal was accepted' }),
    );
    expect((await standingOf(author)).underReview).toEqual([]);
  });
});

describe('suspensions', () => {
  it('refuse posts and replies with 403 saying until when, and end on time', async () => {
    const start = new Date('2026-11-23T12:00:00Z');
    clock.set(start);
    const mod = await moderator();
    const author = await member();
    const parent = (await post(mod, 'Open thread on $KO')).post;
    const bad = await call(
      mod,
      'POST',
      `/api/community/moderation/users/${author.handle}/suspend`,
      {
        days: 0,
        reason: 'Spam',
      },
    );
    expect(bad.statusCode).toBe(400);
    const self = await call(mod, 'POST', `/api/community/moderation/users/${mod.handle}/suspend`, {
      days: 1,
      reason: 'Me',
    });
    expect(self.statusCode).toBe(409);
    const suspended = await call(
      mod,
      'POST',
      `/api/community/moderation/users/${author.handle}/suspend`,
      { days: 3, reason: 'Repeated spam.' },
    );
    expect(suspended.statusCode, suspended.body).toBe(204);

    const refused = await call(author, 'POST', '/api/community/posts', { body: 'Hello $KO' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'posting_suspended',
      resetsAt: '2026-11-26T12:00:00.000Z',
    });
    expect(refused.json().error.message).toContain('until November 26, 2026, 12:00 UTC');
    expect(refused.json().error.message).toContain('Repeated spam.');
    expect((await reply(author, parent.id, 'A reply')).statusCode).toBe(403);
    expect((await standingOf(author)).suspension).toEqual({
      until: '2026-11-26T12:00:00.000Z',
      reason: 'Repeated spam.',
    });
    expect(await notices(author)).toContainEqual(
      expect.objectContaining({
        title: 'Your community posting is suspended',
        message: expect.stringContaining('November 26, 2026'),
      }),
    );
    expect((await logOf(mod)).entries[0]).toMatchObject({
      action: 'suspend',
      days: 3,
      reason: 'Repeated spam.',
      subject: { handle: author.handle },
    });

    clock.set(new Date(start.getTime() + 3 * day + 1000));
    expect(
      (await call(author, 'POST', '/api/community/posts', { body: 'Back on $KO' })).statusCode,
    ).toBe(201);
    expect((await standingOf(author)).suspension).toBeNull();
  });
});

describe('reports of members', () => {
  it('use the same reasons, reach the queue, and are settled by dismissing or suspending', async () => {
    clock.set(new Date('2026-11-24T08:00:00Z'));
    const mod = await moderator();
    const target = await member();
    const [a, b] = [await member(), await member()];
    const url = `/api/community/users/${target.handle}/report`;
    expect(
      (await call(a, 'POST', url, { reason: 'abuse', note: 'Insults in replies' })).statusCode,
    ).toBe(204);
    expect((await call(a, 'POST', url, { reason: 'abuse' })).statusCode).toBe(204);
    expect((await call(b, 'POST', url, { reason: 'spam' })).statusCode).toBe(204);
    expect((await call(b, 'POST', url, { reason: 'rude' })).statusCode).toBe(400);
    expect((await call(target, 'POST', url, { reason: 'spam' })).statusCode).toBe(409);
    expect(
      (await call(a, 'POST', '/api/community/users/nobody_at_all/report', { reason: 'spam' }))
        .statusCode,
    ).toBe(404);

    const item = (await queueOf(mod)).users.find((entry) => entry.user.handle === target.handle);
    expect(item).toEqual({
      user: { handle: target.handle, displayName: `Member ${target.handle}` },
      since: '2026-11-24T08:00:00.000Z',
      reports: { total: 2, reasons: { abuse: 1, spam: 1 }, notes: ['Insults in replies'] },
      suspendedUntil: null,
    });
    const dismissed = await call(
      mod,
      'POST',
      `/api/community/moderation/users/${target.handle}/dismiss`,
      { note: 'Heated, not abusive' },
    );
    expect(dismissed.statusCode, dismissed.body).toBe(204);
    expect((await queueOf(mod)).users.map((entry) => entry.user.handle)).not.toContain(
      target.handle,
    );
    expect(
      (await call(mod, 'POST', `/api/community/moderation/users/${target.handle}/dismiss`))
        .statusCode,
    ).toBe(409);
    expect((await logOf(mod)).entries[0]).toMatchObject({
      action: 'dismiss',
      reason: 'Heated, not abusive',
    });
  });
});

describe('blocks', () => {
  it('hide each member’s posts and replies from the other, and answering or liking is 404', async () => {
    clock.set(new Date('2026-11-25T08:00:00Z'));
    const [ada, bob, cy] = [await member(), await member(), await member()];
    const adaPost = (await post(ada, 'Ada on $KO')).post;
    const bobPost = (await post(bob, 'Bob on $KO')).post;
    const cyPost = (await post(cy, 'Cy on $KO')).post;
    expect((await reply(bob, cyPost.id, 'Bob answers Cy')).statusCode).toBe(201);

    const blocked = await call(ada, 'PUT', `/api/community/blocks/${bob.handle}`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().blocks.map((item: { handle: string }) => item.handle)).toEqual([
      bob.handle,
    ]);
    expect(blocked.json().limit).toBe(moderationRules.blockListLimit);
    // Again is the same list.
    expect((await call(ada, 'PUT', `/api/community/blocks/${bob.handle}`)).statusCode).toBe(200);

    expect(await feedIds(ada)).not.toContain(bobPost.id);
    expect(await feedIds(bob)).not.toContain(adaPost.id);
    expect(await feedIds(cy)).toEqual(expect.arrayContaining([adaPost.id, bobPost.id]));
    expect((await call(ada, 'GET', `/api/community/posts/${bobPost.id}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', `/api/community/posts/${adaPost.id}`)).statusCode).toBe(404);
    const cyThread = (await call(ada, 'GET', `/api/community/posts/${cyPost.id}`)).json();
    expect(cyThread.replies).toEqual([]);
    expect((await reply(bob, adaPost.id, 'Hello?')).statusCode).toBe(404);
    expect(
      (await call(bob, 'PUT', `/api/community/posts/${adaPost.id}/like`, { liked: true }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(ada, 'PUT', `/api/community/posts/${bobPost.id}/like`, { liked: true }))
        .statusCode,
    ).toBe(404);
    const page = (await call(bob, 'GET', `/api/community/users/${ada.handle}`)).json();
    expect(page.posts).toEqual([]);

    expect((await call(ada, 'PUT', `/api/community/blocks/${ada.handle}`)).statusCode).toBe(409);
    expect((await call(ada, 'PUT', '/api/community/blocks/nobody_at_all')).statusCode).toBe(404);

    expect((await call(ada, 'DELETE', `/api/community/blocks/${bob.handle}`)).statusCode).toBe(204);
    expect((await call(ada, 'GET', '/api/community/blocks')).json().blocks).toEqual([]);
    expect(await feedIds(ada)).toContain(bobPost.id);
    expect((await reply(bob, adaPost.id, 'Hello again')).statusCode).toBe(201);
  });

  it(`stop at ${moderationRules.blockListLimit} members with a 422 naming the limit`, async () => {
    const ada = await member();
    const next = await member();
    const count = moderationRules.blockListLimit;
    const ids = Array.from(
      { length: count },
      (_, index) => `blocked-${index}-${randomBytes(4).toString('hex')}`,
    );
    await db()
      .insert(users)
      .values(ids.map((id) => ({ id, name: 'Blocked', email: `${id}@example.com` })));
    await db()
      .insert(communityProfiles)
      .values(
        ids.map((id, index) => ({
          userId: id,
          handle: `b${index}_${id.slice(-8)}`,
          displayName: 'B',
        })),
      );
    await db()
      .insert(communityBlocks)
      .values(ids.map((id) => ({ blockerId: ada.id, blockedId: id, createdAt: clock() })));
    const refused = await call(ada, 'PUT', `/api/community/blocks/${next.handle}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'block_limit' });
    expect(refused.json().error.message).toContain(`at most ${count} members`);
    expect((await call(ada, 'GET', '/api/community/blocks')).json().blocks).toHaveLength(count);
  });
});

describe('the pump guard', () => {
  /** `perHour` posts about `symbol` in each hour of the 30 days before the previous hour. */
  async function baseline(symbol: string, now: Date, perHour: number) {
    const current = hourOf(now).getTime();
    await db()
      .insert(communitySymbolHours)
      .values(
        Array.from({ length: 719 }, (_, index) => ({
          symbol,
          hour: new Date(current - (index + 2) * 3_600_000),
          posts: perHour,
          newAccountPosts: 0,
        })),
      );
  }

  it('holds new posts about a symbol posted about 5x its usual rate, mostly by new accounts', async () => {
    // 12:20 UTC: the 11:00 hour still counts for 40 of its 60 minutes.
    const now = new Date('2026-12-14T12:20:00Z');
    clock.set(now);
    // 5 an hour for 719 hours, and the 15 posts of 11:00 below: 3,610 posts, 5.014 an hour, so
    // the guard holds above 25.07 posts in the last hour.
    await baseline('NVDA', now, 5);
    const mod = await moderator();
    const newcomers: Member[] = [];
    for (let i = 0; i < 6; i += 1) newcomers.push(await member({ ageDays: 3 }));
    const veteran = await member({ ageDays: 400 });

    // 15 posts by new accounts at 11:05 count 2/3 each at 12:20: 10.
    clock.set(new Date('2026-12-14T11:05:00Z'));
    for (let i = 0; i < 15; i += 1) await post(newcomers[i % 6]!, `Early $NVDA call ${i}`);
    clock.set(now);
    for (let i = 0; i < 15; i += 1) {
      const written = await post(newcomers[i % 6]!, `Now $NVDA call ${i}`);
      expect(written.heldForReview, `post ${i} of the hour`).toBe(false);
    }
    // 10 + 15 = 25 in the last hour, not above 25.07: this one goes through.
    const edge = await post(veteran, 'A calm $NVDA note');
    expect(edge.heldForReview).toBe(false);
    // 26 in the last hour, 25 of them by new accounts: held.
    const held = await post(veteran, 'Another $NVDA note');
    expect(held.heldForReview).toBe(true);
    const reader = await member();
    expect(await feedIds(reader)).not.toContain(held.post.id);
    expect(await feedIds(reader)).toContain(edge.post.id);
    // A post about another symbol is not held.
    expect((await post(veteran, 'Meanwhile $MSFT')).heldForReview).toBe(false);

    const standing = await standingOf(veteran);
    expect(standing.underReview.map((item) => [item.post.id, item.state])).toEqual([
      [held.post.id, 'held'],
    ]);
    const queued = (await queueOf(mod)).posts.find((item) => item.post.id === held.post.id);
    expect(queued).toMatchObject({ kind: 'pump', reports: { total: 0 } });

    // Editing a harmless post into the surging symbol holds it too.
    const harmless = await post(veteran, 'Nothing to see');
    const edited = await call(veteran, 'PATCH', `/api/community/posts/${harmless.post.id}`, {
      body: 'Nothing to see, but $NVDA',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().heldForReview).toBe(true);
    expect(await feedIds(reader)).not.toContain(harmless.post.id);

    // A moderator lets the held post through.
    await call(mod, 'POST', `/api/community/moderation/posts/${held.post.id}/restore`);
    expect(await feedIds(reader)).toContain(held.post.id);

    // Two hours later the burst is out of the window.
    clock.set(new Date('2026-12-14T14:30:00Z'));
    expect((await post(veteran, 'Later $NVDA')).heldForReview).toBe(false);
  });

  it('holds replies about a surging symbol too, and counts replies toward the surge', async () => {
    const now = new Date('2026-12-20T12:00:00Z');
    clock.set(now);
    const mod = await moderator();
    const newcomers: Member[] = [];
    for (let i = 0; i < 4; i += 1) newcomers.push(await member({ ageDays: 3 }));
    const veteran = await member({ ageDays: 400 });
    const parent = await post(veteran, 'An open question about chip makers');
    // 19 replies and a post by new accounts, none above the guard's 20 when judged: all pass,
    // and each counts into the symbol's hour.
    for (let i = 0; i < 19; i += 1) {
      const answer = await reply(newcomers[i % 4]!, parent.post.id, `$AMD to the moon ${i}`);
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json().heldForReview, `reply ${i}`).toBe(false);
    }
    expect((await post(newcomers[0]!, 'Last call on $AMD')).heldForReview).toBe(false);

    // 20 in the last hour, all by new accounts: the next reply naming it is held.
    const held = await reply(veteran, parent.post.id, 'Careful with $AMD here');
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().heldForReview).toBe(true);
    const heldId = held.json().reply.id as string;
    const reader = await member();
    const thread = await call(reader, 'GET', `/api/community/posts/${parent.post.id}`);
    const replyIds = thread.json().replies.map((item: CommunityPost) => item.id) as string[];
    expect(replyIds).toHaveLength(19);
    expect(replyIds).not.toContain(heldId);
    expect((await standingOf(veteran)).underReview).toMatchObject([
      { post: { id: heldId, parentId: parent.post.id }, state: 'held' },
    ]);
    const queued = (await queueOf(mod)).posts.find((item) => item.post.id === heldId);
    expect(queued).toMatchObject({ kind: 'pump' });

    // A reply about something else goes through; editing it into the surge holds it.
    const calm = await reply(veteran, parent.post.id, 'Chips are cyclical');
    expect(calm.json().heldForReview).toBe(false);
    const calmId = calm.json().reply.id as string;
    const edited = await call(veteran, 'PATCH', `/api/community/posts/${calmId}`, {
      body: 'Chips are cyclical, $AMD too',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().heldForReview).toBe(true);
    const after = await call(reader, 'GET', `/api/community/posts/${parent.post.id}`);
    expect(after.json().replies.map((item: CommunityPost) => item.id)).not.toContain(calmId);
  });

  it('lets a busy symbol be when most posts come from established accounts', async () => {
    const now = new Date('2026-12-16T12:00:00Z');
    clock.set(now);
    const veterans = [];
    for (let i = 0; i < 4; i += 1) veterans.push(await member({ ageDays: 90 }));
    const newcomer = await member({ ageDays: 2 });
    // No history at all: any 20 posts are far above the average, but the accounts are old.
    for (let i = 0; i < 20; i += 1) await post(veterans[i % 4]!, `Earnings day for $AMZN ${i}`);
    for (let i = 0; i < 4; i += 1) await post(newcomer, `Newcomer on $AMZN ${i}`);
    expect((await post(newcomer, 'One more on $AMZN')).heldForReview).toBe(false);
  });

  it('judges by the figures: at least 20 posts, over 5x the average, most by new accounts', () => {
    const base = { symbol: 'X', lastHour: 20, lastHourByNewAccounts: 11, hourlyAverage: 3 };
    expect(isSurging(base)).toBe(true);
    expect(isSurging({ ...base, hourlyAverage: 4 })).toBe(false);
    expect(isSurging({ ...base, lastHourByNewAccounts: 10 })).toBe(false);
    expect(isSurging({ ...base, lastHour: 19, lastHourByNewAccounts: 19, hourlyAverage: 0 })).toBe(
      false,
    );
  });

  it('forgets, in its clean-up, the hours it no longer reads', async () => {
    const now = new Date('2026-12-18T12:00:00Z');
    const guard = new PumpGuard(db());
    await db()
      .insert(communitySymbolHours)
      .values([
        { symbol: 'PRUNE', hour: new Date(now.getTime() - 40 * day), posts: 5 },
        { symbol: 'PRUNE', hour: new Date(now.getTime() - 2 * day), posts: 7 },
      ]);
    expect((await guard.activity(['PRUNE'], now))[0]!.hourlyAverage).toBeCloseTo(7 / 720);
    await guard.prune(now);
    const left = await db()
      .select({ posts: communitySymbolHours.posts })
      .from(communitySymbolHours)
      .where(eq(communitySymbolHours.symbol, 'PRUNE'));
    expect(left).toEqual([{ posts: 7 }]);
  });
});
