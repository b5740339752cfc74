import type { RecentTransaction } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { type ActivityItem, mergeActivity, transactionActivity } from './activity.ts';

const sell: RecentTransaction = {
  id: 'a1',
  portfolioId: 'p1',
  portfolioName: 'Retirement',
  kind: 'sell',
  date: '2024-03-01',
  symbol: 'AAPL',
  quantity: '10',
  price: '180.5',
  amount: null,
  fees: '1',
  splitTo: null,
  splitFrom: null,
  note: null,
  cashEffect: '1804',
  createdAt: '2024-03-01T15:00:00.000Z',
};

describe('recent activity', () => {
  it('describes a transaction and leads to its portfolio', () => {
    expect(transactionActivity(sell)).toEqual({
      key: 'transaction:a1',
      kind: 'transaction',
      glyph: 'sell',
      at: '2024-03-01',
      title: 'Sell AAPL',
      detail: '10 at $180.50, fees $1.00 · Retirement',
      href: '/dashboard/portfolio?portfolio=p1',
    });
  });

  it('merges sources newest first, a day before the events later that day', () => {
    const item = (key: string, at: string): ActivityItem => ({
      key,
      kind: 'transaction',
      glyph: 'deposit',
      at,
      title: key,
      detail: '',
      href: '/',
    });
    const merged = mergeActivity(
      [
        [item('old', '2024-02-01'), item('day', '2024-03-01')],
        [item('later-that-day', '2024-03-01T10:00:00Z')],
      ],
      2,
    );
    expect(merged.map((entry) => entry.key)).toEqual(['later-that-day', 'day']);
  });
});
