import { randomBytes } from 'node:crypto';
import { newPostsCountLimit } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementLog } from '../../../test/statement-log.ts';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { communityPosts, user as users } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';

// Every statement, with the `x-test-tag` of the request that sent it.
const log = statementLog();

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    onQuery: log.onQuery,
    extend: log.extend,
  });
});
afterAll(() => testApp.close());

const db = () => testApp.db.database.db;
const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(testApp.app, user, method, url, payload);
/** The statements of requests tagged `tag` that read posts. */
const postReadsOf = (tag: string) =>
  log.of(tag).filter((statement) => /"community_posts"/.test(statement));

type Member = SignedUpUser & { handle: string };

async function member(): Promise<Member> {
  const user = await signUpUser(testApp.app);
  await setTier(db(), user.id, 'pro');
  const joined = new Date(Date.now() - 10 * 86_400_000);
  await db().update(users).set({ createdAt: joined }).where(eq(users.id, user.id));
  const handle = `n_${randomBytes(5).toString('hex')}`;
  const response = await call(user, 'PUT', '/api/community/profile', {
    handle,
    displayName: `Member ${handle}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...user, handle };
}

let counter = 0;
/** Posts `body` (made unique), or replies with it under `parentId`; returns the id. */
async function post(user: SignedUpUser, body: string, parentId?: string): Promise<string> {
  counter += 1;
  await new Promise((done) => setTimeout(done, 5));
  const response = await call(
    user,
    'POST',
    parentId ? `/api/community/posts/${parentId}/replies` : '/api/community/posts',
    { body: `${body} (${counter})` },
  );
  expect(response.statusCode, response.body).toBe(201);
  return (parentId ? response.json().reply : response.json().post).id;
}

/** The All feed's head for `user` now: posts after it are new. */
async function headOf(user: SignedUpUser): Promise<string> {
  const feed = await call(user, 'GET', '/api/community/feed?tab=all');
  expect(feed.statusCode, feed.body).toBe(200);
  return feed.json().headCursor;
}

/** Asks for the new-posts count as `user`, its statements logged under `tag`. */
async function count(
  tag: string,
  user: SignedUpUser,
  tab: 'all' | 'following',
  head: string,
  mark?: string,
): Promise<number> {
  const response = await log.inject(
    testApp.app,
    tag,
    user,
    'GET',
    `/api/community/feed/new?tab=${tab}&after=${encodeURIComponent(head)}${mark ? `&mark=${mark}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().count;
}

// Each test signs up several members: more than the default 20 s on a busy machine.
describe('the new-posts count', { timeout: 60_000 }, () => {
  it('answers every count naming the same head and mark from one reading of the posts, each with its own blocks', async () => {
    const [ada, ben] = [await member(), await member()];
    const readers: Member[] = [];
    for (let n = 0; n < 6; n++) readers.push(await member());
    const [blocker, blocked] = [readers[0]!, readers[1]!];
    expect((await call(blocker, 'PUT', `/api/community/blocks/${ben.handle}`)).statusCode).toBe(
      200,
    );
    expect((await call(ben, 'PUT', `/api/community/blocks/${blocked.handle}`)).statusCode).toBe(
      200,
    );
    const head = await headOf(ada);
    const first = await post(ada, 'News on $AAPL');
    await post(ben, 'More on $MSFT');
    await post(ada, 'And $AAPL again');
    await post(ada, 'A fourth post');
    // A reply is no new post of the feed.
    await post(ben, 'A reply', first);

    const answers = await Promise.all(
      readers.map((reader) => count('shared', reader, 'all', head, 'inst.41')),
    );
    // Six counts, one reading of the posts; Ben's post is left out for either side of a block.
    expect(postReadsOf('shared')).toHaveLength(1);
    expect(answers).toEqual([3, 3, ...readers.slice(2).map(() => 4)]);

    // Without a mark (after the stream opens), each reads for itself, as before.
    const alone = await Promise.all(
      readers.slice(0, 4).map((reader) => count('alone', reader, 'all', head)),
    );
    expect(alone).toEqual([3, 3, 4, 4]);
    expect(postReadsOf('alone')).toHaveLength(4);

    // A later announcement's mark is a new reading: it sees the post announced.
    await post(ben, 'Later on $AAPL');
    expect(await count('later', readers[5]!, 'all', head, 'inst.42')).toBe(5);
    expect(await count('later', blocker, 'all', head, 'inst.42')).toBe(3);
    expect(postReadsOf('later')).toHaveLength(1);
  });

  it('counts for the Following tab only the members and symbols each reader follows', async () => {
    const [ada, ben, cal] = [await member(), await member(), await member()];
    const [fan, symbolFan, nobody] = [await member(), await member(), await member()];
    await call(fan, 'PUT', `/api/community/users/${ada.handle}/follow`, { following: true });
    await call(symbolFan, 'PUT', '/api/community/symbols/NVDA/follow', { following: true });
    const head = await headOf(ada);
    await post(ada, 'On $AAPL');
    await post(ben, 'On $NVDA and $AMD');
    await post(cal, 'On $AMD');
    await post(ada, 'On $NVDA');

    const [forFan, forSymbolFan, forNobody, forCal] = await Promise.all([
      count('following', fan, 'following', head, 'inst.50'),
      count('following', symbolFan, 'following', head, 'inst.50'),
      count('following', nobody, 'following', head, 'inst.50'),
      // A member's own posts are in their Following tab.
      count('following', cal, 'following', head, 'inst.50'),
    ]);
    expect([forFan, forSymbolFan, forNobody, forCal]).toEqual([2, 2, 0, 1]);
    expect(postReadsOf('following')).toHaveLength(1);
    // The same as each reader's own reading.
    for (const [reader, expected] of [
      [fan, 2],
      [symbolFan, 2],
      [nobody, 0],
      [cal, 1],
    ] as const) {
      expect(await count('own', reader, 'following', head)).toBe(expected);
    }
  });

  it('reads for the reader alone when the shared reading was full and left them short', async () => {
    const [ada, ben, reader, blocker] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    await call(blocker, 'PUT', `/api/community/blocks/${ada.handle}`);
    const head = await headOf(reader);
    // More new posts by Ada than the count shows, then one by Ben.
    const start = Date.now() + 1_000;
    await db()
      .insert(communityPosts)
      .values(
        Array.from({ length: newPostsCountLimit + 5 }, (_, index) => ({
          authorId: ada.id,
          body: `Bulk ${index}`,
          createdAt: new Date(start + index),
        })),
      );
    await db()
      .insert(communityPosts)
      .values({ authorId: ben.id, body: 'After the bulk', createdAt: new Date(start + 1_000) });
    expect(await count('full', reader, 'all', head, 'inst.60')).toBe(newPostsCountLimit);
    // All the shared reading holds are Ada's: the blocker's count needs a reading of its own.
    expect(await count('full', blocker, 'all', head, 'inst.60')).toBe(1);
    expect(postReadsOf('full')).toHaveLength(2);
  });

  it('refuses a head that is no cursor and a mark too long', async () => {
    const ada = await member();
    const bad = await call(ada, 'GET', `/api/community/feed/new?tab=all&after=bm9wZQ&mark=x.1`);
    expect(bad.statusCode).toBe(400);
    const long = await call(ada, 'GET', `/api/community/feed/new?tab=all&mark=${'x'.repeat(65)}`);
    expect(long.statusCode).toBe(400);
  });
});
