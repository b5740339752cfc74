import { randomBytes } from 'node:crypto';
import type { CommunityPost, SubscriptionTier } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { communitySymbolFollows, user as users } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';

let testApp: TestApp;
let baseUrl: string;
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => testApp.close());

/** A few milliseconds, so that what happens next is newer than what came before. */
const tick = () => new Promise((done) => setTimeout(done, 5));

const db = () => testApp.db.database.db;

type Member = SignedUpUser & { handle: string };

/** The user's notifications about mentions, newest first. */
async function mentionNotices(user: SignedUpUser) {
  const list = (await call(user, 'GET', '/api/notifications')).json().notifications as {
    title: string;
    message: string;
    link: string | null;
  }[];
  return list.filter((item) => item.title.endsWith('mentioned you'));
}

const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(testApp.app, user, method, url, payload);

/** A member with an account older than a day (no new-account limits), on Pro by default. */
async function member(tier: SubscriptionTier = 'pro'): Promise<Member> {
  const user = await signUpUser(testApp.app);
  await setTier(db(), user.id, tier);
  // Established members: past the new-account limits (24 h) and the pump guard's 7 days, so
  // many posts about one symbol here are not held for review.
  const joined = new Date(Date.now() - 10 * 86_400_000);
  await db().update(users).set({ createdAt: joined }).where(eq(users.id, user.id));
  const handle = `s_${randomBytes(5).toString('hex')}`;
  const response = await call(user, 'PUT', '/api/community/profile', {
    handle,
    displayName: `Member ${handle}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...user, handle };
}

let counter = 0;
/** Posts `body` (made unique) and returns the post; fails the test on a refusal. */
async function post(user: SignedUpUser, body: string, extra: object = {}): Promise<CommunityPost> {
  counter += 1;
  // Each post a moment later than the last, so that newest-first is well defined.
  await tick();
  const response = await call(user, 'POST', '/api/community/posts', {
    body: `${body} (${counter})`,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().post;
}

const idsOf = (posts: CommunityPost[]) => posts.map((item) => item.id);

describe('following', () => {
  it('follows and unfollows members, with counts on their profile', async () => {
    const [ada, ben] = [await member(), await member()];
    const followed = await call(ada, 'PUT', `/api/community/users/${ben.handle}/follow`, {
      following: true,
    });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({ followers: 1, following: 0, followedByMe: true });
    // Following twice is still one follow.
    await call(ada, 'PUT', `/api/community/users/${ben.handle.toUpperCase()}/follow`, {
      following: true,
    });
    const page = (await call(ada, 'GET', `/api/community/users/${ben.handle}`)).json();
    expect(page).toMatchObject({
      follows: { followers: 1, following: 0, followedByMe: true },
      mine: false,
    });
    const own = (await call(ada, 'GET', `/api/community/users/${ada.handle}`)).json();
    expect(own).toMatchObject({ follows: { followers: 0, following: 1 }, mine: true });
    const list = (await call(ada, 'GET', '/api/community/following')).json();
    expect(list.users).toEqual([{ handle: ben.handle, displayName: `Member ${ben.handle}` }]);

    const unfollowed = await call(ada, 'PUT', `/api/community/users/${ben.handle}/follow`, {
      following: false,
    });
    expect(unfollowed.json()).toEqual({ followers: 0, following: 0, followedByMe: false });

    const self = await call(ada, 'PUT', `/api/community/users/${ada.handle}/follow`, {
      following: true,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('follow_self');
    const nobody = await call(ada, 'PUT', '/api/community/users/nobody_at_all/follow', {
      following: true,
    });
    expect(nobody.statusCode).toBe(404);
    const bad = await call(ada, 'PUT', `/api/community/users/${ben.handle}/follow`, {
      following: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('follows symbols Tickerwise covers, and no more than 500 of them', async () => {
    const ada = await member();
    const followed = await call(ada, 'PUT', '/api/community/symbols/msft/follow', {
      following: true,
    });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({ symbol: 'MSFT', followedByMe: true });
    const unknown = await call(ada, 'PUT', '/api/community/symbols/ZZZZQ/follow', {
      following: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call(ada, 'GET', '/api/community/following')).json().symbols).toEqual(['MSFT']);

    // 499 followed (one real, the rest filler), then two more at once: one wins.
    await db()
      .insert(communitySymbolFollows)
      .values(Array.from({ length: 498 }, (_, index) => ({ userId: ada.id, symbol: `F${index}` })));
    const [first, second] = await Promise.all([
      call(ada, 'PUT', '/api/community/symbols/AAPL/follow', { following: true }),
      call(ada, 'PUT', '/api/community/symbols/KO/follow', { following: true }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().error.code).toBe('follow_limit_reached');
    expect(refused.json().error.message).toContain('at most 500 symbols');
    // Unfollowing makes room again.
    await call(ada, 'PUT', '/api/community/symbols/MSFT/follow', { following: false });
    const again = await call(ada, 'PUT', '/api/community/symbols/JPM/follow', { following: true });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('fills the Following tab with the followed members, the followed symbols and one’s own', async () => {
    const [ada, ben, cal, dee] = [await member(), await member(), await member(), await member()];
    await call(ada, 'PUT', `/api/community/users/${ben.handle}/follow`, { following: true });
    await call(ada, 'PUT', '/api/community/symbols/MSFT/follow', { following: true });
    const byBen = await post(ben, 'Ben on $AAPL');
    const onMsft = await post(cal, 'Cal on $MSFT and $KO');
    const elsewhere = await post(dee, 'Dee on $KO');
    const mine = await post(ada, 'Ada on $JPM');

    const following = (await call(ada, 'GET', '/api/community/feed?tab=following')).json();
    expect(idsOf(following.posts)).toEqual([mine.id, onMsft.id, byBen.id]);
    const all = (await call(ada, 'GET', '/api/community/feed?tab=all')).json();
    expect(idsOf(all.posts).slice(0, 4)).toEqual([mine.id, elsewhere.id, onMsft.id, byBen.id]);
    // Without a tab the feed is every post, as before.
    const plain = (await call(ada, 'GET', '/api/community/feed')).json();
    expect(idsOf(plain.posts).slice(0, 4)).toEqual(idsOf(all.posts).slice(0, 4));
    expect((await call(ada, 'GET', '/api/community/feed?tab=mine')).statusCode).toBe(400);

    // Blocking a followed member takes their posts out, including those naming a followed symbol.
    const benOnMsft = await post(ben, 'Ben on $MSFT');
    const blockedBen = await call(ada, 'PUT', `/api/community/blocks/${ben.handle}`);
    expect(blockedBen.statusCode, blockedBen.body).toBe(200);
    const blocked = (await call(ada, 'GET', '/api/community/feed?tab=following')).json();
    expect(idsOf(blocked.posts)).toEqual([mine.id, onMsft.id]);
    expect(idsOf(blocked.posts)).not.toContain(benOnMsft.id);
  });

  it('pages the Following tab with the cursor, newest first', async () => {
    const [ada, ben] = [await member('enterprise'), await member('enterprise')];
    await call(ada, 'PUT', `/api/community/users/${ben.handle}/follow`, { following: true });
    const written: string[] = [];
    for (let index = 0; index < 23; index += 1) written.push((await post(ben, 'Paging $KO')).id);
    const first = (await call(ada, 'GET', '/api/community/feed?tab=following')).json();
    expect(first.posts).toHaveLength(20);
    const second = (
      await call(
        ada,
        'GET',
        `/api/community/feed?tab=following&cursor=${encodeURIComponent(first.nextCursor)}`,
      )
    ).json();
    expect([...idsOf(first.posts), ...idsOf(second.posts)]).toEqual(written.reverse());
    expect(second.nextCursor).toBeNull();
  });
});

describe('new posts', () => {
  it('are announced live on /api/events, counted after the reader’s newest, and wait until asked for', async () => {
    const [ada, ben] = [await member(), await member()];
    const before = (await call(ada, 'GET', '/api/community/feed?tab=all')).json();
    const head = before.headCursor as string;
    expect(head).toEqual(expect.any(String));
    const stream = await openEventStream(`${baseUrl}/api/events`, ada.cookie);
    try {
      await post(ben, 'Live news on $AAPL');
      await stream.waitFor(
        (event) => event.type === 'change' && event.topic === 'community_posts',
        5_000,
      );
    } finally {
      stream.close();
    }
    const second = await post(ben, 'More news on $AAPL');
    const counted = await call(
      ada,
      'GET',
      `/api/community/feed/new?tab=all&after=${encodeURIComponent(head)}`,
    );
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toEqual({
      count: 2,
      ids: expect.arrayContaining([second.id]),
    });
    // The Following tab counts only what it would show: Ada follows no one yet.
    const following = await call(
      ada,
      'GET',
      `/api/community/feed/new?tab=following&after=${encodeURIComponent(head)}`,
    );
    expect(following.json()).toEqual({ count: 0, ids: [] });
    // Reading from the head leaves the new posts out until the reader asks for them.
    const reading = (
      await call(ada, 'GET', `/api/community/feed?tab=all&until=${encodeURIComponent(head)}`)
    ).json();
    expect(idsOf(reading.posts)).toEqual(idsOf(before.posts));
    expect(reading.headCursor).toBe(head);
    const bad = await call(ada, 'GET', '/api/community/feed/new?tab=all&after=bm9wZQ');
    expect(bad.statusCode).toBe(400);
    expect((await call(ada, 'GET', '/api/community/feed/new?tab=all')).json()).toEqual({
      count: 0,
      ids: [],
    });
  });
});

describe('mentions', () => {
  it('link members and notify them once, never the author, never an unknown handle', async () => {
    const [ada, ben, cal] = [await member(), await member(), await member()];
    const written = await post(
      ada,
      `Hello @${ben.handle.toUpperCase()}, @${ada.handle} and @nobody_here: $AAPL`,
    );
    expect(written.mentions).toEqual([ben.handle, ada.handle]);
    const forBen = await mentionNotices(ben);
    expect(forBen).toHaveLength(1);
    expect(forBen[0]).toMatchObject({
      title: `@${ada.handle} mentioned you`,
      link: '/dashboard/social/posts',
    });
    expect(forBen[0]?.message).toContain('Hello @');
    expect(await mentionNotices(ada)).toEqual([]);

    // An edit that keeps Ben and adds Cal notifies Cal alone.
    const edited = await call(ada, 'PATCH', `/api/community/posts/${written.id}`, {
      body: `Hello @${ben.handle} and @${cal.handle}: $AAPL`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().post.mentions).toEqual([ben.handle, cal.handle]);
    expect(await mentionNotices(ben)).toHaveLength(1);
    expect(await mentionNotices(cal)).toHaveLength(1);

    // A reply mentions too.
    const reply = await call(ben, 'POST', `/api/community/posts/${written.id}/replies`, {
      body: `Agreed @${cal.handle}`,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().reply.mentions).toEqual([cal.handle]);
    const forCal = await mentionNotices(cal);
    expect(forCal.map((item) => item.title)).toEqual([
      `@${ben.handle} mentioned you`,
      `@${ada.handle} mentioned you`,
    ]);
  });

  it('are at most 5 a post', async () => {
    const ada = await member();
    const six = await call(ada, 'POST', '/api/community/posts', {
      body: '@one_x @two_x @three @four_x @five_x @six_x',
    });
    expect(six.statusCode).toBe(400);
    expect(six.json().error.code).toBe('too_many_mentions');
    // An email address is not a mention.
    const mail = await post(ada, 'Write to ada@example.com about $KO');
    expect(mail.mentions).toEqual([]);
  });
});

describe('a symbol’s posts', () => {
  it('are the visible posts naming it, newest first, for a covered symbol only', async () => {
    const [ada, ben] = [await member(), await member()];
    const one = await post(ada, 'First on $PEP');
    await post(ben, 'Nothing on it: $KO');
    const two = await post(ben, 'Second on $pep and $KO');
    const page = await call(ada, 'GET', '/api/community/symbols/pep/posts');
    expect(page.statusCode, page.body).toBe(200);
    const answer = page.json();
    expect(answer).toMatchObject({ symbol: 'PEP', followedByMe: false });
    expect(idsOf(answer.posts).slice(0, 2)).toEqual([two.id, one.id]);
    expect(answer.posts.every((item: CommunityPost) => item.symbols.includes('PEP'))).toBe(true);
    await call(ben, 'DELETE', `/api/community/posts/${two.id}`);
    const after = (await call(ada, 'GET', '/api/community/symbols/PEP/posts')).json();
    expect(idsOf(after.posts)).not.toContain(two.id);
    expect((await call(ada, 'GET', '/api/community/symbols/ZZZZQ/posts')).statusCode).toBe(404);
    expect((await call(ada, 'GET', '/api/community/symbols/%24%24/posts')).statusCode).toBe(404);
    const badCursor = await call(ada, 'GET', '/api/community/symbols/PEP/posts?cursor=xyz');
    expect(badCursor.statusCode).toBe(400);
  });

  it('follow the post’s edits: naming the symbol puts it there, dropping it takes it away', async () => {
    const [ada, ben] = [await member(), await member()];
    const page = async (symbol: string) =>
      idsOf((await call(ben, 'GET', `/api/community/symbols/${symbol}/posts`)).json().posts);
    const note = await post(ada, 'A note on $HD');
    expect(await page('HD')).toContain(note.id);
    const edited = await call(ada, 'PATCH', `/api/community/posts/${note.id}`, {
      body: 'A note on $LOW instead',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await page('HD')).not.toContain(note.id);
    expect(await page('LOW')).toContain(note.id);
    // Replies naming a symbol stay in their thread, off the symbol's page.
    const answer = await call(ben, 'POST', `/api/community/posts/${note.id}/replies`, {
      body: 'And $LOW’s margins?',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await page('LOW')).not.toContain(answer.json().reply.id);
    // A member the reader blocked is off it too.
    const blockedAda = await call(ben, 'PUT', `/api/community/blocks/${ada.handle}`);
    expect(blockedAda.statusCode, blockedAda.body).toBe(200);
    expect(await page('LOW')).not.toContain(note.id);
  });
});

describe('updates', () => {
  it('list the member’s posts and replies, and the replies, likes and mentions they had', async () => {
    const [ada, ben, cal] = [await member(), await member(), await member()];
    const mine = await post(ada, 'My view on $AAPL');
    await tick();
    const reply = await call(ben, 'POST', `/api/community/posts/${mine.id}/replies`, {
      body: 'A reply from Ben',
    });
    expect(reply.statusCode).toBe(201);
    await tick();
    await call(cal, 'PUT', `/api/community/posts/${mine.id}/like`, { liked: true });
    const mention = await post(cal, `Ask @${ada.handle} about $MSFT`);
    const others = await post(ben, 'Ben’s own post on $KO');
    await tick();
    const ownReply = await call(ada, 'POST', `/api/community/posts/${others.id}/replies`, {
      body: 'Ada answers Ben',
    });
    expect(ownReply.statusCode).toBe(201);

    const updates = await call(ada, 'GET', '/api/community/updates');
    expect(updates.statusCode, updates.body).toBe(200);
    const answer = updates.json();
    expect(
      answer.activity.map((item: { kind: string; who: { handle: string } }) => [
        item.kind,
        item.who.handle,
      ]),
    ).toEqual([
      ['mention', cal.handle],
      ['like', cal.handle],
      ['reply', ben.handle],
    ]);
    expect(answer.activity[0].postId).toBe(mention.id);
    expect(answer.posts.map((item: { post: CommunityPost }) => item.post.id)).toEqual([
      ownReply.json().reply.id,
      mine.id,
    ]);
    expect(answer.posts[0].inReplyTo).toMatchObject({
      id: others.id,
      author: { handle: ben.handle },
    });
    expect(answer.posts[1]).toMatchObject({
      inReplyTo: null,
      post: { likes: 1, replyCount: 1 },
    });
    // Another member's updates hold nothing of Ada's.
    const bens = (await call(ben, 'GET', '/api/community/updates')).json();
    expect(bens.posts.map((item: { post: CommunityPost }) => item.post.id)).not.toContain(mine.id);
  });
});

describe('verified holdings', () => {
  async function portfolioHolding(user: SignedUpUser, symbol: string) {
    const created = await call(user, 'POST', '/api/portfolios', { name: `Real ${symbol}` });
    expect(created.statusCode, created.body).toBe(201);
    const { portfolio } = created.json();
    const ledger = `/api/portfolios/${portfolio.id}/transactions`;
    await call(user, 'POST', ledger, { kind: 'deposit', date: '2025-01-02', amount: '5000' });
    const bought = await call(user, 'POST', ledger, {
      kind: 'buy',
      date: '2025-01-03',
      symbol,
      quantity: '10',
      price: '100',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    return { ledger, buyId: bought.json().transaction.id as string };
  }

  it('are checked against the real portfolios when posting, and cannot be claimed otherwise', async () => {
    const ada = await member();
    await portfolioHolding(ada, 'AAPL');
    const practice = await call(ada, 'POST', '/api/portfolios/practice');
    expect(practice.statusCode, practice.body).toBeLessThan(300);
    const practiceLedger = `/api/portfolios/${practice.json().portfolio.id}/transactions`;
    // Bought on the day of the practice cash: nothing in it may be dated before.
    const [cash] = (await call(ada, 'GET', practiceLedger)).json().transactions;
    const practiceBuy = await call(ada, 'POST', practiceLedger, {
      kind: 'buy',
      date: cash.date,
      symbol: 'MSFT',
      quantity: '5',
      price: '300',
    });
    expect(practiceBuy.statusCode, practiceBuy.body).toBe(201);

    const held = await post(ada, 'Holding $AAPL, watching $MSFT', { holds: ['aapl'] });
    expect(held.heldSymbols).toEqual(['AAPL']);
    const read = (await call(ada, 'GET', `/api/community/posts/${held.id}`)).json();
    expect(read.post.heldSymbols).toEqual(['AAPL']);

    // The practice portfolio does not count.
    const practiceOnly = await call(ada, 'POST', '/api/community/posts', {
      body: 'Practice holder of $MSFT',
      holds: ['MSFT'],
    });
    expect(practiceOnly.statusCode).toBe(422);
    expect(practiceOnly.json().error.code).toBe('holding_not_verified');
    expect(practiceOnly.json().error.message).toContain('$MSFT');
    // A symbol the post does not name.
    const unnamed = await call(ada, 'POST', '/api/community/posts', {
      body: 'Only $MSFT here',
      holds: ['AAPL'],
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.code).toBe('holding_not_in_post');
    // The stored field cannot be sent: only the server sets it.
    const forged = await post(ada, 'Forging $MSFT', { heldSymbols: ['MSFT'] });
    expect(forged.heldSymbols).toEqual([]);
    // Not a claim on a reply.
    const reply = await call(ada, 'POST', `/api/community/posts/${held.id}/replies`, {
      body: 'Still holding $AAPL',
      holds: ['AAPL'],
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().reply.heldSymbols).toEqual([]);
  });

  it('stay as they were when posted, whatever the portfolio does afterwards', async () => {
    const ada = await member();
    const { ledger, buyId } = await portfolioHolding(ada, 'KO');
    const held = await post(ada, 'Long $KO', { holds: ['KO'] });
    expect(held.heldSymbols).toEqual(['KO']);

    // Selling everything (here: removing the buy) does not change the post.
    const removed = await call(ada, 'DELETE', `${ledger}/${buyId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const read = (await call(ada, 'GET', `/api/community/posts/${held.id}`)).json();
    expect(read.post.heldSymbols).toEqual(['KO']);
    // ...but a new post can no longer claim it.
    const again = await call(ada, 'POST', '/api/community/posts', {
      body: 'Still long $KO?',
      holds: ['KO'],
    });
    expect(again.statusCode).toBe(422);

    // An edit cannot add a holding, and keeps one only while the post still names it.
    await portfolioHolding(ada, 'PEP');
    const kept = await call(ada, 'PATCH', `/api/community/posts/${held.id}`, {
      body: 'Long $KO and $PEP',
      holds: ['KO', 'PEP'],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().post.heldSymbols).toEqual(['KO']);
    const dropped = await call(ada, 'PATCH', `/api/community/posts/${held.id}`, {
      body: 'Now only $PEP',
    });
    expect(dropped.json().post.heldSymbols).toEqual([]);
  });
});
