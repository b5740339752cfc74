import { describe, expect, it } from 'vitest';
import { TierMemo } from './tier-memo.ts';

const now = 1_000_000;

describe('TierMemo', () => {
  it('remembers a plan until the user is forgotten, or for its time at most', () => {
    let time = 0;
    const memo = new TierMemo(() => time, 1_000, 10);
    memo.remember('ada', 'pro', memo.epoch());
    expect(memo.get('ada')).toBe('pro');
    memo.forgetUser('ada');
    expect(memo.get('ada')).toBeUndefined();
    memo.remember('ada', 'free', memo.epoch());
    time = 999;
    expect(memo.get('ada')).toBe('free');
    time = 1_000;
    expect(memo.get('ada')).toBeUndefined();
  });

  it('does not put back a plan read before a change was announced', () => {
    const memo = new TierMemo(() => now);
    const epoch = memo.epoch();
    // The lookup read "pro"; meanwhile the plan moved to Free and was announced.
    memo.forgetUser('ada');
    memo.remember('ada', 'pro', epoch);
    expect(memo.get('ada')).toBeUndefined();
    const afterClear = memo.epoch();
    memo.clear();
    memo.remember('ada', 'pro', afterClear);
    expect(memo.get('ada')).toBeUndefined();
  });

  it('keeps at most its number of users, dropping the oldest', () => {
    const memo = new TierMemo(() => now, 60_000, 2);
    memo.remember('a', 'free', memo.epoch());
    memo.remember('b', 'pro', memo.epoch());
    memo.remember('c', 'alpha', memo.epoch());
    expect([memo.get('a'), memo.get('b'), memo.get('c')]).toEqual([undefined, 'pro', 'alpha']);
  });
});
