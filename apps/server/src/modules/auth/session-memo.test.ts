import { describe, expect, it } from 'vitest';
import { readSessionCookie, tokenOfCookieValue } from './session-cookie.ts';
import { SessionMemo, sessionKey } from './session-memo.ts';

const plain = 'tickerwise.session_token';
const secure = `__Secure-${plain}`;

describe('reading the session cookie', () => {
  it('reads only the name better-auth reads, URL-decoded', () => {
    expect(readSessionCookie(`a=1; ${plain}=abc.d%2Bf%3D; b=2`, plain)).toEqual({
      kind: 'one',
      value: 'abc.d+f=',
    });
    expect(readSessionCookie(`${secure}=xyz`, secure)).toEqual({ kind: 'one', value: 'xyz' });
    expect(readSessionCookie(`${plain}=xyz`, secure)).toEqual({ kind: 'none' });
    expect(readSessionCookie(`${secure}=xyz`, plain)).toEqual({ kind: 'none' });
    expect(readSessionCookie('other=1', plain)).toEqual({ kind: 'none' });
    expect(readSessionCookie(undefined, plain)).toEqual({ kind: 'none' });
  });

  it('calls any second variant ambiguous, and names the strays', () => {
    expect(readSessionCookie(`${plain}=a; ${secure}=b`, secure)).toEqual({
      kind: 'ambiguous',
      strayNames: [plain],
    });
    expect(readSessionCookie(`__host-${plain}=a; ${plain}=b`, plain)).toEqual({
      kind: 'ambiguous',
      strayNames: [`__host-${plain}`],
    });
    expect(readSessionCookie(`${plain}=a; x=1; ${plain}=b`, plain)).toEqual({
      kind: 'ambiguous',
      strayNames: [],
    });
  });

  it('finds the token inside a signed value', () => {
    expect(tokenOfCookieValue('tok.en.c2lnbmF0dXJl=')).toBe('tok.en');
    expect(tokenOfCookieValue('unsigned')).toBe('unsigned');
  });
});

describe('the session memo', () => {
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
    const now = 1_000_000;
    const memo = new SessionMemo<string>(10_000, 2, () => now);
    memo.set('a', 'alice', now + 60_000);
    memo.forget('a');
    expect(memo.get('a')).toBeUndefined();
    memo.set('b', 'bob', now + 60_000);
    memo.set('c', 'carol', now + 60_000);
    memo.set('d', 'dan', now + 60_000);
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('d')).toBe('dan');
  });

  it('keeps nothing a lookup read before a session was forgotten', () => {
    const memo = new SessionMemo<string>(10_000, 10, () => Date.now());
    const before = memo.epoch();
    memo.forget('a');
    memo.set('a', 'alice', Date.now() + 60_000, before);
    expect(memo.get('a')).toBeUndefined();
    const cleared = memo.epoch();
    memo.clear();
    memo.set('b', 'bob', Date.now() + 60_000, cleared);
    expect(memo.get('b')).toBeUndefined();
    memo.set('c', 'carol', Date.now() + 60_000, memo.epoch());
    expect(memo.get('c')).toBe('carol');
  });
});
