import { newPostsCountLimit } from '@tickerwise/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { rowsOf } from '../../db/rows.ts';
import { CommunityStore, followingWindow } from './community-store.ts';

// The Following tab reads the newest posts in order and, when they leave a page short, each
// followed member's and symbol's older posts (ADR 0084). Its pages must be exactly the plain
// definition's, wherever a page falls against that window: here a community of four windows'
// worth of posts, two posts at each instant (so ties are broken by id across every edge),
// with deleted, hidden and blocked posts and replies, read by members who follow busy members,
// quiet ones, symbols, or no one.

let testDb: TestDatabase;
let store: CommunityStore;
const db = () => testDb.database.db;

const posts = followingWindow * 4;
const newest = new Date('2026-03-02T12:00:00.000Z');
const crowd = 40;

beforeAll(async () => {
  testDb = await createTestDatabase();
  store = new CommunityStore(db(), () => new Date());
  const members = [
    ...Array.from({ length: crowd }, (_, index) => `crowd-${index + 1}`),
    'quiet',
    'busy-reader',
    'sparse-reader',
    'steady-reader',
    'lonely-reader',
    'wary-reader',
  ];
  await db().execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select id, id, id || '@following.example', true, now() - interval '30 days', now()
    from unnest(${sql.param(members)}::text[]) id`);
  await db().execute(sql`
    insert into community_profiles (user_id, handle, display_name, bio, created_at)
    select id, replace(id, '-', '_'), id, '', now() - interval '30 days'
    from unnest(${sql.param(members)}::text[]) id`);
  // Post g (1 the newest) at `newest` minus g/2 seconds: two posts at each instant. The quiet
  // member posts one in 23, all older than the first window; crowd-7 one in 40.
  await db().execute(sql`
    insert into community_posts (author_id, body, symbols, created_at, deleted_at, hidden_at)
    select
      case when g > ${followingWindow}::int and g % 23 = 5 then 'quiet'
           when g % 211 = 0 then 'lonely-reader'
           else 'crowd-' || (1 + g % ${crowd}) end,
      case when g % 31 = 0 then '' else 'Post ' || g end,
      case when g % 31 = 0 then '{}'::text[]
           when g % 97 = 0 then array['AAPL', 'KO']
           when g % 3 = 0 then array['KO']
           when g % 3 = 1 then '{}'::text[]
           else array['PEP'] end,
      ${newest.toISOString()}::timestamptz - (g / 2) * interval '1 second',
      case when g % 31 = 0 then now() end,
      case when g % 37 = 0 then now() end
    from generate_series(1, ${posts}::int) g`);
  // Replies by followed members are never in the feed.
  await db().execute(sql`
    insert into community_posts (author_id, parent_id, body, symbols, created_at)
    select 'crowd-1', id, 'A reply naming $AAPL', array['AAPL'], created_at + interval '1 second'
    from community_posts where parent_id is null order by created_at desc limit 30`);
  await db().execute(sql`
    insert into community_follows (follower_id, followee_id) values
      ('busy-reader', 'crowd-1'), ('busy-reader', 'crowd-2'), ('busy-reader', 'crowd-3'),
      ('busy-reader', 'crowd-4'), ('busy-reader', 'crowd-5'), ('busy-reader', 'crowd-6'),
      ('sparse-reader', 'quiet'), ('steady-reader', 'quiet'), ('steady-reader', 'crowd-7'),
      ('wary-reader', 'crowd-1'), ('wary-reader', 'crowd-2'), ('wary-reader', 'crowd-3'),
      ('wary-reader', 'quiet')`);
  await db().execute(sql`
    insert into community_symbol_follows (user_id, symbol) values
      ('busy-reader', 'PEP'), ('sparse-reader', 'AAPL'), ('steady-reader', 'AAPL'),
      ('wary-reader', 'AAPL')`);
  // The wary reader blocked a member they follow, and was blocked by another.
  await db().execute(sql`
    insert into community_blocks (blocker_id, blocked_id, created_at) values
      ('wary-reader', 'crowd-1', now()), ('crowd-2', 'wary-reader', now())`);
  await db().execute(sql`analyze`);
}, 120_000);
afterAll(() => testDb.destroy());

interface Placed {
  id: string;
  createdAt: string;
}

/** The reader's Following tab as defined: every visible top-level post they follow, newest first. */
async function defined(reader: string, newerThan?: Placed): Promise<Placed[]> {
  const rows = rowsOf<{ id: string; createdAt: string | Date }>(
    await db().execute(sql`
      select p.id, p.created_at as "createdAt" from community_posts p
      where p.parent_id is null and p.deleted_at is null and p.hidden_at is null
        and p.author_id not in (
          select blocked_id from community_blocks where blocker_id = ${reader}
          union all select blocker_id from community_blocks where blocked_id = ${reader})
        and (p.author_id = ${reader}
             or p.author_id in (select followee_id from community_follows where follower_id = ${reader})
             or p.symbols && array(select symbol from community_symbol_follows where user_id = ${reader}))
        and ${newerThan ? sql`(p.created_at, p.id) > (${newerThan.createdAt}::timestamptz, ${newerThan.id}::uuid)` : sql`true`}
      order by p.created_at desc, p.id desc`),
  );
  return rows.map((row) => ({ id: row.id, createdAt: new Date(row.createdAt).toISOString() }));
}

const cursorAt = (post: Placed) =>
  Buffer.from(`${post.createdAt}|${post.id}`).toString('base64url');

/** Every page of the reader's Following tab, from `until` down, by cursor. */
async function everyPage(reader: string, until?: string) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await store.feed(reader, { kind: 'following' }, cursor, until);
    pages.push(page.posts.map((post) => post.id));
    cursor = page.nextCursor ?? undefined;
    expect(pages.length).toBeLessThan(posts);
  } while (cursor);
  return pages;
}

describe('the Following tab', { timeout: 120_000 }, () => {
  it('pages a busy reader’s follows, the window holding most pages', async () => {
    const expected = await defined('busy-reader');
    expect(expected.length).toBeGreaterThan(followingWindow);
    const pages = await everyPage('busy-reader');
    expect(pages.flat()).toEqual(expected.map((post) => post.id));
    expect(pages.slice(0, -1).every((page) => page.length === 20)).toBe(true);
  });

  it('finds a followed member whose posts are all older than the window, and a rare symbol', async () => {
    const expected = await defined('sparse-reader');
    const pages = await everyPage('sparse-reader');
    expect(pages.flat()).toEqual(expected.map((post) => post.id));
    const quiet = rowsOf<{ id: string }>(
      await db().execute(sql`
        select id from community_posts
        where author_id = 'quiet' and deleted_at is null and hidden_at is null`),
    );
    expect(quiet.length).toBeGreaterThan(20);
    expect(pages.flat()).toEqual(expect.arrayContaining(quiet.map((post) => post.id)));
    expect(pages.length).toBeGreaterThan(1);
  });

  it('pages a reader whose follows fill part of each window across the windows’ edges', async () => {
    const expected = await defined('steady-reader');
    expect(expected.length).toBeGreaterThan(followingWindow / 10);
    const pages = await everyPage('steady-reader');
    expect(pages.flat()).toEqual(expected.map((post) => post.id));
  });

  it('shows a reader who follows no one their own posts, however old', async () => {
    const expected = await defined('lonely-reader');
    expect(expected.length).toBeGreaterThan(0);
    const pages = await everyPage('lonely-reader');
    expect(pages.flat()).toEqual(expected.map((post) => post.id));
  });

  it('leaves out members blocked either way, even when they name a followed symbol', async () => {
    const expected = await defined('wary-reader');
    const pages = await everyPage('wary-reader');
    expect(pages.flat()).toEqual(expected.map((post) => post.id));
    const authors = rowsOf<{ authorId: string }>(
      await db().execute(sql`
        select distinct author_id as "authorId" from community_posts
        where id = any(${sql.param(pages.flat())}::uuid[])`),
    ).map((row) => row.authorId);
    expect(authors).toEqual(expect.arrayContaining(['crowd-3', 'quiet']));
    expect(authors).not.toContain('crowd-1');
    expect(authors).not.toContain('crowd-2');
  });

  it('reads from a head inside any window the same as from the top', async () => {
    for (const reader of ['busy-reader', 'sparse-reader', 'steady-reader', 'wary-reader']) {
      const expected = await defined(reader);
      for (const at of [1, 7, Math.floor(expected.length / 2)]) {
        const head = expected[at];
        if (!head) continue;
        const pages = await everyPage(reader, cursorAt(head));
        expect(pages.flat()).toEqual(expected.slice(at).map((post) => post.id));
      }
    }
  });

  it('counts the new posts after a head as the tab would show them, the newest at most', async () => {
    for (const reader of [
      'busy-reader',
      'sparse-reader',
      'steady-reader',
      'lonely-reader',
      'wary-reader',
    ]) {
      const all = await defined(reader);
      for (const head of [all[3], all[Math.floor(all.length / 2)], all.at(-1)]) {
        if (!head) continue;
        const newer = (await defined(reader, head)).slice(0, newPostsCountLimit);
        const counted = await store.newAfter(
          reader,
          { kind: 'following' },
          cursorAt(head),
          newPostsCountLimit,
        );
        expect([...counted].sort()).toEqual(newer.map((post) => post.id).sort());
      }
    }
  });
});
