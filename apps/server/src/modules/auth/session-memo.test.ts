import { describe, expect, it } from 'vitest';
import { SessionMemo, sessionKey, sessionTokenOf } from './session-memo.ts';

describe('the session memo', () => {
  it('finds the session cookie, plain or Secure-prefixed', () => {
    expect(sessionTokenOf('a=1; tickerwise.session_token=abc.def; b=2')).toBe('abc.def');
    expect(sessionTokenOf('__Secure-tickerwise.session_token=xyz')).toBe('xyz');
    expect(sessionTokenOf('other=1')).toBeUndefined();
    expect(sessionTokenOf(undefined)).toBeUndefined();
  });

  it('keys sessions by a hash, never the token', () => {
    expect(sessionKey('secret-token')).not.toContain('secret-token');
    expect(sessionKey('secret-token')).toBe(sessionKey('secret-token'));
  });

  it('keeps a session for its TTL and no longer than the session lives', () => {
    let now = 1_000;
    const memo = new SessionMemo<string>(10_000, 10, () => now);
    memo.set('a', 'alice', now + 60_000);
    memo.set('b', 'bob', now + 3_000);
    now += 5_000;
    expect(memo.get('a')).toBe('alice');
    expect(memo.get('b')).toBeUndefined();
    now += 6_000;
    expect(memo.get('a')).toBeUndefined();
  });

  it('forgets a session at once and stays within its size', () => {
    const memo = new SessionMemo<string>(10_000, 2);
    memo.set('a', 'alice', Date.now() + 60_000);
    memo.forget('a');
    expect(memo.get('a')).toBeUndefined();
    memo.set('b', 'bob', Date.now() + 60_000);
    memo.set('c', 'carol', Date.now() + 60_000);
    memo.set('d', 'dan', Date.now() + 60_000);
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('d')).toBe('dan');
  });
});
