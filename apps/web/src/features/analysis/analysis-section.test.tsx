import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AnalysisResponse, analysisResponseSchema } from '@tickerwise/shared';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalysisSection } from './analysis-section.tsx';
import freeAnalysis from './test/aapl-free.json';

/** A Free user's answer for AAPL as the server gave it (simulated prices). */
const free = analysisResponseSchema.parse(freeAnalysis);
const credits = { used: 3, limit: 50, resetsAt: '2026-11-24T00:00:00.000Z' };
const pro: AnalysisResponse = {
  ...free,
  delayed: false,
  delayMinutes: 0,
  written: { status: 'available', cost: 1, writer: 'model', model: 'fake-analyst-1' },
  credits,
  ask: { available: true, reason: null, message: null, writer: 'model', model: 'fake-analyst-1' },
};
/** The same user on a server with no language model: the built-in writer and answerer. */
const builtIn: AnalysisResponse = {
  ...pro,
  written: { status: 'available', cost: 0, writer: 'built_in', model: null },
  ask: { available: true, reason: null, message: null, writer: 'built_in', model: null },
};

const sections = [
  ['Summary', 'Apple closed at $186.67.'],
  ['Trend and momentum', 'The averages read Strong Buy.'],
  ['Valuation and quality', '9 checks pass.'],
  ['Risks', 'Volatility is 16.2%.'],
  ['What to watch', 'The 200-day average.'],
] as const;
const streamText = sections.map(([title, text]) => `## ${title}\n\n${text}`).join('\n\n');
const written = {
  sections: sections.map(([title, text], index) => ({
    key: ['summary', 'trend', 'valuation', 'risks', 'watch'][index],
    title,
    text,
  })),
  writer: 'model',
  model: 'fake-analyst-1',
  fallback: null,
  dataDate: free.dataDate,
  writtenAt: '2026-11-23T21:00:00.000Z',
  disclaimer: 'Not investment advice.',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function eventStream(events: Array<[string, unknown]>): Response {
  const text = events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  return new Response(new Blob(text).stream(), {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });
}

let answers: Record<string, () => Response>;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const key = `${init?.method ?? 'GET'} ${String(input)}`;
  const answer = answers[key];
  if (!answer) throw new Error(`unexpected ${key}`);
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
        children: [{ index: true, element: <AnalysisSection /> }],
      },
    ],
    { initialEntries: [`/stocks/${symbol}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('AI Analysis section', () => {
  it('gives Free the rating in words, the figures and checks, and the upgrade prompt', async () => {
    answers = { 'GET /api/stocks/AAPL/analysis': () => json(200, free) };
    renderSection();
    const region = await screen.findByRole('region', { name: 'Analysis' });
    const overall = free.rating.overall;
    expect(
      await within(region).findByText(
        new RegExp(`^Overall: .+, score ${overall.score?.toFixed(2)} on a scale from −1`),
      ),
    ).toBeTruthy();
    expect(within(region).getByText('Volatility (30 days, annualised)')).toBeTruthy();
    expect(within(region).getAllByText(/^Threshold: /).length).toBe(free.checks.length);
    expect(within(region).getByText('Upgrade to Pro for the written analysis')).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe(
      '/plan-change',
    );
    expect(within(region).queryByRole('button', { name: 'Read the analysis' })).toBeNull();
    expect(
      within(region).getByText(/come with the Pro plan and up, like the written/),
    ).toBeTruthy();
  });

  it("says the day the figures are as of, and that Free sees a day's close 15 minutes late", async () => {
    answers = { 'GET /api/stocks/AAPL/analysis': () => json(200, free) };
    renderSection();
    const region = await screen.findByRole('region', { name: 'Analysis' });
    const note = await within(region).findByText(/^Rating and figures: /);
    expect(note.textContent).toContain('simulated data (not real market data) · through Nov 23');
    expect(note.textContent).toContain(
      "Delayed 15 min: your plan sees a day's close 15 minutes after the market closes",
    );
    expect(
      within(note)
        .getByRole('link', { name: /Upgrade/ })
        .getAttribute('href'),
    ).toBe('/pricing');
  });

  it('says nothing of a delay to a real-time plan', async () => {
    answers = { 'GET /api/stocks/AAPL/analysis': () => json(200, pro) };
    renderSection();
    const region = await screen.findByRole('region', { name: 'AI Analysis' });
    const note = await within(region).findByText(/^Rating and figures: /);
    expect(note.textContent).not.toMatch(/Delayed/);
  });

  it('folds the votes until asked, then shows each with its readings', async () => {
    answers = { 'GET /api/stocks/AAPL/analysis': () => json(200, free) };
    renderSection();
    const toggle = await screen.findByRole('button', { name: /All 26 votes/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Relative Strength Index (14)').closest('[hidden]')).not.toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Relative Strength Index (14)').closest('[hidden]')).toBeNull();
  });

  it('opens the written analysis for a credit and shows it as it streams in', async () => {
    answers = {
      'GET /api/stocks/AAPL/analysis': () => json(200, pro),
      'POST /api/stocks/AAPL/analysis/written': () =>
        eventStream([
          ['start', { dataDate: free.dataDate, charged: true, credits: { ...credits, used: 4 } }],
          ['text', { text: streamText.slice(0, 40) }],
          ['text', { text: streamText.slice(40) }],
          ['done', { analysis: written, charged: true, credits: { ...credits, used: 4 } }],
        ]),
    };
    const queryClient = renderSection();
    // What the dashboard's AI Credits card read before.
    queryClient.setQueryData(['me', 'usage'], { tier: 'pro', quotas: { aiCalls: credits } });
    expect(
      await screen.findByText(/Opening it uses 1 AI credit \(47 of 50 left today\)/),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Read the analysis' }));
    const article = await screen.findByRole('article', { name: 'Written analysis' });
    for (const [title] of sections) {
      expect(within(article).getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(within(article).getByText(/Written by the language model fake-analyst-1/)).toBeTruthy();
    expect(within(article).getByText('Not investment advice.')).toBeTruthy();
    const [, request] =
      fetchMock.mock.calls.find(([url]) => String(url).endsWith('/written')) ?? [];
    expect(request?.headers).toMatchObject({ accept: 'text/event-stream' });
    // The open changed the credits: the analysis is asked again, the usage takes the new count.
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url) === '/api/stocks/AAPL/analysis'),
      ).toHaveLength(2),
    );
    expect(queryClient.getQueryData(['me', 'usage'])).toEqual({
      tier: 'pro',
      quotas: { aiCalls: { ...credits, used: 4 } },
    });
  });

  it('says when the credits are used up, when they come back, and where to get more', async () => {
    answers = {
      'GET /api/stocks/AAPL/analysis': () =>
        json(200, {
          ...pro,
          credits: { ...credits, used: 50 },
          written: {
            status: 'quota_exceeded',
            resetsAt: credits.resetsAt,
            message: 'You have used all 50 AI credits of today.',
          },
        }),
    };
    renderSection();
    expect(await screen.findByText("You have used today's AI credits")).toBeTruthy();
    expect(screen.getByText(/Credits start again at 00:00 UTC, in/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade for more' }).getAttribute('href')).toBe(
      '/pricing',
    );
  });

  it('says a limit on model calls at once as it is, with Try again, not as credits used up', async () => {
    const message =
      'You have 2 answers of the language model being written at once, the most one account may have. Wait for one to finish, then try again.';
    answers = {
      'GET /api/stocks/AAPL/analysis': () => json(200, pro),
      'POST /api/stocks/AAPL/analysis/written': () =>
        json(429, { error: { code: 'too_many_model_calls', message } }),
    };
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Read the analysis' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText("You have used today's AI credits")).toBeNull();
  });

  it('without a model, opens the automated summary at once for free, and the ask box answers from the figures', async () => {
    answers = {
      'GET /api/stocks/AAPL/analysis': () => json(200, builtIn),
      'POST /api/stocks/AAPL/analysis/written': () =>
        eventStream([
          ['start', { dataDate: free.dataDate, charged: false, credits }],
          ['text', { text: streamText }],
          [
            'done',
            { analysis: { ...written, writer: 'built_in', model: null }, charged: false, credits },
          ],
        ]),
    };
    renderSection();
    const region = await screen.findByRole('region', { name: 'Analysis' });
    expect(await within(region).findByRole('heading', { name: 'Automated summary' })).toBeTruthy();
    const article = await within(region).findByRole('article', { name: 'Written analysis' });
    expect(
      within(article).getByText(
        /Automated summary by the built-in writer .*\(not AI, no credit used\)/,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/AI credit \(/)).toBeNull();
    expect(screen.getByText(/by the built-in answerer, not AI: free/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ask' })).toBeTruthy();
  });

  it('shows a fund only the checks that apply to it', async () => {
    const fund: AnalysisResponse = { ...free, symbol: 'SPY', type: 'etf' };
    answers = { 'GET /api/stocks/SPY/analysis': () => json(200, fund) };
    renderSection('SPY', 'etf');
    expect(await screen.findByText(/A fund has no company earnings/)).toBeTruthy();
    const available = free.checks.filter((check) => check.status !== 'not_available');
    expect(screen.getAllByText(/^Threshold: /)).toHaveLength(available.length);
    expect(screen.getByRole('heading', { name: 'Ask about this fund' })).toBeTruthy();
  });

  it('says what failed and offers to try again', async () => {
    answers = {
      'GET /api/stocks/AAPL/analysis': () =>
        json(404, {
          error: { code: 'no_price_history', message: 'No price history is stored for AAPL yet.' },
        }),
    };
    renderSection();
    expect(await screen.findByText('The analysis could not be loaded.')).toBeTruthy();
    expect(screen.getByText('No price history is stored for AAPL yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});
