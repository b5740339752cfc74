import { randomBytes } from 'node:crypto';
import type { AnnouncedPost, CommunityFeed, LiveEvent } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from '../../../test/event-stream.ts';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { communityPosts, user as users } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';
import { CommunityStore } from './community-store.ts';

let testApp: TestApp;
let baseUrl: string;
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => testApp.close());

const db = () => testApp.db.database.db;
const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(testApp.app, user, method, url, payload);

type Member = SignedUpUser & { handle: string };

async function member(): Promise<Member> {
  const user = await signUpUser(testApp.app);
  await setTier(db(), user.id, 'pro');
  const joined = new Date(Date.now() - 10 * 86_400_000);
  await db().update(users).set({ createdAt: joined }).where(eq(users.id, user.id));
  const handle = `a_${randomBytes(5).toString('hex')}`;
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

type Change = Extract<LiveEvent, { type: 'change' }>;
const postEvents = (stream: EventStream) =>
  stream.events.filter(
    (event): event is Change => event.type === 'change' && event.topic === 'community_posts',
  );
/** Every post announced on `stream` so far, in order. */
const announced = (stream: EventStream): AnnouncedPost[] =>
  postEvents(stream).flatMap((event) => event.posts ?? []);
/** Waits (the database's announcement comes later on PostgreSQL) until `id` reached `stream`. */
async function heard(stream: EventStream, id: string): Promise<AnnouncedPost> {
  await stream.waitFor(
    (event) => event.type === 'change' && (event.posts ?? []).some((item) => item.id === id),
    10_000,
  );
  return announced(stream).find((item) => item.id === id)!;
}

async function streamOf(user: SignedUpUser): Promise<EventStream> {
  const stream = await openEventStream(`${baseUrl}/api/events`, user.cookie);
  await stream.waitForComment('connected');
  return stream;
}

// Each test signs up several members: more than the default 20 s on a busy machine.
describe('new posts announced on /api/events', { timeout: 90_000 }, () => {
  it('tell each reader the post, its place and whether it is in their Following tab, and nothing across a block', async () => {
    const [ada, ben] = [await member(), await member()];
    const [fan, symbolFan, plain, blocker, blockedByAda] = [
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    await call(fan, 'PUT', `/api/community/users/${ada.handle}/follow`, { following: true });
    await call(symbolFan, 'PUT', '/api/community/symbols/NVDA/follow', { following: true });
    expect((await call(blocker, 'PUT', `/api/community/blocks/${ada.handle}`)).statusCode).toBe(
      200,
    );
    expect(
      (await call(ada, 'PUT', `/api/community/blocks/${blockedByAda.handle}`)).statusCode,
    ).toBe(200);
    const readers = [ada, fan, symbolFan, plain, blocker, blockedByAda];
    const streams = await Promise.all(readers.map(streamOf));
    const [adaStream, fanStream, symbolStream, plainStream, blockerStream, blockedStream] = streams;
    try {
      const adas = await post(ada, 'On $NVDA');
      const [forAda, forFan, forSymbolFan, forPlain] = await Promise.all([
        heard(adaStream!, adas),
        heard(fanStream!, adas),
        heard(symbolStream!, adas),
        heard(plainStream!, adas),
      ]);
      // Her own post is in Ada's Following tab, as in the fan's and the symbol's follower's.
      expect([forAda.following, forFan.following, forSymbolFan.following]).toEqual([
        true,
        true,
        true,
      ]);
      expect(forPlain.following).toBe(false);
      // The place is the feed's own cursor for that post.
      const feed = (
        await call(plain, 'GET', '/api/community/feed?tab=all')
      ).json() as CommunityFeed;
      expect(feed.posts[0]?.id).toBe(adas);
      expect(forPlain.cursor).toBe(feed.headCursor);

      // Ben's next post reaches everyone; neither side of a block with Ada ever heard of hers.
      const bens = await post(ben, 'On $AMD');
      await Promise.all([heard(blockerStream!, bens), heard(blockedStream!, bens)]);
      for (const stream of [blockerStream!, blockedStream!]) {
        expect(announced(stream).map((item) => item.id)).toEqual([bens]);
      }

      // A reply tells open threads which post it answers, and is no new post of the feed.
      const reply = await post(ben, 'A reply', adas);
      await plainStream!.waitFor(
        (event) => event.type === 'change' && (event.replies ?? []).includes(adas),
        10_000,
      );
      expect(announced(plainStream!).map((item) => item.id)).not.toContain(reply);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('never announce a post held for review or hidden, nor one already deleted', async () => {
    const [ada, ben, reader] = [await member(), await member(), await member()];
    const stream = await streamOf(reader);
    try {
      // Held by the pump guard: written hidden pending review, as `CommunityStore.write` does.
      const [held] = await db()
        .insert(communityPosts)
        .values({
          authorId: ada.id,
          body: 'Held $AAPL',
          createdAt: new Date(),
          hiddenAt: new Date(),
        })
        .returning({ id: communityPosts.id });
      const later = await post(ben, 'After the held one');
      await heard(stream, later);
      expect(announced(stream).map((item) => item.id)).toEqual([later]);

      // Hidden or deleted between the insert and the announcement: read back, left out.
      const hidden = await post(ada, 'Soon hidden');
      const deleted = await post(ada, 'Soon deleted');
      await db()
        .update(communityPosts)
        .set({ hiddenAt: new Date() })
        .where(eq(communityPosts.id, hidden));
      await db()
        .update(communityPosts)
        .set({ deletedAt: new Date() })
        .where(eq(communityPosts.id, deleted));
      const store = new CommunityStore(db(), () => new Date());
      expect(await store.announced([held!.id, hidden, deleted, later], [reader.id])).toEqual([
        expect.objectContaining({ id: later, parentId: null, authorId: ben.id }),
      ]);
    } finally {
      stream.close();
    }
  });

  it('go out together when they come together: a burst reaches a reader in a batch or two, in order', async () => {
    const [ada, reader] = [await member(), await member()];
    const stream = await streamOf(reader);
    try {
      const start = Date.now();
      // Ten posts in one statement: ten announcements arriving at once (on PostgreSQL they
      // may come in two reads of the socket, hence at most two events).
      const rows = await db()
        .insert(communityPosts)
        .values(
          Array.from({ length: 10 }, (_, index) => ({
            authorId: ada.id,
            body: `Burst ${index}`,
            createdAt: new Date(start + index),
          })),
        )
        .returning({ id: communityPosts.id });
      const last = rows.at(-1)!.id;
      await heard(stream, last);
      const events = postEvents(stream);
      expect(events.length).toBeGreaterThanOrEqual(1);
      expect(events.length).toBeLessThanOrEqual(2);
      expect(announced(stream).map((item) => item.id)).toEqual(rows.map((row) => row.id));
      for (const event of events) expect(event.mark).toMatch(/^[\w-]+\.\d+$/);
    } finally {
      stream.close();
    }
  });

  it('leave the count right after a reconnection: the posts missed are counted by id', async () => {
    const [ada, reader] = [await member(), await member()];
    const head = (await call(reader, 'GET', '/api/community/feed?tab=all')).json().headCursor;
    const first = await streamOf(reader);
    const seen = await post(ada, 'Seen live');
    await heard(first, seen);
    first.close();
    // Away: two posts go by.
    const missed = [await post(ada, 'Missed one'), await post(ada, 'Missed two')];
    const again = await streamOf(reader);
    try {
      const counted = await call(
        reader,
        'GET',
        `/api/community/feed/new?tab=all&after=${encodeURIComponent(head)}`,
      );
      expect(counted.json()).toEqual({
        count: 3,
        ids: expect.arrayContaining([seen, ...missed]),
      });
      // Posts announced from now on reach the new stream (the tab adds each id once, so one
      // of the missed ones announced late, while the first stream was still closing, is no
      // harm).
      const next = await post(ada, 'After the return');
      await heard(again, next);
      expect(announced(again).map((item) => item.id)).toContain(next);
    } finally {
      again.close();
    }
  });
});
