import { randomBytes } from 'node:crypto';
import type { CommunityPost, SubscriptionTier } from '@tickerwise/shared';
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
import { user as users } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';
import { smallCompanyRefusal } from './community-rules.ts';

const clock = testClock();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ clock, config: { simulationControl: true } });
});
afterAll(() => testApp.close());
afterEach(() => clock.reset());

const db = () => testApp.db.database.db;
/** Wednesday 18 November 2026, 15:00 UTC. */
const midMonth = new Date('2026-11-18T15:00:00Z');

const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(testApp.app, user, method, url, payload);

/** A user with a community profile; `established` accounts are older than a day. */
async function member({
  tier = 'free',
  established = true,
}: {
  tier?: SubscriptionTier;
  established?: boolean;
} = {}): Promise<SignedUpUser & { handle: string }> {
  const user = await signUpUser(testApp.app);
  if (tier !== 'free') await setTier(db(), user.id, tier);
  if (established) {
    const joined = new Date(clock().getTime() - 3 * 86_400_000);
    await db().update(users).set({ createdAt: joined }).where(eq(users.id, user.id));
  }
  const handle = `u_${randomBytes(4).toString('hex')}`;
  const response = await call(user, 'PUT', '/api/community/profile', {
    handle,
    displayName: 'Ada Investor',
    bio: 'Long-term holder.',
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...user, handle };
}

let counter = 0;
async function post(user: SignedUpUser, body?: string, extra: object = {}) {
  counter += 1;
  return call(user, 'POST', '/api/community/posts', {
    body: body ?? `Thoughts number ${counter} on $AAPL`,
    ...extra,
  });
}

describe('profiles', () => {
  it('are chosen once per handle, never show the email, and are needed before posting', async () => {
    const user = await signUpUser(testApp.app);
    const me = (await call(user, 'GET', '/api/community/me')).json();
    expect(me.profile).toBeNull();
    expect(me.quota.posts).toEqual({ used: 0, limit: 5 });
    const refused = await post(user);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('profile_required');

    const bad = await call(user, 'PUT', '/api/community/profile', {
      handle: 'a b',
      displayName: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeTruthy();

    const first = await member();
    const taken = await call(user, 'PUT', '/api/community/profile', {
      handle: first.handle.toUpperCase(),
      displayName: 'Someone',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('handle_taken');

    const page = await call(user, 'GET', `/api/community/users/${first.handle}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().profile).toMatchObject({ handle: first.handle, bio: 'Long-term holder.' });
    expect(page.body).not.toContain(first.email);
    expect((await call(user, 'GET', '/api/community/users/nobody_here')).statusCode).toBe(404);
  });
});

describe('posts', () => {
  it('link cashtags of covered symbols, at most 5, and refuse unknown ones', async () => {
    const user = await member({ tier: 'pro' });
    const created = await post(user, 'Buying **$aapl** and $MSFT, not $5 lunch', {
      sentiment: 'bullish',
      paid: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().post).toMatchObject({
      symbols: ['AAPL', 'MSFT'],
      sentiment: 'bullish',
      paid: true,
      mine: true,
      editedAt: null,
    });
    const unknown = await post(user, 'What about $ZZZZQ?');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'unknown_symbol' });
    expect(unknown.json().error.message).toContain('$ZZZZQ');
    const six = await post(user, '$AAPL $MSFT $GOOGL $AMZN $NVDA $KO');
    expect(six.statusCode).toBe(400);
    expect(six.json().error.code).toBe('too_many_cashtags');
    const long = await post(user, 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    const badTag = await post(user, 'Fine', { sentiment: 'euphoric' });
    expect(badTag.statusCode).toBe(400);
  });

  it('about a penny stock are refused, saying why', async () => {
    const user = await member({ tier: 'pro' });
    const admin = await signUpUser(testApp.app);
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const moved = await call(admin, 'PUT', '/api/simulation/quotes/KO', { price: 3.5 });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await post(user, 'Cheap $KO here');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('small_company');
    expect(refused.json().error.message).toContain('$3.50');
    expect(refused.json().error.message).toContain('under the $5');
  });

  it('about a company under $300 million are refused; funds without a market cap are judged by price', () => {
    expect(smallCompanyRefusal({ symbol: 'TINY', price: 12, marketCap: 120e6 })).toContain(
      '$120 million, under the $300 million',
    );
    expect(smallCompanyRefusal({ symbol: 'BIG', price: 12, marketCap: 300e6 })).toBeNull();
    expect(smallCompanyRefusal({ symbol: 'SPY', price: 500, marketCap: null })).toBeNull();
    expect(smallCompanyRefusal({ symbol: 'PNY', price: 4.99, marketCap: 2e9 })).toContain('$4.99');
  });

  it('are edited within 15 minutes only, by their author only; deleted by the author only', async () => {
    clock.set(midMonth);
    const author = await member();
    const other = await member();
    const created = (await post(author, 'First take on $MSFT')).json().post as CommunityPost;
    expect(created.editableUntil).toBe('2026-11-18T15:15:00.000Z');

    const foreignEdit = await call(other, 'PATCH', `/api/community/posts/${created.id}`, {
      body: 'Hijacked',
    });
    expect(foreignEdit.statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/api/community/posts/${created.id}`)).statusCode).toBe(
      404,
    );

    clock.set(new Date(midMonth.getTime() + 14 * 60_000));
    const edited = await call(author, 'PATCH', `/api/community/posts/${created.id}`, {
      body: 'Second take on $MSFT',
      sentiment: 'bearish',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().post).toMatchObject({
      body: 'Second take on $MSFT',
      sentiment: 'bearish',
      editedAt: '2026-11-18T15:14:00.000Z',
    });

    clock.set(new Date(midMonth.getTime() + 16 * 60_000));
    const late = await call(author, 'PATCH', `/api/community/posts/${created.id}`, {
      body: 'Third take',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('edit_window_closed');

    expect((await call(author, 'DELETE', `/api/community/posts/${created.id}`)).statusCode).toBe(
      204,
    );
    expect((await call(other, 'GET', `/api/community/posts/${created.id}`)).statusCode).toBe(404);
    expect((await call(author, 'DELETE', `/api/community/posts/${created.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('quotas', () => {
  it('stop the 6th post of the month on Free with 402 naming the limit; two at once: one wins', async () => {
    clock.set(midMonth);
    const user = await member();
    for (let i = 0; i < 4; i += 1) expect((await post(user)).statusCode).toBe(201);
    const [a, b] = await Promise.all([post(user), post(user)]);
    const statuses = [a!.statusCode, b!.statusCode].sort();
    expect(statuses).toEqual([201, 402]);
    const refused = a!.statusCode === 402 ? a! : b!;
    expect(refused.json().error).toMatchObject({
      code: 'community_quota_reached',
      requiredTier: 'pro',
      resetsAt: '2026-12-01T00:00:00.000Z',
    });
    expect(refused.json().error.message).toContain('all 5 posts your Free plan includes');
    const me = (await call(user, 'GET', '/api/community/me')).json();
    expect(me.quota).toEqual({
      posts: { used: 5, limit: 5 },
      replies: { used: 0, limit: 10 },
      resetsAt: '2026-12-01T00:00:00.000Z',
    });
  });

  it('are not given back by deleting, and start again on the 1st (UTC)', async () => {
    clock.set(midMonth);
    const user = await member();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await post(user)).json().post.id);
    expect((await call(user, 'DELETE', `/api/community/posts/${ids[0]}`)).statusCode).toBe(204);
    expect((await post(user)).statusCode).toBe(402);
    clock.set(new Date('2026-12-01T00:00:01Z'));
    expect((await post(user)).statusCode).toBe(201);
  });

  it('count replies apart, 10 a month on Free; Enterprise has no limit', async () => {
    clock.set(midMonth);
    const author = await member({ tier: 'enterprise' });
    const replier = await member();
    const parent = (await post(author)).json().post.id;
    for (let i = 0; i < 10; i += 1) {
      const reply = await call(replier, 'POST', `/api/community/posts/${parent}/replies`, {
        body: `Reply ${i}`,
      });
      expect(reply.statusCode, reply.body).toBe(201);
    }
    const eleventh = await call(replier, 'POST', `/api/community/posts/${parent}/replies`, {
      body: 'One more',
    });
    expect(eleventh.statusCode).toBe(402);
    expect(eleventh.json().error.message).toContain('all 10 replies');
    for (let i = 0; i < 6; i += 1) expect((await post(author)).statusCode).toBe(201);
    expect((await call(author, 'GET', '/api/community/me')).json().quota.posts).toEqual({
      used: 7,
      limit: null,
    });
  });
});

describe('new accounts', () => {
  it('post 3 a day, 30 s apart, without links; the same text twice in 5 minutes is refused', async () => {
    clock.set(midMonth);
    const user = await member({ tier: 'pro', established: false });
    await db().update(users).set({ createdAt: midMonth }).where(eq(users.id, user.id));
    const link = await post(user, 'See [this](https://example.com)');
    expect(link.statusCode).toBe(422);
    expect(link.json().error.code).toBe('links_not_yet');
    expect((await post(user, 'Same words')).statusCode).toBe(201);
    const fast = await post(user, 'Other words');
    expect(fast.statusCode).toBe(429);
    expect(fast.json().error.code).toBe('posting_too_fast');
    expect(fast.headers['retry-after']).toBe('30');
    clock.set(new Date(midMonth.getTime() + 31_000));
    const same = await post(user, 'Same words');
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('duplicate_post');
    expect((await post(user, 'Second')).statusCode).toBe(201);
    clock.set(new Date(midMonth.getTime() + 62_000));
    expect((await post(user, 'Third')).statusCode).toBe(201);
    clock.set(new Date(midMonth.getTime() + 93_000));
    const fourth = await post(user, 'Fourth');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('new_account_limit');
    // A day later the account is established: links and more posts are fine.
    clock.set(new Date(midMonth.getTime() + 86_400_000 + 1000));
    expect((await post(user, 'Now [a link](https://example.com)')).statusCode).toBe(201);
  });
});

describe('replies, likes and reports', () => {
  it('reply one level deep, like once each, and hide a post reported by 3 users', async () => {
    // Later than every post the tests above wrote, so the post is on the feed's first page
    // rather than tied on time with twenty others.
    clock.set(new Date('2026-12-05T12:00:00Z'));
    const author = await member();
    const [a, b, c] = [await member(), await member(), await member()];
    const parent = (await post(author)).json().post.id;
    const reply = await call(a, 'POST', `/api/community/posts/${parent}/replies`, {
      body: 'Agreed',
    });
    expect(reply.statusCode).toBe(201);
    const nested = await call(b, 'POST', `/api/community/posts/${reply.json().reply.id}/replies`, {
      body: 'Deeper',
    });
    expect(nested.statusCode).toBe(404);
    for (const liker of [a, b, b]) {
      expect(
        (await call(liker, 'PUT', `/api/community/posts/${parent}/like`, { liked: true }))
          .statusCode,
      ).toBe(200);
    }
    const thread = (await call(c, 'GET', `/api/community/posts/${parent}`)).json();
    expect(thread.post).toMatchObject({ likes: 2, likedByMe: false, replyCount: 1 });
    expect(thread.replies.map((r: CommunityPost) => r.body)).toEqual(['Agreed']);

    const own = await call(author, 'POST', `/api/community/posts/${parent}/report`, {
      reason: 'spam',
    });
    expect(own.statusCode).toBe(409);
    const bad = await call(a, 'POST', `/api/community/posts/${parent}/report`, {
      reason: 'dislike',
    });
    expect(bad.statusCode).toBe(400);
    for (const reporter of [a, a, b]) {
      expect(
        (await call(reporter, 'POST', `/api/community/posts/${parent}/report`, { reason: 'pump' }))
          .statusCode,
      ).toBe(204);
    }
    const feedIds = async () =>
      (await call(c, 'GET', '/api/community/feed')).json().posts.map((p: CommunityPost) => p.id);
    expect(await feedIds()).toContain(parent);
    expect(
      (await call(c, 'POST', `/api/community/posts/${parent}/report`, { reason: 'pump' }))
        .statusCode,
    ).toBe(204);
    expect(await feedIds()).not.toContain(parent);
    expect((await call(author, 'GET', `/api/community/posts/${parent}`)).statusCode).toBe(404);
  });
});

describe('the feed', () => {
  it('pages newest first with a cursor', async () => {
    const start = new Date('2026-12-10T10:00:00Z');
    clock.set(start);
    const user = await member({ tier: 'enterprise' });
    for (let i = 0; i < 23; i += 1) {
      clock.set(new Date(start.getTime() + i * 60_000));
      expect((await post(user, `Feed post ${i}`)).statusCode).toBe(201);
    }
    const first = (await call(user, 'GET', '/api/community/feed')).json();
    expect(first.posts).toHaveLength(20);
    expect(first.posts[0].body).toBe('Feed post 22');
    expect(first.nextCursor).toBeTruthy();
    const second = (
      await call(user, 'GET', `/api/community/feed?cursor=${first.nextCursor}`)
    ).json();
    const bodies = second.posts.map((p: CommunityPost) => p.body);
    expect(bodies.slice(0, 3)).toEqual(['Feed post 2', 'Feed post 1', 'Feed post 0']);
    const bad = await call(user, 'GET', '/api/community/feed?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('bad_cursor');
  });

  it('pages posts written at the same instant by their ids, none twice and none skipped', async () => {
    clock.set(new Date('2026-12-11T10:00:00Z'));
    const user = await member({ tier: 'enterprise' });
    const written: string[] = [];
    for (let i = 0; i < 23; i += 1) {
      const response = await post(user, `Same instant ${i}`);
      expect(response.statusCode).toBe(201);
      written.push(response.json().post.id);
    }
    const read: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await call(user, 'GET', `/api/community/feed${cursor ? `?cursor=${cursor}` : ''}`)
      ).json() as { posts: CommunityPost[]; nextCursor: string | null };
      read.push(...page.posts.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    const mine = read.filter((id) => written.includes(id));
    expect(mine).toEqual([...written].sort().reverse());
  });
});
