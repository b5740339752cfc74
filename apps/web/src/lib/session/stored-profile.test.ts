import { afterEach, describe, expect, it } from 'vitest';
import {
  parseStoredProfile,
  readStoredProfile,
  storedProfileKey,
  writeStoredProfile,
} from './stored-profile.ts';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', subscription_tier: 'pro' } as const;

afterEach(() => localStorage.clear());

describe('the stored profile', () => {
  it('round-trips through local storage under its key', () => {
    writeStoredProfile(ada);
    expect(JSON.parse(localStorage.getItem(storedProfileKey) ?? '')).toEqual(ada);
    expect(readStoredProfile()).toEqual(ada);
    writeStoredProfile(null);
    expect(localStorage.getItem(storedProfileKey)).toBeNull();
  });

  it('ignores anything that is not a profile', () => {
    expect(parseStoredProfile(null)).toBeNull();
    expect(parseStoredProfile('not json')).toBeNull();
    expect(
      parseStoredProfile(JSON.stringify({ ...ada, subscription_tier: 'platinum' })),
    ).toBeNull();
    expect(parseStoredProfile(JSON.stringify({ id: 'u1' }))).toBeNull();
  });
});
