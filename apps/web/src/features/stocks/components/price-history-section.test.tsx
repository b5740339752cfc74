import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { HistoryResponse, IntradayResponse } from '@tickerwise/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PriceHistorySection } from './price-history-section.tsx';

/** Monday March 16, 2026, 9:30 to 10:45 New York time (13:30 to 14:45 UTC) in 5-minute bars. */
function intradayOf(symbol: string, first: number, range: '1d' | '5d' = '1d'): IntradayResponse {
  const count = range === '1d' ? 15 : 31;
  const step = range === '1d' ? 5 : 15;
  return {
    symbol,
    range,
    intervalMinutes: step,
    bars: Array.from({ length: count }, (_, index) => {
      const close = first + index;
      return {
        time: new Date(Date.UTC(2026, 2, 16, 13, 30) + index * step * 60_000).toISOString(),
        open: close - 0.5,
        high: close + 1,
        low: close - 1,
        close,
        volume: 1_000 * (index + 1),
      };
    }),
    sessions: ['2026-03-16'],
    source: 'simulated',
    simulated: true,
    available: true,
    asOf: '2026-03-16T14:45:00.000Z',
    stale: false,
    delayed: true,
    delayMinutes: 15,
    market: {
      state: 'open',
      asOf: '2026-03-16T15:00:00.000Z',
      session: '2026-03-16',
      closesAt: '2026-03-16T20:00:00.000Z',
      nextOpen: '2026-03-17T13:30:00.000Z',
    },
  };
}

const month: HistoryResponse = {
  symbol: 'AAPL',
  range: '1m',
  bars: [
    { date: '2026-03-12', open: 99, high: 101, low: 98, close: 100, volume: 10 },
    { date: '2026-03-13', open: 100, high: 111, low: 99, close: 110, volume: 20 },
  ],
  source: 'simulated',
  asOf: '2026-03-13',
  stale: false,
  delayed: false,
  delayMinutes: 0,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** What the server was asked, in order. */
let asked: string[] = [];
/** Whether this server's source gives intraday bars. */
let intradayAvailable = true;
/** Whether the source could not be reached, with no bars kept. */
let intradayUnreachable = false;

async function serverFetch(input: RequestInfo | URL): Promise<Response> {
  const url = String(input);
  asked.push(url);
  const [, symbol = '', part = ''] = url.match(/^\/api\/stocks\/([^/?]+)\/(\w+)/) ?? [];
  const range = new URLSearchParams(url.split('?')[1]).get('range');
  if (part === 'intraday') {
    const answer = intradayOf(symbol, symbol === 'SPY' ? 500 : 100, range === '5d' ? '5d' : '1d');
    if (!intradayAvailable) return json(200, { ...answer, bars: [], available: false, asOf: null });
    if (intradayUnreachable) return json(200, { ...answer, bars: [], stale: true, asOf: null });
    return json(200, answer);
  }
  if (part === 'history' && symbol === 'AAPL') {
    const withAverages = url.includes('averages=sma')
      ? { averages: { sma50: [95, 96], sma200: [null, 90] } }
      : {};
    return json(200, { ...month, ...withAverages });
  }
  return json(404, { error: { code: 'stock_not_found', message: 'Stock not found.' } });
}

beforeEach(() => {
  asked = [];
  intradayAvailable = true;
  intradayUnreachable = false;
  vi.stubGlobal('fetch', vi.fn(serverFetch));
  // The test DOM has no canvas context: Chart.js draws nothing and says so, and that is all it
  // says. What is checked here is everything around the drawing (the real drawing: e2e).
  const logged = vi.mocked(console.error).getMockImplementation();
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes("can't acquire context")) logged?.(...args);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderSection(search: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/stock',
        element: <PriceHistorySection symbol="AAPL" />,
      },
    ],
    { initialEntries: [`/stock${search}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: /^Price History/ });
}

describe('the price chart', () => {
  it('draws 1D from intraday bars, says the session and the delay, labelled simulated', async () => {
    const section = renderSection('?range=1d');
    const chart = await within(section).findByRole('img', { name: /^AAPL 5-minute prices/ });
    expect(chart.getAttribute('aria-label')).toBe(
      'AAPL 5-minute prices, one session: $100.00 on Mon, Mar 16, 9:30 AM ET to $114.00 on Mon, Mar 16, 10:40 AM ET',
    );
    expect(within(section).getByRole('button', { name: '1D', pressed: true })).toBeTruthy();
    const session = within(section).getByText('Market open').parentElement!;
    expect(session.textContent).toContain('as of Mar 16, 11:00 AM ET');
    expect(session.textContent).toContain(
      'bars to Mar 16, 10:45 AM ET (your plan sees prices 15 minutes late)',
    );
    expect(within(section).getByText('Simulated intraday prices')).toBeTruthy();
    expect(asked).toEqual(['/api/stocks/AAPL/intraday?range=1d']);
  });

  it('compares with SPY in percent, both from 0%, the slider reading the last bar', async () => {
    const section = renderSection('?range=1d&compare=SPY');
    const chart = await within(section).findByRole('img', {
      name: /compared with SPY in percent$/,
    });
    expect(chart.getAttribute('aria-label')).toMatch(/^AAPL 5-minute prices, one session: /);
    expect(asked).toContain('/api/stocks/SPY/intraday?range=1d');
    expect(within(section).getByText('SPY')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Stop comparing with SPY' })).toBeTruthy();
    // AAPL went from 100 to 114 (+14%), SPY from 500 to 514 (+2.8%): the slider reads the bar.
    const reader = within(section).getByRole('slider', { name: 'AAPL price chart, bar by bar' });
    expect(reader.getAttribute('aria-valuetext')).toBe(
      'Mon, Mar 16, 10:40 AM ET: AAPL close $114.00 (+14.00%), SPY +2.80%, volume 15,000',
    );
    expect(reader.getAttribute('max')).toBe('14');
  });

  it("opens the table of the range's own bars", async () => {
    const section = renderSection('?range=5d');
    await within(section).findByRole('img', { name: /^AAPL 15-minute prices/ });
    fireEvent.click(
      within(section).getByRole('button', { name: 'Show the 15-minute prices as a table' }),
    );
    const table = within(section).getByRole('region', { name: 'AAPL 15-minute prices' });
    expect(within(table).getAllByRole('row')).toHaveLength(32);
    expect(within(table).getAllByRole('columnheader')[0]!.textContent).toBe('Time (ET)');
  });

  it('draws the moving averages asked for, with the volume bars off', async () => {
    const section = renderSection('?overlays=sma50');
    expect(await within(section).findByRole('img', { name: /, with SMA 50$/ })).toBeTruthy();
    expect(asked).toEqual(['/api/stocks/AAPL/history?range=1m&averages=sma']);
    expect(within(section).queryByRole('img', { name: /shares traded/ })).toBeNull();
    expect(within(section).getByRole('button', { name: 'SMA 50', pressed: true })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Volume', pressed: false })).toBeTruthy();
  });

  it('says on 1D that the averages are of daily closes, and asks for none', async () => {
    const section = renderSection('?range=1d&overlays=sma200,volume');
    await within(section).findByRole('img', { name: /^AAPL 5-minute prices/ });
    expect(
      within(section).getByText(/SMA 50 and SMA 200 are averages of daily closes/),
    ).toBeTruthy();
    expect(within(section).getByRole('img', { name: /^AAPL shares traded each bar/ })).toBeTruthy();
    expect(asked).toEqual(['/api/stocks/AAPL/intraday?range=1d']);
  });

  it('says plainly when the source gives this server no intraday bars', async () => {
    intradayAvailable = false;
    const section = renderSection('?range=5d');
    expect(await within(section).findByText('No intraday prices from this source')).toBeTruthy();
    expect(
      within(section).getByText(/The 1M to Max ranges are drawn from daily prices/),
    ).toBeTruthy();
    expect(within(section).queryByRole('img')).toBeNull();
  });

  it('says when the source cannot be reached and no intraday bars are kept', async () => {
    intradayUnreachable = true;
    const section = renderSection('?range=1d');
    expect(
      await within(section).findByText('Intraday prices are unavailable right now'),
    ).toBeTruthy();
    expect(
      within(section).getByText(/could not be reached and no intraday prices of AAPL are kept/),
    ).toBeTruthy();
    expect(within(section).queryByRole('img')).toBeNull();
  });
});

describe('the default chart', () => {
  it('draws the past month of daily closes with the volume bars', async () => {
    const section = renderSection('');
    expect(
      await within(section).findByRole('img', { name: /^AAPL daily closing prices, past month: / }),
    ).toBeTruthy();
    expect(within(section).getByRole('img', { name: /^AAPL shares traded each day/ })).toBeTruthy();
  });
});
