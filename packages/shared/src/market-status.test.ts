import { describe, expect, it } from 'vitest';
import {
  dayChangeWord,
  formatNewYorkTime,
  type MarketStatus,
  marketStatusDetail,
  marketStatusLabel,
} from './market-status.ts';

const thanksgiving: MarketStatus = {
  state: 'closed',
  asOf: '2026-11-25T21:00:00.000Z',
  session: '2026-11-25',
  closesAt: '2026-11-27T18:00:00.000Z',
  nextOpen: '2026-11-27T14:30:00.000Z',
};

describe('the market status in words', () => {
  it('names the last close and the next bell in New York time, the zone named', () => {
    expect(marketStatusLabel(thanksgiving)).toBe('Market closed · at close Nov 25, 4:00 PM ET');
    expect(marketStatusDetail(thanksgiving)).toBe(
      'Prices are at the close of Nov 25, 4:00 PM ET. The market opens Fri, Nov 27, 9:30 AM ET.',
    );
    expect(dayChangeWord(thanksgiving)).toBe('on Nov 25');
  });

  it('says when an open session closes, 1:00 PM on an early close', () => {
    const open: MarketStatus = {
      ...thanksgiving,
      state: 'open',
      asOf: '2026-11-27T15:00:00.000Z',
      session: '2026-11-27',
    };
    expect(marketStatusDetail(open)).toBe('The regular session runs until Nov 27, 1:00 PM ET.');
  });

  it('keeps New York time across daylight saving, whatever the reader zone', () => {
    expect(formatNewYorkTime('2026-03-06T21:00:00.000Z')).toBe('Mar 6, 4:00 PM ET');
    expect(formatNewYorkTime('2026-03-09T20:00:00.000Z')).toBe('Mar 9, 4:00 PM ET');
  });

  it('says "today" only for a session of today', () => {
    const open = { ...thanksgiving, state: 'open' as const };
    expect(marketStatusLabel(open)).toBe('Market open');
    expect(dayChangeWord(open)).toBe('today');
    expect(dayChangeWord({ ...thanksgiving, state: 'after' })).toBe('today');
    expect(dayChangeWord({ ...thanksgiving, state: 'pre' })).toBe('on Nov 25');
    expect(dayChangeWord(undefined)).toBe('day change');
  });
});
