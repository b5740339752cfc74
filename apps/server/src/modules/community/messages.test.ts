import { randomBytes } from 'node:crypto';
import type {
  ConversationList,
  ConversationPage,
  DirectMessage,
  ModerationLog,
  ModerationMessages,
} from '@tickerwise/shared';
import { messageRules } from '@tickerwise/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import {
  communityConversations,
  communityFollows,
  communityMessages,
  communityModerators,
  user as users,
} from '../../db/schema/index.ts';

const clock = testClock();
let testApp: TestApp;
let baseUrl: string;
beforeAll(async () => {
  testApp = await createTestApp({ clock });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
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
  ageDays = 30,
  fromAnyone = true,
}: {
  ageDays?: number;
  /** Whether anyone may message them (the default is: only members they follow). */
  fromAnyone?: boolean;
} = {}): Promise<Member> {
  const user = await signUpUser(testApp.app);
  const joined = new Date(clock().getTime() - ageDays * day);
  await db().update(users).set({ createdAt: joined }).where(eq(users.id, user.id));
  const handle = `dm_${randomBytes(4).toString('hex')}`;
  const response = await call(user, 'PUT', '/api/community/profile', {
    handle,
    displayName: `Member ${handle}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  if (fromAnyone) {
    const set = await call(user, 'PUT', '/api/community/message-settings', { fromAnyone: true });
    expect(set.json()).toEqual({ fromAnyone: true });
  }
  return { ...user, handle };
}

async function start(from: Member, to: Member): Promise<string> {
  const response = await call(from, 'POST', '/api/community/conversations', { handle: to.handle });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

let counter = 0;
async function send(from: Member, conversation: string, body?: string): Promise<DirectMessage> {
  counter += 1;
  const response = await call(
    from,
    'POST',
    `/api/community/conversations/${conversation}/messages`,
    {
      body: body ?? `Message number ${counter}`,
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().message;
}

const listOf = async (user: Member) =>
  (await call(user, 'GET', '/api/community/conversations')).json() as ConversationList;
const unreadOf = async (user: Member) =>
  (await call(user, 'GET', '/api/community/conversations/unread')).json().unread as number;
const pageOf = async (user: Member, id: string, before?: string) => {
  const response = await call(
    user,
    'GET',
    `/api/community/conversations/${id}${before ? `?before=${encodeURIComponent(before)}` : ''}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ConversationPage;
};
const notices = async (user: SignedUpUser) =>
  (
    (await call(user, 'GET', '/api/notifications')).json().notifications as {
      title: string;
      message: string;
      link: string | null;
    }[]
  ).filter((item) => item.title.endsWith('sent you a message'));

describe('a conversation', () => {
  it('carries messages both ways, with unread counts, read receipts and one notification', async () => {
    const [ada, ben] = [await member(), await member()];
    const id = await start(ada, ben);
    // Starting twice, from either side, is the same conversation.
    expect(await start(ben, ada)).toBe(id);
    expect(await start(ada, ben)).toBe(id);
    // An empty conversation is not listed.
    expect((await listOf(ben)).conversations).toEqual([]);

    await send(ada, id, 'Hello Ben, about $AAPL');
    await send(ada, id, 'Are you there?');
    const bens = await listOf(ben);
    expect(bens.conversations).toEqual([
      {
        id,
        with: { handle: ada.handle, displayName: `Member ${ada.handle}` },
        last: { body: 'Are you there?', mine: false, at: expect.any(String) },
        unread: 2,
        muted: false,
        blocked: false,
      },
    ]);
    expect(await unreadOf(ben)).toBe(2);
    expect(await unreadOf(ada)).toBe(0);
    // Only the first message of a new conversation notifies.
    const told = await notices(ben);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: `@${ada.handle} sent you a message`,
      message: 'Hello Ben, about $AAPL',
      link: `/dashboard/social/messages?c=${id}`,
    });
    expect(await notices(ada)).toEqual([]);

    const page = await pageOf(ben, id);
    expect(page.messages.map((message) => [message.body, message.mine])).toEqual([
      ['Hello Ben, about $AAPL', false],
      ['Are you there?', false],
    ]);
    expect(page.conversation.refusal).toBeNull();
    expect(page.conversation.otherReadAt).not.toBeNull(); // Ada read her own messages
    expect((await pageOf(ada, id)).conversation.otherReadAt).toBeNull();

    const read = await call(ben, 'POST', `/api/community/conversations/${id}/read`);
    expect(read.statusCode).toBe(204);
    expect(await unreadOf(ben)).toBe(0);
    expect((await pageOf(ada, id)).conversation.otherReadAt).not.toBeNull();

    await send(ben, id, 'Here');
    expect(await unreadOf(ada)).toBe(1);
    expect(await notices(ada)).toEqual([]);
    expect((await listOf(ada)).conversations[0]?.last).toMatchObject({ body: 'Here', mine: false });
  });

  it('pages back through older messages with a cursor, newest page first', async () => {
    const [ada, ben] = [await member(), await member()];
    const id = await start(ada, ben);
    const base = Date.now() - 3_600_000;
    const written: string[] = [];
    for (let index = 0; index < messageRules.pageSize + 5; index += 1) {
      // Ten seconds apart: under the rate limit of a minute.
      clock.set(new Date(base + index * 10_000));
      written.push((await send(index % 2 === 0 ? ada : ben, id, `Line ${index}`)).id);
    }
    clock.reset();
    const newest = await pageOf(ada, id);
    expect(newest.messages).toHaveLength(messageRules.pageSize);
    expect(newest.messages.map((message) => message.id)).toEqual(written.slice(5));
    expect(newest.olderCursor).toEqual(expect.any(String));
    const older = await pageOf(ada, id, newest.olderCursor!);
    expect(older.messages.map((message) => message.id)).toEqual(written.slice(0, 5));
    expect(older.olderCursor).toBeNull();
    const bad = await call(ada, 'GET', `/api/community/conversations/${id}?before=bm9wZQ`);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an empty or overlong message, and messaging oneself', async () => {
    const [ada, ben] = [await member(), await member()];
    const id = await start(ada, ben);
    const url = `/api/community/conversations/${id}/messages`;
    const empty = await call(ada, 'POST', url, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    const long = await call(ada, 'POST', url, { body: 'x'.repeat(messageRules.bodyMaxLength + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('A message has at most 2,000 characters');
    await send(ada, id, 'y'.repeat(messageRules.bodyMaxLength));
    const self = await call(ada, 'POST', '/api/community/conversations', { handle: ada.handle });
    expect(self.statusCode).toBe(409);
    const nobody = await call(ada, 'POST', '/api/community/conversations', {
      handle: 'no_one_here',
    });
    expect(nobody.statusCode).toBe(404);
  });

  it('needs a community profile', async () => {
    const ben = await member();
    const stranger = (await signUpUser(testApp.app)) as Member;
    const response = await call(stranger, 'POST', '/api/community/conversations', {
      handle: ben.handle,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('profile_required');
    expect((await listOf(stranger)).conversations).toEqual([]);
  });
});

describe('who may message whom', () => {
  it('by default, members the recipient follows; anyone once they allow it; the recipient may always answer', async () => {
    const ada = await member();
    const ben = await member({ fromAnyone: false });
    const refused = await call(ada, 'POST', '/api/community/conversations', { handle: ben.handle });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'messages_not_accepted',
      message: `@${ben.handle} accepts messages only from members they follow.`,
    });
    // Nothing was made for the refused pair.
    expect(await listOf(ben)).toMatchObject({ conversations: [], settings: { fromAnyone: false } });

    // Ben follows Ada: she may write; he may answer.
    await db().insert(communityFollows).values({ followerId: ben.id, followeeId: ada.id });
    const id = await start(ada, ben);
    await send(ada, id, 'Thanks for the follow');
    await send(ben, id, 'Welcome');
    // Unfollowing stops Ada starting again... but Ben wrote in it, so she may still answer.
    await db()
      .delete(communityFollows)
      .where(and(eq(communityFollows.followerId, ben.id), eq(communityFollows.followeeId, ada.id)));
    await send(ada, id, 'Still here');

    // Cleo writes to Ben, who follows no one else and never wrote to her.
    const cleo = await member();
    expect(
      (await call(cleo, 'POST', '/api/community/conversations', { handle: ben.handle })).statusCode,
    ).toBe(403);
    const allow = await call(ben, 'PUT', '/api/community/message-settings', { fromAnyone: true });
    expect(allow.json()).toEqual({ fromAnyone: true });
    const cleos = await start(cleo, ben);
    await send(cleo, cleos, 'Hi Ben');
    // Turning it off again: Cleo's conversation tells her, and her next message is refused.
    await call(ben, 'PUT', '/api/community/message-settings', { fromAnyone: false });
    expect((await pageOf(cleo, cleos)).conversation.refusal).toBe('not_accepted');
    const late = await call(cleo, 'POST', `/api/community/conversations/${cleos}/messages`, {
      body: 'Hello again',
    });
    expect(late.statusCode).toBe(403);
    const bad = await call(ben, 'PUT', '/api/community/message-settings', { fromAnyone: 'yes' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('nobody reads, writes to, reads-marks, mutes or reports in another pair’s conversation', async () => {
    const [ada, ben, eve] = [await member(), await member(), await member()];
    const id = await start(ada, ben);
    const message = await send(ada, id, 'Private to Ben');
    const before = await pageOf(ben, id);
    const attempts = [
      ['GET', `/api/community/conversations/${id}`, undefined],
      ['POST', `/api/community/conversations/${id}/messages`, { body: 'Intruding' }],
      ['POST', `/api/community/conversations/${id}/read`, undefined],
      ['PUT', `/api/community/conversations/${id}/mute`, { muted: true }],
      ['POST', `/api/community/messages/${message.id}/report`, { reason: 'spam' }],
    ] as const;
    for (const [method, url, body] of attempts) {
      const response = await call(eve, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Private to Ben');
    }
    expect(await pageOf(ben, id)).toEqual(before);
    expect((await listOf(eve)).conversations).toEqual([]);
    expect(await unreadOf(ben)).toBe(1);
    // Ids that are not ids are absent too.
    expect((await call(eve, 'GET', '/api/community/conversations/not-an-id')).statusCode).toBe(404);
  });

  it('announces a new message live to both members and to nobody else', async () => {
    const [ada, ben, eve] = [await member(), await member(), await member()];
    const id = await start(ada, ben);
    const adas = await openEventStream(`${baseUrl}/api/events`, ada.cookie);
    const bens = await openEventStream(`${baseUrl}/api/events`, ben.cookie);
    const eves = await openEventStream(`${baseUrl}/api/events`, eve.cookie);
    try {
      await send(ada, id, 'Live to Ben');
      for (const stream of [adas, bens]) {
        await stream.waitFor(
          (event) => event.type === 'change' && event.topic === 'community_messages',
          5_000,
        );
      }
      // A later announcement Eve does receive: by then, Ben's would have reached her too.
      const marker = JSON.stringify({ topic: 'marker', userIds: [eve.id] });
      await db().execute(sql`select pg_notify('app_changes', ${marker})`);
      await eves.waitFor((event) => event.type === 'change' && event.topic === 'marker', 5_000);
      expect(
        eves.events.filter((event) => 'topic' in event && event.topic === 'community_messages'),
      ).toEqual([]);
    } finally {
      adas.close();
      bens.close();
      eves.close();
    }
  });
});

describe('blocks', () => {
  it('from a conversation: the member blocked is refused with a reason, and nobody is told', async () => {
    const [ada, ben] = [await member(), await member()];
    const id = await start(ada, ben);
    // Ben blocks Ada before she wrote anything, as from the conversation's Block button.
    const blocked = await call(ben, 'PUT', `/api/community/blocks/${ada.handle}`);
    expect(blocked.statusCode, blocked.body).toBe(200);
    const bens = await openEventStream(`${baseUrl}/api/events`, ben.cookie);
    try {
      await bens.waitForComment('connected');
      const refused = await call(ada, 'POST', `/api/community/conversations/${id}/messages`, {
        body: 'Through the block',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'messages_blocked',
        message: `@${ben.handle} does not accept messages from you. Your message was not sent.`,
      });
      // Nothing was written: no message, no unread, no notification, no announcement.
      const written = await db()
        .select({ id: communityMessages.id })
        .from(communityMessages)
        .where(eq(communityMessages.conversationId, id));
      expect(written).toEqual([]);
      expect(await notices(ben)).toEqual([]);
      expect(await unreadOf(ben)).toBe(0);
      const marker = JSON.stringify({ topic: 'marker', userIds: [ben.id] });
      await db().execute(sql`select pg_notify('app_changes', ${marker})`);
      await bens.waitFor((event) => event.type === 'change' && event.topic === 'marker', 5_000);
      expect(
        bens.events.filter((event) => 'topic' in event && event.topic === 'community_messages'),
      ).toEqual([]);
    } finally {
      bens.close();
    }
    // Ben sees why he cannot write, and is refused too until he unblocks.
    expect((await pageOf(ben, id)).conversation.refusal).toBe('blocked');
    const own = await call(ben, 'POST', `/api/community/conversations/${id}/messages`, {
      body: 'Still blocked',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toEqual({
      code: 'member_blocked',
      message: `You blocked @${ada.handle}. Unblock them to send a message.`,
    });

    // Unblocked, Ada's first message is sent and told once, as any first message.
    expect((await call(ben, 'DELETE', `/api/community/blocks/${ada.handle}`)).statusCode).toBe(204);
    await send(ada, id, 'Hello after all');
    expect(await notices(ben)).toHaveLength(1);
    expect((await pageOf(ben, id)).conversation.refusal).toBeNull();
  });

  it('keep the conversation readable to the member who blocked, and absent for the member blocked', async () => {
    const [ada, ben] = [await member(), await member()];
    const id = await start(ada, ben);
    const message = await send(ada, id, 'Before the block');
    await send(ben, id, 'An answer');
    await send(ada, id, 'Unread by Ben');
    expect(await unreadOf(ben)).toBe(1);
    const blocked = await call(ben, 'PUT', `/api/community/blocks/${ada.handle}`);
    expect(blocked.statusCode, blocked.body).toBe(200);

    // Ben, who blocked: listed as blocked, readable, not counted in the sidebar, reportable.
    const bens = await listOf(ben);
    expect(bens.conversations).toMatchObject([{ id, blocked: true, unread: 1 }]);
    expect(await unreadOf(ben)).toBe(0);
    const page = await pageOf(ben, id);
    expect(page.messages.map((item) => item.body)).toEqual([
      'Before the block',
      'An answer',
      'Unread by Ben',
    ]);
    expect(page.conversation.refusal).toBe('blocked');
    expect((await call(ben, 'POST', `/api/community/conversations/${id}/read`)).statusCode).toBe(
      204,
    );
    const report = await call(ben, 'POST', `/api/community/messages/${message.id}/report`, {
      reason: 'abuse',
    });
    expect(report.statusCode, report.body).toBe(204);

    // Ada, blocked: nothing to open, list, count, mark, mute or report; no new conversation.
    expect((await call(ada, 'GET', `/api/community/conversations/${id}`)).statusCode).toBe(404);
    expect((await call(ada, 'POST', `/api/community/conversations/${id}/read`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(ada, 'PUT', `/api/community/conversations/${id}/mute`, { muted: true }))
        .statusCode,
    ).toBe(404);
    expect((await listOf(ada)).conversations).toEqual([]);
    expect(await unreadOf(ada)).toBe(0);
    for (const [who, other] of [
      [ada, ben],
      [ben, ada],
    ] as const) {
      const started = await call(who, 'POST', '/api/community/conversations', {
        handle: other.handle,
      });
      expect(started.statusCode).toBe(404);
    }
    const answer = (await pageOf(ben, id)).messages.find((item) => item.body === 'An answer');
    const reported = await call(ada, 'POST', `/api/community/messages/${answer!.id}/report`, {
      reason: 'abuse',
    });
    expect(reported.statusCode).toBe(404);

    // Unblocking brings the conversation back to both, as it was.
    await call(ben, 'DELETE', `/api/community/blocks/${ada.handle}`);
    expect((await pageOf(ada, id)).messages.map((item) => item.body)).toEqual([
      'Before the block',
      'An answer',
      'Unread by Ben',
    ]);
    expect((await listOf(ben)).conversations).toMatchObject([{ id, blocked: false }]);
    await send(ada, id, 'Back again');
    expect(await unreadOf(ben)).toBe(1);
  });
});

describe('mute', () => {
  it('keeps a conversation’s unread messages out of the sidebar’s count', async () => {
    const [ada, ben] = [await member(), await member()];
    const id = await start(ada, ben);
    await send(ada, id);
    expect(await unreadOf(ben)).toBe(1);
    const muted = await call(ben, 'PUT', `/api/community/conversations/${id}/mute`, {
      muted: true,
    });
    expect(muted.json()).toEqual({ muted: true });
    expect(await unreadOf(ben)).toBe(0);
    expect((await listOf(ben)).conversations[0]).toMatchObject({ unread: 1, muted: true });
    await call(ben, 'PUT', `/api/community/conversations/${id}/mute`, { muted: false });
    expect(await unreadOf(ben)).toBe(1);
  });
});

describe('limits', () => {
  it(`rate limits messages at ${messageRules.perMinute} a minute, on every plan, without post quotas`, async () => {
    const [ada, ben] = [await member(), await member()];
    const id = await start(ada, ben);
    const now = Date.now();
    clock.set(new Date(now));
    // Two tabs sending at once: the lock on the sender's profile lets exactly the limit through.
    const answers = await Promise.all(
      Array.from({ length: messageRules.perMinute + 3 }, (_, index) =>
        call(ada, 'POST', `/api/community/conversations/${id}/messages`, {
          body: `Burst ${index}`,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(messageRules.perMinute);
    expect(codes.filter((code) => code === 429)).toHaveLength(3);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json().error.code).toBe('messages_too_fast');
    expect(refused.headers['retry-after']).toBe('60');
    clock.set(new Date(now + 61_000));
    await send(ada, id, 'A minute later');
    // Messages are not posts: the month's post quota is untouched.
    const me = (await call(ada, 'GET', '/api/community/me')).json();
    expect(me.quota.posts.used).toBe(0);
    expect(me.quota.replies.used).toBe(0);
  });

  it('limits new conversations a day, fewer and without links for accounts under 24 hours', async () => {
    const fresh = await member({ ageDays: 0 });
    const others = [];
    for (let index = 0; index <= messageRules.newAccountConversationsPerDay; index += 1) {
      others.push(await member());
    }
    const ids = [];
    for (const other of others) ids.push(await start(fresh, other));
    const link = await call(fresh, 'POST', `/api/community/conversations/${ids[0]}/messages`, {
      body: 'See https://example.com',
    });
    expect(link.statusCode).toBe(422);
    expect(link.json().error.code).toBe('links_not_yet');
    for (const id of ids.slice(0, messageRules.newAccountConversationsPerDay))
      await send(fresh, id);
    const over = await call(fresh, 'POST', `/api/community/conversations/${ids.at(-1)}/messages`, {
      body: 'One too many',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(
      `Accounts under 24 hours old may start ${messageRules.newAccountConversationsPerDay} conversations a day. More are possible tomorrow.`,
    );
    // Further messages in conversations already started are fine.
    await send(fresh, ids[0]!, 'More in an old one');
    // A day later the account is established: links and new conversations are allowed.
    clock.set(new Date(Date.now() + day + 60_000));
    await send(fresh, ids.at(-1)!, 'Now with https://example.com');
    const started = await db()
      .select({ id: communityConversations.id })
      .from(communityConversations)
      .where(eq(communityConversations.startedBy, fresh.id));
    expect(started).toHaveLength(messageRules.newAccountConversationsPerDay + 1);
  });

  it('stop a suspended member from sending', async () => {
    const [ada, ben, mod] = [await member(), await member(), await member()];
    await db().insert(communityModerators).values({ userId: mod.id });
    const id = await start(ada, ben);
    const suspended = await call(
      mod,
      'POST',
      `/api/community/moderation/users/${ada.handle}/suspend`,
      {
        days: 2,
        reason: 'Spam in messages',
      },
    );
    expect(suspended.statusCode, suspended.body).toBe(204);
    const refused = await call(ada, 'POST', `/api/community/conversations/${id}/messages`, {
      body: 'Hello',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('posting_suspended');
    expect((await pageOf(ada, id)).conversation.refusal).toBe('suspended');
  });
});

describe('reports of messages', () => {
  it('put the message in the moderators’ queue with the few before it, and nothing else', async () => {
    const [ada, ben, mod, eve] = [await member(), await member(), await member(), await member()];
    await db().insert(communityModerators).values({ userId: mod.id });
    const id = await start(ada, ben);
    const base = Date.now() - 600_000;
    const lines: DirectMessage[] = [];
    for (let index = 0; index < 8; index += 1) {
      clock.set(new Date(base + index * 1_000));
      lines.push(await send(index % 2 === 0 ? ada : ben, id, `Line ${index}`));
    }
    clock.reset();
    const reported = lines[6]!; // Ada's
    // Only the recipient reports it; not its sender, not a stranger.
    expect(
      (await call(ada, 'POST', `/api/community/messages/${reported.id}/report`, { reason: 'spam' }))
        .statusCode,
    ).toBe(409);
    const report = await call(ben, 'POST', `/api/community/messages/${reported.id}/report`, {
      reason: 'abuse',
      note: 'Keeps pushing a stock',
    });
    expect(report.statusCode, report.body).toBe(204);
    // Members are not moderators: the queue does not exist for them.
    expect((await call(ben, 'GET', '/api/community/moderation/messages')).statusCode).toBe(404);
    const queue = (
      await call(mod, 'GET', '/api/community/moderation/messages')
    ).json() as ModerationMessages;
    const item = queue.messages.find((candidate) => candidate.message.id === reported.id)!;
    expect(item.message).toMatchObject({ body: 'Line 6', sender: { handle: ada.handle } });
    expect(item.recipient.handle).toBe(ben.handle);
    expect(item.context.map((line) => line.body)).toEqual(['Line 2', 'Line 3', 'Line 4', 'Line 5']);
    expect(item.reports).toEqual({
      total: 1,
      reasons: { abuse: 1 },
      notes: ['Keeps pushing a stock'],
    });
    const text = JSON.stringify(queue);
    for (const hidden of ['Line 0', 'Line 1', 'Line 7']) expect(text).not.toContain(hidden);

    // Removing it: both members see it removed; Ada is told why; the log says so.
    const removed = await call(
      mod,
      'POST',
      `/api/community/moderation/messages/${reported.id}/remove`,
      {
        reason: 'Harassment',
      },
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const again = await call(
      mod,
      'POST',
      `/api/community/moderation/messages/${reported.id}/dismiss`,
      {},
    );
    expect(again.statusCode).toBe(409);
    for (const who of [ada, ben]) {
      const shown = (await pageOf(who, id)).messages.find((line) => line.id === reported.id)!;
      expect(shown).toMatchObject({ body: null, removed: true });
    }
    const [row] = await db()
      .select({ body: communityMessages.body })
      .from(communityMessages)
      .where(eq(communityMessages.id, reported.id));
    expect(row?.body).toBe('Line 6'); // kept for the log and an appeal to the operator
    const adas = (await call(ada, 'GET', '/api/notifications')).json().notifications as {
      title: string;
      message: string;
    }[];
    expect(
      adas.find((notice) => notice.title === 'A moderator removed your message')?.message,
    ).toBe('“Line 6” was removed: Harassment');
    const log = (await call(mod, 'GET', '/api/community/moderation/log')).json() as ModerationLog;
    expect(log.entries[0]).toMatchObject({
      action: 'remove_message',
      subject: { handle: ada.handle },
      reason: 'Harassment',
    });
    expect((await call(mod, 'GET', '/api/community/moderation/messages')).json().messages).toEqual(
      queue.messages.filter((candidate) => candidate.message.id !== reported.id),
    );

    // Dismissing: the message stays; a moderator does not decide on their own conversations.
    const other = lines[5]!; // Ben's
    await call(ada, 'POST', `/api/community/messages/${other.id}/report`, { reason: 'spam' });
    expect(
      (await call(eve, 'POST', `/api/community/moderation/messages/${other.id}/dismiss`, {}))
        .statusCode,
    ).toBe(404);
    const dismissed = await call(
      mod,
      'POST',
      `/api/community/moderation/messages/${other.id}/dismiss`,
      {
        note: 'Fine',
      },
    );
    expect(dismissed.statusCode).toBe(204);
    expect((await pageOf(ada, id)).messages.find((line) => line.id === other.id)?.body).toBe(
      'Line 5',
    );
    const modsOwn = await start(mod, ada);
    const toMod = await send(ada, modsOwn, 'To the moderator');
    await call(mod, 'POST', `/api/community/messages/${toMod.id}/report`, { reason: 'spam' });
    const own = await call(mod, 'POST', `/api/community/moderation/messages/${toMod.id}/remove`, {
      reason: 'Spam',
    });
    expect(own.statusCode).toBe(409);
  });
});

describe('the data export', () => {
  it('holds the member’s conversations, messages both ways, settings and reports', async () => {
    const [ada, ben] = [await member(), await member()];
    const id = await start(ada, ben);
    await send(ada, id, 'Exported hello');
    const answer = await send(ben, id, 'Exported answer');
    await call(ada, 'POST', `/api/community/messages/${answer.id}/report`, { reason: 'spam' });
    const response = await call(ada, 'GET', '/api/me/export');
    expect(response.statusCode).toBe(200);
    const part = response.json().parts.communityMessages;
    expect(part).toMatchObject({
      acceptsMessagesFromAnyone: true,
      conversations: [{ id, with: ben.handle, muted: false }],
      messagesReported: [{ messageId: answer.id, reason: 'spam' }],
    });
    expect(
      part.messages.map((message: { from: string; body: string }) => [message.from, message.body]),
    ).toEqual([
      [ada.handle, 'Exported hello'],
      [ben.handle, 'Exported answer'],
    ]);
  });
});
