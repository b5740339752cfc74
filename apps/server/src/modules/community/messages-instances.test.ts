import { randomBytes } from 'node:crypto';
import type { ConversationPage, LiveEvent } from '@tickerwise/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import {
  createTestApp,
  injectAs,
  type SecondInstance,
  type SignedUpUser,
  signUpUser,
  startSecondInstance,
  type TestApp,
} from '../../../test/test-app.ts';

/**
 * Two server instances on one database, as behind a load balancer: with DATABASE_URL, two
 * PostgreSQL pools and two change-bus listeners (ADR 0049); on PGlite, one database.
 */
let first: TestApp;
let firstUrl: string;
let secondInstance: SecondInstance;
let second: FastifyInstance;
let secondUrl: string;

beforeAll(async () => {
  first = await createTestApp();
  firstUrl = await first.app.listen({ host: '127.0.0.1', port: 0 });
  secondInstance = await startSecondInstance(first);
  ({ app: second, url: secondUrl } = secondInstance);
});
afterAll(async () => {
  await secondInstance.close();
  await first.close();
});

const call = injectAs;

/** A member with a profile who accepts messages from anyone. */
async function member(app: FastifyInstance): Promise<SignedUpUser & { handle: string }> {
  const user = await signUpUser(app);
  const handle = `mi_${randomBytes(4).toString('hex')}`;
  const profile = await call(app, user, 'PUT', '/api/community/profile', {
    handle,
    displayName: `Member ${handle}`,
  });
  expect(profile.statusCode, profile.body).toBe(200);
  await call(app, user, 'PUT', '/api/community/message-settings', { fromAnyone: true });
  return { ...user, handle };
}

const isMessageChange = (event: LiveEvent) =>
  event.type === 'change' && event.topic === 'community_messages';

describe('messages on two instances', () => {
  it('a message sent through one instance reaches the open stream on the other, both ways', async () => {
    const ada = await member(first.app);
    const ben = await member(second);
    const started = await call(first.app, ada, 'POST', '/api/community/conversations', {
      handle: ben.handle,
    });
    expect(started.statusCode, started.body).toBe(200);
    const id: string = started.json().id;

    const bens = await openEventStream(`${secondUrl}/api/events`, ben.cookie);
    const adas = await openEventStream(`${firstUrl}/api/events`, ada.cookie);
    try {
      expect(bens.status).toBe(200);
      await bens.waitForComment('connected');
      await adas.waitForComment('connected');
      const sent = await call(
        first.app,
        ada,
        'POST',
        `/api/community/conversations/${id}/messages`,
        {
          body: 'Sent through the first instance',
        },
      );
      expect(sent.statusCode, sent.body).toBe(201);
      await bens.waitFor(isMessageChange, 5_000);
      // Ben's tab refetches from its own instance and finds the message and its count.
      const page = (await call(second, ben, 'GET', `/api/community/conversations/${id}`)).json();
      expect((page as ConversationPage).messages.map((message) => message.body)).toEqual([
        'Sent through the first instance',
      ]);
      const unread = await call(second, ben, 'GET', '/api/community/conversations/unread');
      expect(unread.json()).toEqual({ unread: 1 });

      // The answer goes back the other way.
      const before = adas.events.filter(isMessageChange).length;
      const answer = await call(
        second,
        ben,
        'POST',
        `/api/community/conversations/${id}/messages`,
        {
          body: 'Answered through the second',
        },
      );
      expect(answer.statusCode, answer.body).toBe(201);
      await adas.waitFor(() => adas.events.filter(isMessageChange).length > before, 5_000);
      const adasPage = (
        await call(first.app, ada, 'GET', `/api/community/conversations/${id}`)
      ).json();
      expect((adasPage as ConversationPage).messages.map((message) => message.body)).toEqual([
        'Sent through the first instance',
        'Answered through the second',
      ]);

      // A block made through one instance refuses the next message on the other at once.
      const blocked = await call(second, ben, 'PUT', `/api/community/blocks/${ada.handle}`);
      expect(blocked.statusCode, blocked.body).toBe(200);
      const refused = await call(
        first.app,
        ada,
        'POST',
        `/api/community/conversations/${id}/messages`,
        {
          body: 'After the block',
        },
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('messages_blocked');
    } finally {
      bens.close();
      adas.close();
    }
  });
});
