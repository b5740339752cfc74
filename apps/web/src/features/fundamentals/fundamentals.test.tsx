import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { FinancialStatements, FundData, StatementPeriod } from '@tickerwise/shared';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FinancialStatementsSection } from './financial-statements-section.tsx';
import { FundFigures } from './fund-figures.tsx';
import { FundHoldingsSection } from './fund-holdings-section.tsx';
import { statementRows } from './statement-rows.ts';

const asOf = '2026-05-12T15:00:00.000Z';
const billion = 1e9;

function period(
  label: string,
  kind: StatementPeriod['kind'],
  revenue: number,
  netIncome: number,
  growth: number | null,
): StatementPeriod {
  return {
    label,
    kind,
    fiscalYear: 2025,
    quarter: kind === 'quarter' ? 3 : null,
    startDate: null,
    endDate: '2025-09-30',
    income: {
      revenue: revenue * billion,
      costOfRevenue: revenue * 0.544 * billion,
      grossProfit: revenue * 0.456 * billion,
      operatingExpenses: revenue * 0.149 * billion,
      operatingIncome: revenue * 0.307 * billion,
      pretaxIncome: null,
      incomeTax: null,
      netIncome: netIncome * billion,
      eps: netIncome / 15,
      dilutedShares: 15 * billion,
    },
    balance: {
      cash: 30 * billion,
      currentAssets: 150 * billion,
      totalAssets: 360 * billion,
      currentLiabilities: 160 * billion,
      totalDebt: 100 * billion,
      totalLiabilities: 285 * billion,
      totalEquity: 75 * billion,
    },
    cashFlow: {
      netIncome: netIncome * billion,
      depreciation: null,
      operatingCashFlow: 118 * billion,
      capitalExpenditure: -12 * billion,
      investingCashFlow: null,
      dividendsPaid: -15 * billion,
      stockRepurchased: null,
      financingCashFlow: null,
      netChangeInCash: null,
      freeCashFlow: 106 * billion,
    },
    growth: { revenuePercent: growth, netIncomePercent: null, epsPercent: null },
  };
}

const statements: FinancialStatements = {
  symbol: 'KO',
  source: 'simulated',
  asOf,
  status: 'ok',
  message: 'Simulated statements, not the company’s: this server runs offline on simulated prices.',
  annual: [period('TTM', 'ttm', 447, 121, 7.5), period('FY 2025', 'year', 416, 112, 6.67)],
  quarterly: [period('Q3 2025', 'quarter', 94, 23, -1.05)],
};

const fund: FundData = {
  symbol: 'SPY',
  source: 'finnhub',
  asOf,
  status: 'stale',
  message: 'Finnhub could not be reached just now, so these fund figures are as of the time shown.',
  expenseRatioPercent: 0.0945,
  assetsUnderManagement: 600 * billion,
  dividendYieldPercent: 1.21,
  holdingsCount: 503,
  topHoldings: [{ symbol: 'NVDA', name: 'NVIDIA Corp', weightPercent: 7.1 }],
  sectorWeights: [{ sector: 'Information Technology', weightPercent: 31.2 }],
  holdingsAsOf: '2026-05-08',
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
  // happy-dom has no canvas: Chart.js says it cannot draw the chart, as it would in a browser
  // without one. Every other error still fails the test.
  const report = vi.mocked(console.error).getMockImplementation();
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
    if (String(args[0]).startsWith('Failed to create chart')) return;
    report?.(...args);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderOnPage(symbol: string, type: 'stock' | 'etf', element: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/stocks/:symbol',
        element: <Outlet context={{ symbol, name: symbol, type }} />,
        children: [{ index: true, element }],
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

describe('statement rows', () => {
  it('read the trailing twelve months as the key statistics do, and leave out empty rows', () => {
    const rows = statementRows('income', statements.annual);
    const row = (label: string) => rows.find((entry) => entry.label === label)?.cells;
    expect(row('Revenue')).toEqual(['447,000', '416,000']);
    expect(row('Gross margin')).toEqual(['45.60%', '45.60%']);
    expect(row('Revenue growth (YoY)')).toEqual(['+7.50%', '+6.67%']);
    expect(row('EPS (diluted)')).toEqual(['$8.07', '$7.47']);
    expect(row('Pretax income')).toBeUndefined();
    const cash = statementRows('cashFlow', statements.annual);
    expect(cash.find((entry) => entry.label === 'Capital expenditure')?.cells[0]).toBe('-12,000');
    const balance = statementRows('balance', statements.quarterly);
    expect(balance.find((entry) => entry.label === 'Debt to equity')?.cells).toEqual(['1.33']);
    expect(balance.find((entry) => entry.label === 'Return on equity')).toBeUndefined();
  });
});

describe('Financial statements', () => {
  it('shows the simulated statements, said to be simulated, annual and quarterly, each statement', async () => {
    answers = { '/api/stocks/KO/financials': () => json(200, statements) };
    renderOnPage('KO', 'stock', <FinancialStatementsSection />);
    expect(await screen.findByText(/^Simulated statements, not the company’s/)).toBeTruthy();
    expect(screen.getByText('Simulated data')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: /TTM/ })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'Net margin' })).toBeTruthy();
    expect(screen.getByText(/^Source: Tickerwise’s market simulation/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quarterly' }));
    expect(
      within(screen.getByRole('table')).getByRole('columnheader', { name: /Q3 2025/ }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Balance sheet' }));
    expect(
      within(screen.getByRole('table')).getByRole('rowheader', { name: 'Total assets' }),
    ).toBeTruthy();
    expect(
      // The chart's code loads on first use: slow on a busy machine.
      await screen.findByRole(
        'img',
        { name: /Revenue and net income of KO, by quarter/ },
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
  });

  it('offers a retry when the statements fail to load, and is not shown for a fund', async () => {
    answers = {
      '/api/stocks/KO/financials': () =>
        json(500, { error: { code: 'internal', message: 'Something went wrong.' } }),
    };
    renderOnPage('KO', 'stock', <FinancialStatementsSection />);
    expect(await screen.findByText('Financial statements could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
    answers = {};
    renderOnPage('SPY', 'etf', <FinancialStatementsSection />);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says why there are none when Finnhub is unreachable', async () => {
    answers = {
      '/api/stocks/KO/financials': () =>
        json(200, {
          ...statements,
          source: 'finnhub',
          status: 'unavailable',
          asOf: null,
          message:
            'Finnhub could not be reached for KO’s financial statements. Please try again in a few minutes.',
          annual: [],
          quarterly: [],
        }),
    };
    renderOnPage('KO', 'stock', <FinancialStatementsSection />);
    expect(
      await screen.findByText(/could not be reached for KO’s financial statements/),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('Fund data', () => {
  it('shows the headline figures, holdings and sectors with their date, and says when they are old', async () => {
    answers = { '/api/stocks/SPY/fund': () => json(200, fund) };
    renderOnPage(
      'SPY',
      'etf',
      <>
        <FundFigures symbol="SPY" volume={1_234_567} />
        <FundHoldingsSection />
      </>,
    );
    expect(await screen.findByText('$600.00B')).toBeTruthy();
    expect(screen.getByText('0.0945%')).toBeTruthy();
    expect(screen.getByText('1.21%')).toBeTruthy();
    expect(screen.getByText('1,234,567')).toBeTruthy();
    expect(screen.getByText(/could not be reached just now/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'NVDA' }).getAttribute('href')).toBe(
      '/dashboard/investments/stocks/NVDA',
    );
    expect(screen.getByText('31.20%')).toBeTruthy();
    expect(
      screen.getByText(/^Source: Finnhub, ETF data · as of .* · holdings of May 8, 2026$/),
    ).toBeTruthy();
  });

  it('shows simulated fund figures with a label, and nothing for a company', async () => {
    answers = {
      '/api/stocks/GLD/fund': () =>
        json(200, {
          ...fund,
          symbol: 'GLD',
          source: 'simulated',
          status: 'ok',
          message:
            'Simulated fund figures, not the fund’s: this server runs offline on simulated prices.',
          topHoldings: [],
          sectorWeights: [],
          holdingsCount: null,
          holdingsAsOf: null,
        }),
    };
    renderOnPage('GLD', 'etf', <FundHoldingsSection />);
    expect(await screen.findByText(/^Simulated fund figures/)).toBeTruthy();
    expect(screen.getByText(/the simulation names no holdings/)).toBeTruthy();
    expect(screen.getByText(/^No sector weights/)).toBeTruthy();
  });
});
