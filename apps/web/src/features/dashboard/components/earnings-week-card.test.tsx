import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { EarningsWeek } from '@tickerwise/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EarningsWeekCard } from './earnings-week-card.tsx';

const week: EarningsWeek = {
  from: '2026-03-16',
  to: '2026-03-22',
  stocks: 3,
  checked: 3,
  source: 'finnhub',
  asOf: '2026-03-16T15:00:00.000Z',
  status: 'ok',
  message: null,
  missing: [],
  items: [
    {
      symbol: 'NVDA',
      name: 'NVIDIA Corporation',
      date: '2026-03-17',
      hour: 'bmo',
      quarter: 4,
      year: 2025,
      epsEstimate: 0.89,
      revenueEstimate: null,
      held: false,
      watched: true,
    },
    {
      symbol: 'AAPL',
      name: 'Apple Inc.',
      date: '2026-03-19',
      hour: 'amc',
      quarter: 1,
      year: 2026,
      epsEstimate: null,
      revenueEstimate: null,
      held: true,
      watched: true,
    },
  ],
};

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
}

function renderCard() {
  const router = createMemoryRouter([{ path: '/', element: <EarningsWeekCard /> }]);
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Earnings this week', () => {
  it('lists each report with its day, time, estimate and why it is listed, then the source', async () => {
    answer(200, week);
    renderCard();
    const rows = await screen.findAllByRole('listitem');
    // The day, the symbol and why it is listed, the name and quarter, then the time and the
    // estimate (on a phone in one line under the name, beside it on a wider screen).
    expect(rows.map((row) => row.textContent)).toEqual([
      'Tue, Mar 17NVDAWatchedNVIDIA Corporation · Q4 2025Before the open · EPS est. $0.89Before the openEPS est. $0.89',
      'Thu, Mar 19AAPLHeldWatchedApple Inc. · Q1 2026After the closeAfter the close',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'NVDA' }).getAttribute('href')).toBe(
      '/dashboard/investments/stocks/NVDA',
    );
    expect(screen.getByText('Mon, Mar 16 to Sun, Mar 22')).toBeTruthy();
    expect(screen.getByText(/^Source: Finnhub · as of /)).toBeTruthy();
  });

  it('says when none of the stocks reports this week, and warns of stocks it could not read', async () => {
    answer(200, {
      ...week,
      status: 'stale',
      missing: ['GOOGL'],
      message: 'Finnhub could not be reached for GOOGL, so its dates are not listed.',
      items: [],
    });
    renderCard();
    expect(
      await screen.findByText(
        'Finnhub could not be reached for GOOGL, so its dates are not listed.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('None of your 3 stocks report earnings by Sun, Mar 22.')).toBeTruthy();
  });

  it('leads a user who follows no stock to the watchlist and portfolio', async () => {
    answer(200, { ...week, stocks: 0, checked: 0, items: [] });
    renderCard();
    expect(await screen.findByText('No stocks to follow yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open your watchlist' }).getAttribute('href')).toBe(
      '/dashboard/investments/watchlist',
    );
  });

  it('says plainly that an offline server has no earnings source, with nothing made up', async () => {
    const message =
      'Earnings dates come from Finnhub. This server runs offline on simulated prices, so it shows none.';
    answer(200, {
      ...week,
      checked: 0,
      source: null,
      asOf: null,
      status: 'not_offered',
      message,
      items: [],
    });
    renderCard();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText(/^Source:/)).toBeNull();
  });

  it('shows the failure with "Try again"', async () => {
    answer(500, { error: { code: 'internal', message: 'Something went wrong.' } });
    renderCard();
    expect(await screen.findByText('Earnings dates could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
