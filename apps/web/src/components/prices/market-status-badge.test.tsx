import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { MarketStatus } from '@tickerwise/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDayChangeWord } from '../../lib/market-status.ts';
import { MarketStatusBadge } from './market-status-badge.tsx';

/** The server's answers on Thanksgiving 2026, before the open, in the session and after it. */
const statuses: Record<MarketStatus['state'], MarketStatus> = {
  closed: {
    state: 'closed',
    asOf: '2026-11-25T21:00:00.000Z',
    session: '2026-11-25',
    closesAt: '2026-11-27T18:00:00.000Z',
    nextOpen: '2026-11-27T14:30:00.000Z',
  },
  pre: {
    state: 'pre',
    asOf: '2026-11-25T21:00:00.000Z',
    session: '2026-11-25',
    closesAt: '2026-11-27T18:00:00.000Z',
    nextOpen: '2026-11-27T14:30:00.000Z',
  },
  open: {
    state: 'open',
    asOf: '2026-11-27T15:00:00.000Z',
    session: '2026-11-27',
    closesAt: '2026-11-27T18:00:00.000Z',
    nextOpen: '2026-11-30T14:30:00.000Z',
  },
  after: {
    state: 'after',
    asOf: '2026-11-27T18:00:00.000Z',
    session: '2026-11-27',
    closesAt: '2026-11-30T21:00:00.000Z',
    nextOpen: '2026-11-30T14:30:00.000Z',
  },
};

function serve(status: MarketStatus) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toBe('/api/market/status');
    return new Response(JSON.stringify({ market: status }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
}

function DayChange() {
  return <p>+$28.58 {useDayChangeWord()}</p>;
}

function renderBadge() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MarketStatusBadge />
      <DayChange />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('MarketStatusBadge', () => {
  it('says the market is closed on a holiday, at the last close, and the day change is that session’s', async () => {
    serve(statuses.closed);
    renderBadge();
    expect(await screen.findByText('Market closed · at close Nov 25, 4:00 PM ET')).toBeTruthy();
    expect(screen.getByText('+$28.58 on Nov 25')).toBeTruthy();
    expect(screen.queryByText(/today/)).toBeNull();
  });

  it('says pre-market before the bell, still without "today"', async () => {
    serve(statuses.pre);
    renderBadge();
    expect(await screen.findByText('Pre-market')).toBeTruthy();
    expect(screen.getByText('+$28.58 on Nov 25')).toBeTruthy();
  });

  it('says the market is open in the session, and the change is today’s', async () => {
    serve(statuses.open);
    renderBadge();
    expect(await screen.findByText('Market open')).toBeTruthy();
    expect(screen.getByText('+$28.58 today')).toBeTruthy();
  });

  it('says after hours once the session closed that day, the change still today’s', async () => {
    serve(statuses.after);
    renderBadge();
    expect(await screen.findByText('After hours')).toBeTruthy();
    expect(screen.getByText('+$28.58 today')).toBeTruthy();
  });

  it('claims no "today" before the status is known', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderBadge();
    expect(screen.getByText('+$28.58 day change')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
