import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import {
  createTestApp,
  injectAs,
  type SecondInstance,
  signUpUser,
  startSecondInstance,
  type TestApp,
} from '../../../test/test-app.ts';
import { teamInvitations, user as users } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';

/** Two server instances on one database, as behind a load balancer. */
let first: TestApp;
let secondInstance: SecondInstance;
let second: FastifyInstance;
let secondUrl: string;

beforeAll(async () => {
  first = await createTestApp();
  secondInstance = await startSecondInstance(first);
  ({ app: second, url: secondUrl } = secondInstance);
});
afterAll(async () => {
  await secondInstance.close();
  await first.close();
});

const call = injectAs;

describe('a team on two instances', () => {
  it('a member removed through one instance loses the team’s list on the other at once, and their page is told', async () => {
    const { db } = first.db.database;
    const owner = await signUpUser(first.app, { name: 'Grace Owner' });
    await setTier(db, owner.id, 'enterprise');
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, owner.id));
    expect((await call(first.app, owner, 'POST', '/api/team', { name: 'Two' })).statusCode).toBe(
      201,
    );
    const member = await signUpUser(first.app, { name: 'Mo Member' });
    const invited = await call(first.app, owner, 'POST', '/api/team/invitations', {
      email: member.email,
      role: 'viewer',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    // The token is only in the email; this test reads the stored invitation instead.
    const { createHash } = await import('node:crypto');
    const token = 'two-instances-token';
    await db
      .update(teamInvitations)
      .set({ tokenHash: createHash('sha256').update(token).digest('hex') })
      .where(eq(teamInvitations.email, member.email));
    const accepted = await call(second, member, 'POST', '/api/team/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const made = await call(first.app, owner, 'POST', '/api/watchlists', { name: 'Shared' });
    const list: string = made.json().watchlist.id;
    await call(first.app, owner, 'PUT', `/api/watchlists/${list}/team`, { shared: true });
    expect((await call(second, member, 'GET', `/api/watchlists/${list}`)).statusCode).toBe(200);

    const stream = await openEventStream(`${secondUrl}/api/events`, member.cookie);
    try {
      expect(stream.status).toBe(200);
      await stream.waitForComment('connected');
      const removed = await call(first.app, owner, 'DELETE', `/api/team/members/${member.id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      // The next request on the other instance, whatever it remembered, is refused.
      expect((await call(second, member, 'GET', `/api/watchlists/${list}`)).statusCode).toBe(404);
      const lists = await call(second, member, 'GET', '/api/watchlists');
      expect(lists.json().watchlists).toEqual([]);
      expect((await call(second, member, 'GET', '/api/team')).json().team).toBeNull();
      // The member's open page hears it and refetches; their session stays.
      await stream.waitFor(
        (event) => event.type === 'change' && event.topic === 'watchlists',
        5_000,
      );
      expect((await call(second, member, 'GET', '/api/me')).statusCode).toBe(200);
    } finally {
      stream.close();
    }
  });
});
