import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { CompanyData, HistoryResponse, Stock } from '@tickerwise/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSecurityPage } from '../../lib/security-page-slot.ts';
import { StockDetailPage } from './stock-detail-page.tsx';

const spy: Stock = {
  symbol: 'SPY',
  name: 'SPDR S&P 500 ETF Trust',
  type: 'etf',
  price: 512.34,
  change: -0.42,
  volume: 61_234_567,
  marketCap: null,
  yearHigh: 540.1,
  yearLow: 410.5,
  peRatio: null,
  historicalData: [],
  source: 'simulated',
  delayed: false,
  delayMinutes: 0,
  asOf: '2026-03-16T14:30:00.000Z',
  stale: false,
};

const noBars: HistoryResponse = {
  symbol: 'SPY',
  range: '1m',
  bars: [],
  source: 'tiingo',
  asOf: null,
  stale: false,
  delayed: false,
  delayMinutes: 0,
};

const fund: CompanyData = {
  profile: {
    symbol: 'SPY',
    name: spy.name,
    type: 'etf',
    exchange: 'NYSE Arca',
    sector: 'US equity',
    industry: 'Large blend (S&P 500)',
    country: 'US',
    currency: 'USD',
    website: null,
    ipoDate: '1993-01-22',
    sharesOutstanding: null,
  },
  metrics: {
    marketCap: null,
    peRatio: null,
    pbRatio: null,
    psRatio: null,
    eps: null,
    dividendYieldPercent: 1.21,
    payoutRatioPercent: null,
    beta: 1,
    yearHigh: 540.1,
    yearLow: 410.5,
    grossMarginPercent: null,
    operatingMarginPercent: null,
    netMarginPercent: null,
    roePercent: null,
    revenueGrowthPercent: null,
    epsGrowthPercent: null,
    revenueGrowth5yPercent: null,
    debtToEquity: null,
    currentRatio: null,
  },
  source: 'finnhub',
  asOf: '2026-03-13',
  stale: true,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server's answers for SPY (in any case, as the server reads symbols); others are unknown. */
async function serverFetch(input: RequestInfo | URL): Promise<Response> {
  const [, symbol = '', part = ''] = String(input).match(/^\/api\/stocks\/([^/?]+)(\/\w+)?/) ?? [];
  if (symbol.toUpperCase() === 'SPY') {
    if (part === '') return json(200, { stock: spy });
    if (part === '/history') return json(200, noBars);
    if (part === '/profile') return json(200, fund);
  }
  return json(404, { error: { code: 'stock_not_found', message: 'Stock not found.' } });
}

beforeEach(() => vi.stubGlobal('fetch', vi.fn(serverFetch)));
afterEach(() => vi.unstubAllGlobals());

/** What another feature adds to the page: a child route reading which security it is on. */
function AddedSection() {
  const security = useSecurityPage();
  return (
    <section aria-label="Added section">
      {security.symbol} {security.name} {security.type}
    </section>
  );
}

function renderPage(symbol: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard/investments/stocks/:symbol',
        Component: StockDetailPage,
        children: [{ index: true, Component: AddedSection }],
      },
      { path: '*', element: null },
    ],
    { initialEntries: [`/dashboard/investments/stocks/${symbol}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a security page', () => {
  it('shows an ETF labelled as one, with its empty history, fund figures and their sources', async () => {
    renderPage('spy');
    expect(await screen.findByRole('heading', { level: 1, name: spy.name })).toBeTruthy();
    expect(screen.getByText('ETF')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Simulated data' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to ETFs' }).getAttribute('href')).toBe(
      '/dashboard/investments/etfs',
    );
    expect(screen.getAllByText('Not available').length).toBeGreaterThan(0);

    const history = screen.getByRole('region', { name: 'Price History' });
    expect(await within(history).findByText('No price history yet')).toBeTruthy();
    expect(within(history).getByText('Daily prices: Tiingo')).toBeTruthy();

    const statistics = screen.getByRole('region', { name: 'Key statistics' });
    expect(await within(statistics).findByText('1.21%')).toBeTruthy();
    expect(within(statistics).getByText('Figures: Finnhub · as of Mar 13, 2026')).toBeTruthy();
    expect(within(statistics).getByRole('button', { name: 'Delayed' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Fund profile' }).textContent).toContain(
      'Inception dateJan 22, 1993',
    );
  });

  it('renders the sections other features add below the key statistics, told which security', async () => {
    renderPage('SPY');
    const added = await screen.findByRole('region', { name: 'Added section' });
    expect(added.textContent).toBe('SPY SPDR S&P 500 ETF Trust etf');
    const statistics = screen.getByRole('region', { name: 'Key statistics' });
    expect(
      statistics.compareDocumentPosition(added) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says so for a symbol no stock or ETF has, without the added sections', async () => {
    renderPage('NOPE');
    expect(await screen.findByRole('heading', { name: 'Stock not found' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Added section' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Return to Stocks' })).toBeTruthy();
  });
});
