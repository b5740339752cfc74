import { paths, stockPath } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { groupOfPath } from './dashboard-nav-items.ts';

describe('the group of a dashboard page', () => {
  it('is the group whose link leads there, or a page below it', () => {
    expect(groupOfPath(paths.stocks)).toBe('Investments');
    expect(groupOfPath(stockPath('AAPL'))).toBe('Investments');
    expect(groupOfPath(paths.etfs)).toBe('Investments');
    expect(groupOfPath(paths.portfolio)).toBe('Investments');
    expect(groupOfPath(paths.socialPosts)).toBe('Social');
  });

  it('is none for pages outside any group', () => {
    expect(groupOfPath(paths.dashboard)).toBeNull();
    expect(groupOfPath(paths.learn)).toBeNull();
  });
});
