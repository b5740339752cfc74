import { type Portfolio, portfolioLabel } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import {
  atPortfolioLimit,
  canChangePortfolio,
  shownPortfolio,
  switcherOrder,
} from './portfolio-kinds.ts';

const portfolio = (id: string, kind: Portfolio['kind'], name = id): Portfolio => ({
  id,
  name,
  kind,
  createdAt: '2026-01-02T10:00:00.000Z',
  transactionCount: 1,
  shared: null,
});

// The practice portfolio was made first: the oldest, yet never the one shown by default.
const practice = portfolio('p0', 'practice', 'Practice');
const main = portfolio('p1', 'real', 'Main');
const second = portfolio('p2', 'real', 'Second');

describe('portfolio kinds', () => {
  it('labels the practice portfolio "Practice" whatever its stored name', () => {
    expect(portfolioLabel({ name: 'anything', kind: 'practice' })).toBe('Practice');
    expect(portfolioLabel(main)).toBe('Main');
  });

  it('shows the portfolio asked for, else the oldest real one, never the practice one unasked', () => {
    expect(shownPortfolio([practice, main, second], 'p2')).toBe(second);
    expect(shownPortfolio([practice, main, second], 'p0')).toBe(practice);
    expect(shownPortfolio([practice, main, second], null)).toBe(main);
    expect(shownPortfolio([practice, main], 'gone')).toBe(main);
    expect(shownPortfolio([practice], null)).toBeUndefined();
    expect(shownPortfolio([practice], 'p0')).toBe(practice);
    expect(shownPortfolio([], null)).toBeUndefined();
  });

  it('lists the practice portfolio last, and never counts it against the plan', () => {
    expect(switcherOrder([practice, main, second])).toEqual([main, second, practice]);
    expect(atPortfolioLimit([practice], 1)).toBe(false);
    expect(atPortfolioLimit([practice, main], 1)).toBe(true);
    expect(atPortfolioLimit([practice, main], 2)).toBe(false);
  });

  it('counts only the user’s own portfolios against the plan, and lets a team’s be changed by Editors', () => {
    const club = (role: 'owner' | 'editor' | 'viewer', readOnly = false): Portfolio => ({
      ...portfolio('t1', 'real', 'Club fund'),
      shared: { teamName: 'Harbor Club', role, readOnly, mine: role === 'owner' },
    });
    expect(atPortfolioLimit([main, club('editor')], 2)).toBe(false);
    expect(atPortfolioLimit([main, club('editor')], 1)).toBe(true);
    expect(atPortfolioLimit([club('owner')], 1)).toBe(false);
    expect(switcherOrder([practice, club('viewer'), main]).map((p) => p.id)).toEqual([
      't1',
      'p1',
      'p0',
    ]);
    expect(canChangePortfolio(main)).toBe(true);
    expect(canChangePortfolio(club('owner'))).toBe(true);
    expect(canChangePortfolio(club('editor'))).toBe(true);
    expect(canChangePortfolio(club('viewer'))).toBe(false);
    expect(canChangePortfolio(club('editor', true))).toBe(false);
  });
});
