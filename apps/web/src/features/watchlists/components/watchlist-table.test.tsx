import { fireEvent, render, screen, within } from '@testing-library/react';
import type { WatchlistRow } from '@tickerwise/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { WatchlistTable } from './watchlist-table.tsx';

const row = (symbol: string, price: number, change: number): WatchlistRow => ({
  symbol,
  name: `${symbol} Corporation`,
  type: 'stock',
  price,
  change,
  delayed: true,
  delayMinutes: 15,
  stale: false,
  quotedAt: '2026-03-16T15:00:00.000Z',
  sparkline: [
    { date: '2026-02-16', close: price / 1.1 },
    { date: '2026-03-16', close: price },
  ],
  rating: 'buy',
  ratingAsOf: '2026-03-13',
  alerts: [{ id: 'a1', summary: 'Price above $500', state: 'armed' }],
});

function renderTable(onReorder = vi.fn(), onRemove = vi.fn(), onSort = vi.fn()) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <WatchlistTable
          rows={[row('AAPL', 200, 1.5), row('MSFT', 400, -0.75)]}
          sort={null}
          onSort={onSort}
          onReorder={onReorder}
          onRemove={onRemove}
        />
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return { onReorder, onRemove, onSort };
}

describe('the watchlist on a phone', () => {
  it('shows every column of each symbol on its card', () => {
    renderTable();
    const card = document.querySelector('[data-watchlist-card="AAPL"]') as HTMLElement;
    expect(card).toBeTruthy();
    const inCard = within(card);
    expect(inCard.getByRole('link', { name: 'AAPL' })).toBeTruthy();
    expect(inCard.getByText('AAPL Corporation')).toBeTruthy();
    expect(inCard.getByText('$200.00')).toBeTruthy();
    expect(inCard.getByText('+1.50%')).toBeTruthy();
    expect(inCard.getByText('+10.0%')).toBeTruthy();
    expect(inCard.getByText('Buy')).toBeTruthy();
    expect(inCard.getByText('1 armed')).toBeTruthy();
    expect(inCard.getByRole('button', { name: 'Remove AAPL from this watchlist' })).toBeTruthy();
  });

  it('moves a symbol in the user order and sorts from a menu', () => {
    const { onReorder, onSort } = renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Move AAPL down' }));
    expect(onReorder).toHaveBeenCalledWith(['MSFT', 'AAPL']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort' }), {
      target: { value: 'change' },
    });
    expect(onSort).toHaveBeenCalledWith({ key: 'change', direction: 'descending' });
  });
});
