import { fireEvent, render, screen, within } from '@testing-library/react';
import type { DailyBar } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { PriceTable } from './price-table.tsx';

const bars: DailyBar[] = [
  { date: '2026-03-09', open: 101.25, high: 104.5, low: 99.75, close: 103.1, volume: 51_234_567 },
  { date: '2026-03-10', open: 103.1, high: 1_203.4, low: 97.2, close: 98.05, volume: 0 },
];

describe('the daily prices as a table', () => {
  it('opens on demand and lists each bar’s figures as the chart has them, newest first', () => {
    render(<PriceTable symbol="AAPL" bars={bars} />);
    expect(screen.queryByRole('table')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show the daily prices as a table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const region = screen.getByRole('region', { name: 'AAPL daily prices' });
    const rows = within(region).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayOpenHighLowCloseVolume',
      `${within(rows[1]!).getByRole('rowheader').textContent}$103.10$1,203.40$97.20$98.050`,
      `${within(rows[2]!).getByRole('rowheader').textContent}$101.25$104.50$99.75$103.1051,234,567`,
    ]);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toMatch(/Mar 10, 2026/);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the daily prices' }));
    expect(screen.queryByRole('table')).toBeNull();
  });
});
