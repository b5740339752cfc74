import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ScreenerResponse } from '@tickerwise/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenerPage } from './screener-page.tsx';

const answer: ScreenerResponse = {
  total: 2,
  universe: 560,
  columns: ['symbol', 'name', 'sector', 'price', 'change', 'rating', 'checklistScore'],
  rows: [
    {
      symbol: 'JPM',
      name: 'JPMorgan Chase',
      sector: 'Financials',
      price: 201.5,
      change: 1.25,
      rating: 'buy',
      checklistScore: 7,
    },
    {
      symbol: 'BAC',
      name: 'Bank of America',
      sector: 'Financials',
      price: 40.1,
      change: -0.5,
      rating: null,
      checklistScore: null,
    },
  ],
  source: 'simulated',
  delayed: true,
  delayMinutes: 15,
  asOf: '2026-03-16T15:00:00.000Z',
  closesAsOf: '2026-03-13',
  withoutHistory: 12,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's answers by path, in its wire format; every request is kept. */
function serve(screener: (url: URL) => Response) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      requests.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/screens') return json({ screens: [], limit: 1 });
      if (url.pathname === '/api/market/status') {
        return json({
          market: {
            state: 'open',
            asOf: '2026-03-16T15:00:00.000Z',
            session: '2026-03-16',
            closesAt: '2026-03-16T20:00:00.000Z',
            nextOpen: '2026-03-17T13:30:00.000Z',
          },
        });
      }
      return screener(url);
    }),
  );
  return requests;
}

function renderPage(path: string) {
  const router = createMemoryRouter(
    [{ path: '/dashboard/investments/screener', element: <ScreenerPage /> }],
    {
      initialEntries: [path],
    },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('the screener page', () => {
  it('asks for the screen in its address and shows the rows with their source and delay', async () => {
    const requests = serve(() => json(answer));
    renderPage('/dashboard/investments/screener?sector=Financials&peRatio=..25');
    expect(await screen.findByText('2 of 560 symbols match.')).toBeTruthy();
    const asked = requests.find((request) => request.includes('peRatio'));
    expect(asked).toContain('/api/screener?');
    expect(new URLSearchParams(asked!.split('?')[1]).get('sector')).toBe('Financials');
    const table = screen.getByRole('table');
    expect(within(table).getByText('$201.50')).toBeTruthy();
    expect(within(table).getByText('+1.25%')).toBeTruthy();
    expect(within(table).getByText('Buy')).toBeTruthy();
    expect(screen.getByText(/Delayed 15 min/)).toBeTruthy();
    expect(screen.getByText(/12 of 560 symbols have no stored history yet/)).toBeTruthy();
  });

  it('puts a header click and a chosen sector in the address', async () => {
    serve(() => json(answer));
    const router = renderPage('/dashboard/investments/screener');
    await screen.findByText('2 of 560 symbols match.');
    fireEvent.click(within(screen.getByRole('table')).getByRole('button', { name: /Price/ }));
    expect(router.state.location.search).toContain('sort=-price');
    fireEvent.click(within(screen.getByRole('table')).getByRole('button', { name: /Price/ }));
    expect(router.state.location.search).toContain('sort=price');
    fireEvent.click(screen.getByRole('button', { name: 'ETFs' }));
    expect(router.state.location.search).toContain('type=etf');
  });

  it("shows the server's reason for a filter it cannot read", async () => {
    serve(() =>
      json(
        {
          error: {
            code: 'invalid_screen',
            message: 'peRatio takes a range such as 10..25, 10.. or ..25.',
          },
        },
        400,
      ),
    );
    renderPage('/dashboard/investments/screener?peRatio=cheap..');
    expect(
      await screen.findByText('peRatio takes a range such as 10..25, 10.. or ..25.'),
    ).toBeTruthy();
  });
});
