import { randomBytes } from 'node:crypto';
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
import { communitySymbolHours, user as users } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';

// Every statement, with the `x-test-tag` of the request that sent it.
const log = statementLog();
const atOnce = 2;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    // A waiting post's turn must come within 1 ms: a burst of posts is sure to meet refusals.
    config: { communityWrites: { atOnce, waitMs: 1 } },
    onQuery: log.onQuery,
    extend: log.extend,
  });
});
afterAll(() => testApp.close());

const db = () => testApp.db.database.db;
const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(testApp.app, user, method, url, payload);
/** A request whose statements are logged under `tag`. */
const tagged = (tag: string, user: SignedUpUser, method: string, url: string, payload?: object) =>
  log.inject(testApp.app, tag, user, method, url, payload);

/** An established Pro member with a profile, whose session the server already verified. */
async function member({ established = true } = {}) {
  const user = await signUpUser(testApp.app);
  await setTier(db(), user.id, 'pro');
  if (established) {
    const joined = new Date(Date.now() - 3 * 86_400_000);
    await db().update(users).set({ createdAt: joined }).where(eq(users.id, user.id));
  }
  const handle = `w_${randomBytes(4).toString('hex')}`;
  const profile = await call(user, 'PUT', '/api/community/profile', {
    handle,
    displayName: 'Writer',
    bio: '',
  });
  expect(profile.statusCode, profile.body).toBe(200);
  return { ...user, handle };
}

describe('writing posts', () => {
  it('costs a post two statements, a reply two, a mention three more', async () => {
    const author = await member();
    const reader = await member();
    // The market data reads a symbol's stored prices once, the first time anyone asks for it.
    const warm = await call(reader, 'POST', '/api/community/posts', {
      body: 'First on $AAPL $MSFT',
    });
    expect(warm.statusCode, warm.body).toBe(201);

    const posted = await tagged('post', author, 'POST', '/api/community/posts', {
      body: 'Watching $AAPL and $MSFT into the close',
      sentiment: 'bullish',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const post = posted.json().post;
    expect(post).toMatchObject({ symbols: ['AAPL', 'MSFT'], mine: true, replyCount: 0 });
    // The lock (with plan, join date, suspension and the pump guard's counts), then every
    // count of the author's recent posts with the insert (and the symbols' hours).
    expect(log.of('post'), log.of('post').join('\n\n')).toHaveLength(2);
    expect(log.of('post')[0]).toMatch(/for update of "community_profiles"/);
    expect(log.of('post')[0]).toContain('"community_symbol_hours"');
    expect(log.of('post')[1]).toMatch(/^\s*with recent as \(/);
    expect(log.of('post')[1]).toContain('insert into "community_symbol_hours"');

    const replied = await tagged(
      'reply',
      reader,
      'POST',
      `/api/community/posts/${post.id}/replies`,
      {
        body: 'Agreed on $AAPL',
      },
    );
    expect(replied.statusCode, replied.body).toBe(201);
    expect(log.of('reply'), log.of('reply').join('\n\n')).toHaveLength(2);
    const thread = await call(reader, 'GET', `/api/community/posts/${post.id}`);
    expect(thread.json().post.replyCount).toBe(1);
    expect(thread.json().replies).toHaveLength(1);
    expect(thread.json().replies[0]).toMatchObject({
      id: replied.json().reply.id,
      parentId: post.id,
      body: 'Agreed on $AAPL',
      symbols: ['AAPL'],
      sentiment: null,
    });

    // A mention: the handle's lookup, then the mention and its notification in the write.
    const mentioning = await tagged('mention', reader, 'POST', '/api/community/posts', {
      body: `Ask @${author.handle} about it`,
    });
    expect(mentioning.statusCode, mentioning.body).toBe(201);
    expect(log.of('mention'), log.of('mention').join('\n\n')).toHaveLength(5);
    const notifications = await call(author, 'GET', '/api/notifications');
    expect(notifications.body).toContain(`@${reader.handle} mentioned you`);
  });

  it('answers a new post as it is read back', async () => {
    const author = await member();
    const posted = await call(author, 'POST', '/api/community/posts', {
      body: 'Margins on **$KO** hold up',
      sentiment: 'bearish',
      paid: true,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const thread = await call(author, 'GET', `/api/community/posts/${posted.json().post.id}`);
    expect(thread.statusCode, thread.body).toBe(200);
    expect(posted.json().post).toEqual(thread.json().post);
  });

  it("counts a refused post nowhere: not in its symbols' hours, nor a reply in its parent", async () => {
    const author = await member();
    const replier = await member();
    const hours = async (symbol: string) => {
      const rows = await db()
        .select({ posts: communitySymbolHours.posts })
        .from(communitySymbolHours)
        .where(eq(communitySymbolHours.symbol, symbol));
      return rows.reduce((sum, row) => sum + row.posts, 0);
    };
    const first = await call(author, 'POST', '/api/community/posts', { body: 'Once on $PEP' });
    expect(first.statusCode, first.body).toBe(201);
    const counted = await hours('PEP');
    const again = await call(author, 'POST', '/api/community/posts', { body: 'Once on $PEP' });
    expect(again.statusCode).toBe(409);
    expect(await hours('PEP')).toBe(counted);

    const parentId = first.json().post.id as string;
    const answer = { body: 'Same answer on $PEP' };
    const replied = await call(replier, 'POST', `/api/community/posts/${parentId}/replies`, answer);
    expect(replied.statusCode, replied.body).toBe(201);
    const twice = await call(replier, 'POST', `/api/community/posts/${parentId}/replies`, answer);
    expect(twice.statusCode).toBe(409);
    const thread = await call(author, 'GET', `/api/community/posts/${parentId}`);
    expect(thread.json().post.replyCount).toBe(1);
    expect(thread.json().replies).toHaveLength(1);
    expect(await hours('PEP')).toBe(counted + 1);
  });

  it('keeps the new-account and duplicate rules with the counts read in one statement', async () => {
    const newcomer = await member({ established: false });
    const link = await call(newcomer, 'POST', '/api/community/posts', {
      body: 'See https://example.com about $KO',
    });
    expect(link.statusCode).toBe(422);
    expect(link.json().error.code).toBe('links_not_yet');
    const first = await call(newcomer, 'POST', '/api/community/posts', { body: 'Hello $KO' });
    expect(first.statusCode, first.body).toBe(201);
    const soon = await call(newcomer, 'POST', '/api/community/posts', { body: 'More on $KO' });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.code).toBe('posting_too_fast');
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);

    const established = await member();
    const once = await call(established, 'POST', '/api/community/posts', { body: 'Same $KO' });
    expect(once.statusCode, once.body).toBe(201);
    const twice = await call(established, 'POST', '/api/community/posts', { body: 'Same $KO' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('duplicate_post');
  });

  it(`writes at most ${atOnce} posts at once; the rest wait their turn or get 503 with Retry-After, and reads are answered meanwhile`, async () => {
    const authors = await Promise.all(Array.from({ length: 12 }, () => member()));
    const reader = authors[0]!;
    const before = log.entries.length;
    const [reading, ...answers] = await Promise.all([
      tagged('read', reader, 'GET', '/api/community/feed?tab=all'),
      ...authors.map((author, index) =>
        tagged(`burst ${index}`, author, 'POST', '/api/community/posts', {
          body: `Burst ${index} on $NVDA`,
        }),
      ),
    ]);
    expect(reading!.statusCode, reading!.body).toBe(200);

    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.every((status) => status === 201 || status === 503),
      String(statuses),
    ).toBe(true);
    expect(statuses).toContain(201);
    expect(statuses).toContain(503);
    for (const refused of answers.filter((answer) => answer.statusCode === 503)) {
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json().error).toMatchObject({ code: 'community_busy' });
      expect(refused.json().error.message).toContain('again in a few seconds');
    }

    // From the database's side: between a post's first statement and its last, at most
    // `atOnce` posts had begun and not ended; a refused post sent none.
    // Only the community's statements: a session looked up again (the memo is short) comes
    // before the slot is taken.
    const burst = log.entries
      .slice(before)
      .map((entry, place) => ({ ...entry, place }))
      .filter((entry) => entry.statement.includes('"community_'));
    const spans = authors.map((_, index) => {
      const places = burst
        .filter((entry) => entry.tag === `burst ${index}`)
        .map((entry) => entry.place);
      return places.length === 0 ? null : { from: Math.min(...places), to: Math.max(...places) };
    });
    answers.forEach((answer, index) => {
      expect(spans[index] === null, `post ${index}: ${answer.statusCode}`).toBe(
        answer.statusCode === 503,
      );
    });
    const written = spans.filter((span) => span !== null);
    for (const { place } of burst) {
      const open = written.filter((span) => span.from <= place && place <= span.to).length;
      expect(open).toBeLessThanOrEqual(atOnce);
    }
    // The read did not queue behind the burst: it was done before the last post began.
    const readPlaces = burst.filter((entry) => entry.tag === 'read').map((entry) => entry.place);
    expect(readPlaces.length).toBeGreaterThan(0);
    expect(Math.max(...readPlaces)).toBeLessThan(Math.max(...written.map((span) => span.from)));
  });
});
