import { randomBytes } from 'node:crypto';
import type { CommunityPreview } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp, testOrigin } from '../../../test/test-app.ts';
import { user as users } from '../../db/schema/index.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('the public community preview', () => {
  it('shows anyone the latest posts with their handles and nothing else of their authors', async () => {
    const author = await signUpUser(testApp.app, {
      email: `writer-${randomBytes(3).toString('hex')}@example.com`,
    });
    // An account older than a day, so its posts are not held back as a new account's.
    await testApp.db.database.db
      .update(users)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(users.id, author.id));
    const handle = `u_${randomBytes(4).toString('hex')}`;
    const send = (url: string, payload: object, method: 'PUT' | 'POST') =>
      testApp.app.inject({
        method,
        url,
        headers: { cookie: author.cookie, origin: testOrigin },
        payload,
      });
    const profile = await send(
      '/api/community/profile',
      { handle, displayName: 'Private Name', bio: 'Not for the public page.' },
      'PUT',
    );
    expect(profile.statusCode, profile.body).toBe(200);
    const written = await send(
      '/api/community/posts',
      { body: 'Watching $MSFT into earnings' },
      'POST',
    );
    expect(written.statusCode, written.body).toBe(201);

    const response = await testApp.app.inject({ method: 'GET', url: '/api/community/preview' });
    expect(response.statusCode).toBe(200);
    const preview = response.json() as CommunityPreview;
    expect(preview.posts[0]).toMatchObject({
      handle,
      body: 'Watching $MSFT into earnings',
      symbols: ['MSFT'],
      likes: 0,
      replyCount: 0,
    });
    expect(response.body).not.toContain('Private Name');
    expect(response.body).not.toContain(author.email);
    expect(response.body).not.toContain(author.id);
  });
});
