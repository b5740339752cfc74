import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest } from '../api-client.ts';
import { signOut } from './auth-actions.ts';
import { createAuthStore } from './auth-store.ts';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', subscription_tier: 'free' } as const;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('signing out', () => {
  it('asks nothing more in the ending session’s name, and asks again once the tab has forgotten it', async () => {
    let answerSignOut: (response: Response) => void = () => {};
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const path = String(input);
        asked.push(path);
        if (path === '/api/auth/sign-out') {
          return new Promise<Response>((resolve) => {
            answerSignOut = resolve;
          });
        }
        return Promise.resolve(Response.json({ unread: 0 }));
      }),
    );
    const store = createAuthStore();
    store.signedIn(ada);

    const leaving = signOut(store);
    // A badge refetching while the sign-out is on its way fails at once, unsent.
    const refetch = apiRequest('/api/community/conversations/unread');
    await expect(refetch).rejects.toMatchObject({ status: 401, code: 'signed_out' });
    await expect(refetch).rejects.toBeInstanceOf(ApiRequestError);
    expect(asked).toEqual(['/api/auth/sign-out']);
    expect(store.getState().status).toBe('signed-in');

    answerSignOut(Response.json({ success: true }));
    await leaving;
    expect(store.getState().status).toBe('signed-out');
    await expect(apiRequest('/api/community/conversations/unread')).resolves.toEqual({
      unread: 0,
    });
    expect(asked).toEqual(['/api/auth/sign-out', '/api/community/conversations/unread']);
  });
});
