import {
  type SupportQueue,
  type SupportRequest,
  type SupportRequestList,
  supportLimitCode,
  supportLimits,
  supportRequestPath,
} from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useMailTestApp } from '../../../test/mail-test-app.ts';
import { onePixelPng } from '../../../test/support-fixtures.ts';
import { injectAs, type SignedUpUser, signUpUser } from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { supportAgents, user as users } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';

const clock = testClock();
const mail = useMailTestApp({ clock });
const app = mail.app;
const db = () => mail.testApp.db.database.db;
afterEach(() => clock.reset());

/** Tuesday 10 March 2026, 10:00 in New York (14:00 UTC, daylight saving time). */
const tuesday = new Date('2026-03-10T14:00:00Z');

const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(app, user, method, url, payload);

async function member(tier: 'free' | 'pro' | 'enterprise' | 'alpha' = 'free') {
  const user = await signUpUser(app);
  if (tier !== 'free') await setTier(db(), user.id, tier);
  await db().update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return user;
}

async function agent() {
  const user = await member();
  await db().insert(supportAgents).values({ userId: user.id });
  return user;
}

async function ask(user: SignedUpUser, subject = 'The chart stays blank'): Promise<SupportRequest> {
  const response = await call(user, 'POST', '/api/support/requests', {
    subject,
    category: 'bug',
    message: 'Opening AAPL shows an empty chart since this morning.',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().request;
}

const list = async (user: SignedUpUser): Promise<SupportRequestList> =>
  (await call(user, 'GET', '/api/support/requests')).json();
const queue = async (user: SignedUpUser): Promise<SupportQueue> =>
  (await call(user, 'GET', '/api/support/queue')).json();

describe('support requests', () => {
  it('give Free the standard target and Enterprise a priority one, from the plan when sent', async () => {
    clock.set(tuesday);
    const free = await member();
    const before = await list(free);
    expect(before).toMatchObject({
      requests: [],
      priority: false,
      target: '1 business day',
      openCount: 0,
      openLimit: supportLimits.openRequests,
      agent: false,
    });
    const standard = await ask(free);
    // 8 business hours from Tuesday 10am New York: Wednesday 10am (14:00 UTC).
    expect(standard).toMatchObject({
      status: 'open',
      priority: false,
      category: 'bug',
      firstReplyDueAt: '2026-03-11T14:00:00.000Z',
      messageCount: 1,
    });
    expect(standard.messages).toEqual([
      expect.objectContaining({
        fromSupport: false,
        body: 'Opening AAPL shows an empty chart since this morning.',
        attachment: null,
      }),
    ]);

    const enterprise = await member('enterprise');
    expect(await list(enterprise)).toMatchObject({ priority: true, target: '4 business hours' });
    const priority = await ask(enterprise);
    expect(priority).toMatchObject({ priority: true, firstReplyDueAt: '2026-03-10T18:00:00.000Z' });
    // Alpha Tester has everything in Enterprise.
    expect((await ask(await member('alpha'))).priority).toBe(true);
    expect((await ask(await member('pro'))).priority).toBe(false);
    // Another user, not an agent, never reaches it.
    const stranger = await member();
    expect((await call(stranger, 'GET', `/api/support/requests/${priority.id}`)).statusCode).toBe(
      404,
    );
    expect((await list(stranger)).requests).toEqual([]);
  });

  it('are answered from the queue: priority first, then the longest waiting, with a live count', async () => {
    clock.set(tuesday);
    const staff = await agent();
    const { openCount: openBefore } = await queue(staff);
    const early = await member();
    const earlyRequest = await ask(early, 'Asked first, standard');
    clock.set(new Date(tuesday.getTime() + 60_000));
    const late = await member('enterprise');
    const lateRequest = await ask(late, 'Asked later, priority');

    const waiting = await queue(staff);
    const ids = waiting.requests.map((request) => request.id);
    expect(ids.indexOf(lateRequest.id)).toBeLessThan(ids.indexOf(earlyRequest.id));
    // Every priority request comes before every standard one, each group oldest first.
    const priorities = waiting.requests.map((request) => request.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => Number(b) - Number(a)));
    expect(waiting.openCount).toBe(openBefore + 2);
    expect(waiting.requests.find((request) => request.id === lateRequest.id)?.requester).toEqual({
      name: expect.any(String),
      email: late.email,
      tier: 'enterprise',
    });
    // The priority target is 4 business hours: past it, the request counts as overdue.
    clock.set(new Date(tuesday.getTime() + 5 * 3600_000));
    const count = (await call(staff, 'GET', '/api/support/queue/count')).json();
    expect(count.openCount).toBe(openBefore + 2);
    expect(count.overdueCount).toBeGreaterThanOrEqual(1);

    // The answer: the request waits on the user, who is told in the app and by email.
    const answer = await call(staff, 'POST', `/api/support/requests/${lateRequest.id}/messages`, {
      message: 'Thanks! A fix is out: reload the page and the chart draws again.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const answered: SupportRequest = answer.json().request;
    expect(answered).toMatchObject({ status: 'waiting', firstReplyDueAt: null });
    expect(answered.firstRepliedAt).not.toBeNull();
    expect(answered.messages.at(-1)).toMatchObject({
      fromSupport: true,
      author: 'Tickerwise Support',
    });
    expect((await queue(staff)).requests.map((request) => request.id)).not.toContain(
      lateRequest.id,
    );
    const notices = (await call(late, 'GET', '/api/notifications')).json().notifications;
    expect(notices[0]).toMatchObject({
      title: 'Support answered: Asked later, priority',
      link: supportRequestPath(lateRequest.id),
    });
    await mail.deliver();
    const [email] = await mail.inbox.waitFor(late.email, 1, {
      subject: 'Re: Asked later, priority',
    });
    expect(email!.parsed.text).toContain('A fix is out');
    expect(email!.parsed.text).toContain(supportRequestPath(lateRequest.id));

    // The user's reply puts it back in the queue; solving takes it out; reopening brings it back.
    const reply = await call(late, 'POST', `/api/support/requests/${lateRequest.id}/messages`, {
      message: 'It works now, thank you.',
    });
    expect(reply.json().request).toMatchObject({ status: 'open', messageCount: 3 });
    const solved = await call(staff, 'POST', `/api/support/requests/${lateRequest.id}/solve`);
    expect(solved.json().request).toMatchObject({ status: 'solved' });
    const reopened = await call(late, 'POST', `/api/support/requests/${lateRequest.id}/reopen`);
    expect(reopened.json().request).toMatchObject({ status: 'open' });
    // A user who is not an agent cannot answer someone else's request.
    const stranger = await member();
    const intrusion = await call(
      stranger,
      'POST',
      `/api/support/requests/${earlyRequest.id}/messages`,
      { message: 'Not mine' },
    );
    expect(intrusion.statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/api/support/queue')).statusCode).toBe(404);
  });

  it(`keep at most ${supportLimits.openRequests} open per account, counted under a lock`, async () => {
    const user = await member();
    const answers = await Promise.all(
      Array.from({ length: supportLimits.openRequests + 3 }, (_, index) =>
        call(user, 'POST', '/api/support/requests', {
          subject: `Question ${index}`,
          category: 'other',
          message: 'A question.',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(supportLimits.openRequests);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    const refused = answers.find((answer) => answer.statusCode === 409)!.json();
    expect(refused.error.code).toBe(supportLimitCode);
    expect(refused.error.message).toContain(`${supportLimits.openRequests} open requests`);
    const mine = await list(user);
    expect(mine.openCount).toBe(supportLimits.openRequests);

    // Solving one makes room; reopening it while the room is taken again is refused.
    const first = mine.requests[0]!;
    await call(user, 'POST', `/api/support/requests/${first.id}/solve`);
    await ask(user, 'One more');
    const reopen = await call(user, 'POST', `/api/support/requests/${first.id}/reopen`);
    expect(reopen.statusCode).toBe(409);
    const addTo = await call(user, 'POST', `/api/support/requests/${first.id}/messages`, {
      message: 'Also this.',
    });
    expect(addTo.statusCode).toBe(409);
  });

  it('refuse a message too long, an empty subject or an unknown category, with the field named (400)', async () => {
    const user = await member();
    const long = await call(user, 'POST', '/api/support/requests', {
      subject: 'Long',
      category: 'bug',
      message: 'x'.repeat(supportLimits.messageLength + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.message).toContain('5,000');
    const empty = await call(user, 'POST', '/api/support/requests', {
      subject: ' ',
      category: 'nonsense',
      message: 'Hi',
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields).sort()).toEqual(['category', 'subject']);
    expect((await list(user)).requests).toEqual([]);
  });

  it('take a screenshot that is an image, serve it to its owner and agents only', async () => {
    const user = await member();
    const created = await call(user, 'POST', '/api/support/requests', {
      subject: 'See the screenshot',
      category: 'bug',
      message: 'Attached.',
      attachment: { type: 'image/png', name: 'chart.png', data: onePixelPng },
    });
    expect(created.statusCode, created.body).toBe(201);
    const attachment = created.json().request.messages[0].attachment;
    expect(attachment).toMatchObject({ type: 'image/png', name: 'chart.png', bytes: 70 });
    const own = await call(user, 'GET', `/api/support/attachments/${attachment.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(Buffer.from(onePixelPng, 'base64'))).toBe(true);
    expect(
      (await call(await agent(), 'GET', `/api/support/attachments/${attachment.id}`)).statusCode,
    ).toBe(200);
    expect(
      (await call(await member(), 'GET', `/api/support/attachments/${attachment.id}`)).statusCode,
    ).toBe(404);

    // A page of HTML named a PNG is refused, and so is an image over 1 MB.
    const disguised = await call(
      user,
      'POST',
      `/api/support/requests/${created.json().request.id}/messages`,
      {
        message: 'Another',
        attachment: {
          type: 'image/png',
          data: Buffer.from('<html><script>alert(1)</script></html>').toString('base64'),
        },
      },
    );
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().error.code).toBe('attachment_not_image');
    const png = Buffer.from(onePixelPng, 'base64');
    const large = Buffer.concat([png, Buffer.alloc(supportLimits.attachmentBytes)]);
    const tooLarge = await call(user, 'POST', '/api/support/requests', {
      subject: 'Large',
      category: 'bug',
      message: 'Large',
      attachment: { type: 'image/png', data: large.toString('base64') },
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error.fields['attachment.data']).toBe(
      'The screenshot is larger than 1 MB',
    );
  });
});
