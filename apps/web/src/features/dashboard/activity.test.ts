import type { AlertFiring, RecentTransaction } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import {
  type ActivityItem,
  alertActivity,
  analysisActivity,
  mergeActivity,
  transactionActivity,
} from './activity.ts';

const sell: RecentTransaction = {
  id: 'a1',
  portfolioId: 'p1',
  portfolioName: 'Retirement',
  portfolioKind: 'real',
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
  enteredBy: null,
};

describe('recent activity', () => {
  it('labels a practice trade with the practice portfolio', () => {
    const practised = { ...sell, portfolioName: 'Practice', portfolioKind: 'practice' as const };
    expect(transactionActivity(practised).detail).toBe('10 at $180.50, fees $1.00 · Practice');
  });

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

  it('describes an analysis read and leads to the stock', () => {
    expect(
      analysisActivity({
        symbol: 'BRK.B',
        name: 'Berkshire Hathaway Inc.',
        day: '2024-03-02',
        openedAt: '2024-03-02T09:30:00.000Z',
      }),
    ).toEqual({
      key: 'analysis:BRK.B:2024-03-02',
      kind: 'analysis',
      glyph: 'analysis',
      at: '2024-03-02T09:30:00.000Z',
      title: 'Read the analysis of BRK.B',
      detail: 'Berkshire Hathaway Inc.',
      href: '/dashboard/investments/stocks/BRK.B',
    });
  });

  it('describes a fired alert by its notification and leads to the Alerts page', () => {
    const firing: AlertFiring = {
      id: 'f1',
      alertId: 'x1',
      symbol: 'AAPL',
      title: 'AAPL rose above $200.00',
      message: 'AAPL traded at $200.00',
      value: 200,
      tradingDay: '2024-03-01',
      firedAt: '2024-03-01T16:00:00.000Z',
    };
    const item = alertActivity(firing);
    expect(item).toEqual({
      key: 'alert:f1',
      kind: 'alert',
      glyph: 'alert',
      at: '2024-03-01T16:00:00.000Z',
      title: 'AAPL rose above $200.00',
      detail: 'Alert fired · AAPL',
      href: '/dashboard/investments/alerts',
    });
    // Fired during the day of a transaction dated by the day: listed above it.
    expect(
      mergeActivity([[transactionActivity(sell)], [item]], 5).map((entry) => entry.key),
    ).toEqual(['alert:f1', 'transaction:a1']);
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
