import { describe, expect, it } from 'vitest';
import { formatTradingDay, quoteFreshness } from './data-source.ts';

const asOf = '2026-03-16T14:30:05.000Z';
const live = { delayed: false, delayMinutes: 0, asOf, stale: false };

describe('the note under a price', () => {
  it('never calls a simulated price real-time', () => {
    const note = quoteFreshness({ source: 'simulated', ...live }, { state: 'open' });
    expect(note).toMatch(
      /^Simulated data · live · updated \d{1,2}:30:05 [AP]M [A-Z][A-Za-z0-9+:-]*$/,
    );
    expect(note).not.toMatch(/real-time/i);
  });

  it('calls a price live only while the market is open', () => {
    for (const state of ['pre', 'after', 'closed'] as const) {
      const note = quoteFreshness({ source: 'simulated', ...live }, { state });
      expect(note).toMatch(/^Simulated data · updated \d{1,2}:30:05 [AP]M [A-Z][A-Za-z0-9+:-]*$/);
    }
    expect(quoteFreshness({ source: 'simulated', ...live })).not.toMatch(/live/);
  });

  it('says a price the provider could not refresh is delayed, and since when', () => {
    for (const source of ['simulated', 'finnhub'] as const) {
      const note = quoteFreshness({ source, ...live, stale: true });
      expect(note).toMatch(
        /^Delayed · last price received at \d{1,2}:30:05 [AP]M [A-Z][A-Za-z0-9+:-]*$/,
      );
      expect(note).not.toMatch(/real-time/i);
    }
  });

  it("says a plan's delayed price is delayed, by how long, and which instant it is", () => {
    const note = quoteFreshness({ source: 'finnhub', ...live, delayed: true, delayMinutes: 15 });
    expect(note).toMatch(/^Delayed 15 min · price at \d{1,2}:30:05 [AP]M [A-Z][A-Za-z0-9+:-]*$/);
    expect(note).not.toMatch(/real-time/i);
  });

  it('says a delayed price is the last close once the delay has passed it', () => {
    const delayed = { source: 'simulated' as const, ...live, delayed: true, delayMinutes: 15 };
    const closedAt = '2026-03-13T20:00:00.000Z';
    expect(quoteFreshness(delayed, { state: 'closed', asOf: closedAt })).toBe(
      "Delayed 15 min · the last close's price",
    );
    // Ten minutes after the close, a price 15 minutes late is still one from the session.
    const soonAfter = { ...delayed, asOf: '2026-03-13T19:55:00.000Z' };
    expect(quoteFreshness(soonAfter, { state: 'after', asOf: closedAt })).toMatch(
      /^Delayed 15 min · price at \d{1,2}:55:00 [AP]M [A-Z][A-Za-z0-9+:-]*$/,
    );
    expect(quoteFreshness(delayed, { state: 'open', asOf })).toMatch(/price at/);
  });

  it('calls a fresh price from a market data provider real-time, naming it', () => {
    expect(quoteFreshness({ source: 'finnhub', ...live })).toMatch(
      /^Real-time data from Finnhub · updated /,
    );
  });
});

describe('trading days', () => {
  it('are written as the exchange day, whatever the reader time zone', () => {
    expect(formatTradingDay('2026-11-23')).toBe('Nov 23, 2026');
    expect(formatTradingDay('2026-01-01')).toBe('Jan 1, 2026');
  });
});
