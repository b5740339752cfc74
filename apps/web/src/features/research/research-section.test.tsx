import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { EarningsResponse, FilingsResponse, NewsResponse } from '@tickerwise/shared';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResearchSection } from './research-section.tsx';

const asOf = '2026-03-16T15:00:00.000Z';

const news: NewsResponse = {
  symbol: 'AAPL',
  source: 'finnhub',
  asOf,
  status: 'ok',
  message: null,
  items: [
    {
      headline: 'Apple shares rise after product event',
      summary: 'The summary.',
      publisher: 'Reuters',
      url: 'https://www.reuters.com/technology/story-2',
      publishedAt: '2026-03-16T12:30:00.000Z',
    },
  ],
};

const earnings: EarningsResponse = {
  symbol: 'AAPL',
  source: 'finnhub',
  asOf,
  status: 'ok',
  message: null,
  next: {
    date: '2026-04-30',
    hour: 'amc',
    quarter: 2,
    year: 2026,
    epsEstimate: 1.62,
    revenueEstimate: null,
  },
  history: [
    {
      period: '2025-12-31',
      quarter: 1,
      year: 2026,
      epsActual: 2.4,
      epsEstimate: 2.35,
      surprise: 0.05,
      surprisePercent: 2.1277,
    },
  ],
};

const filings: FilingsResponse = {
  symbol: 'AAPL',
  source: 'sec_edgar',
  asOf,
  status: 'stale',
  message: 'SEC EDGAR could not be reached just now, so these filings are as of the time shown.',
  cik: '0000320193',
  items: [
    {
      form: '10-K',
      filedOn: '2025-10-31',
      reportDate: '2025-09-27',
      accessionNumber: '0000320193-25-000079',
      description: '10-K',
      url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/aapl-20250927.htm',
    },
  ],
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let answers: Record<string, () => Response>;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const answer = answers[String(input)];
  if (!answer) throw new Error(`unexpected ${String(input)}`);
  return answer();
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

function renderSection(symbol = 'AAPL', type: 'stock' | 'etf' = 'stock') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/stocks/:symbol',
        element: <Outlet context={{ symbol, name: 'Apple Inc.', type }} />,
        children: [{ index: true, element: <ResearchSection /> }],
      },
    ],
    { initialEntries: [`/stocks/${symbol}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('News and reports', () => {
  it('shows the headlines, the next report, past quarters and filings, each with its source', async () => {
    answers = {
      '/api/stocks/AAPL/news': () => json(200, news),
      '/api/stocks/AAPL/earnings': () => json(200, earnings),
      '/api/stocks/AAPL/filings': () => json(200, filings),
    };
    renderSection();
    const newsPanel = await screen.findByRole('region', { name: 'News' });
    const link = await within(newsPanel).findByRole('link', {
      name: 'Apple shares rise after product event',
    });
    expect(link.getAttribute('href')).toBe('https://www.reuters.com/technology/story-2');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(newsPanel).getByText(/^Reuters ·/)).toBeTruthy();
    expect(within(newsPanel).getByText(/^Source: Finnhub · as of /)).toBeTruthy();

    const earningsPanel = screen.getByRole('region', { name: 'Earnings' });
    expect(
      await within(earningsPanel).findByText(/after the close \(Q2 2026\), EPS estimate \$1\.62/),
    ).toBeTruthy();
    expect(within(earningsPanel).getByText('+2.1%')).toBeTruthy();

    const filingsPanel = screen.getByRole('region', { name: 'SEC filings' });
    expect(await within(filingsPanel).findByText(/could not be reached just now/)).toBeTruthy();
    expect(
      within(filingsPanel).getByRole('link', { name: 'Annual report for Sep 27, 2025' }),
    ).toBeTruthy();
    expect(within(filingsPanel).getByText(/^Source: SEC EDGAR/)).toBeTruthy();

    // A filing's summary is asked for only once the reader opens it.
    const summaryPath = '/api/stocks/AAPL/filings/0000320193-25-000079/summary';
    expect(fetchMock.mock.calls.some(([input]) => String(input) === summaryPath)).toBe(false);
    answers[summaryPath] = () =>
      json(200, {
        symbol: 'AAPL',
        accessionNumber: '0000320193-25-000079',
        form: '10-K',
        filedOn: '2025-10-31',
        url: filings.items[0]?.url,
        status: 'no_model',
        message:
          'Filing summaries are written by a language model, and this server has none connected, so none is written. Nothing is charged.',
        summary: null,
        sources: [],
        charged: false,
        credits: null,
        disclaimer: 'Not investment advice.',
      });
    const toggle = within(filingsPanel).getByRole('button', {
      name: 'Summary of the 10-K filed Oct 31, 2025',
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await within(filingsPanel).findByText(/this server has none connected/)).toBeTruthy();
  });

  it('says plainly when the server has no source, and offers a retry when a panel fails', async () => {
    answers = {
      '/api/stocks/SPY/news': () =>
        json(200, {
          ...news,
          symbol: 'SPY',
          source: null,
          asOf: null,
          status: 'not_offered',
          message:
            'Company news comes from Finnhub. This server runs offline on simulated prices, so it shows no headlines.',
          items: [],
        }),
      '/api/stocks/SPY/filings': () =>
        json(500, { error: { code: 'internal', message: 'Something went wrong.' } }),
    };
    renderSection('SPY', 'etf');
    expect(
      await screen.findByText(
        /This server runs offline on simulated prices, so it shows no headlines\./,
      ),
    ).toBeTruthy();
    // A fund has no earnings panel.
    expect(screen.queryByRole('region', { name: 'Earnings' })).toBeNull();
    expect(await screen.findByText('SEC filings could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
    expect(screen.queryByText(/^Source:/)).toBeNull();
  });
});
