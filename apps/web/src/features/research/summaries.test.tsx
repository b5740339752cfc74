import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type {
  FilingSummary as FilingSummaryAnswer,
  WhyItMoved as WhyItMovedAnswer,
} from '@tickerwise/shared';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilingSummary } from './components/filing-summary.tsx';
import { WhyItMoved } from './components/why-it-moved.tsx';

const credits = { used: 3, limit: 200, resetsAt: '2026-03-17T00:00:00.000Z' };

const notWritten: WhyItMovedAnswer = {
  symbol: 'AAPL',
  day: '2026-03-16',
  status: 'not_written',
  message: 'A summary of the day’s 2 headlines uses 1 AI credit; reading it again is free.',
  summary: null,
  charged: false,
  credits,
  disclaimer: 'Not investment advice.',
  move: {
    changePercent: -1.37,
    price: 212.4,
    source: 'finnhub',
    delayed: true,
    delayMinutes: 15,
    asOf: '2026-03-16T14:45:00.000Z',
    stale: false,
  },
  sources: [
    {
      headline: 'Apple wins EU approval for its payments service',
      publisher: 'Reuters',
      url: 'https://www.reuters.com/markets/story-2',
      publishedAt: '2026-03-16T13:10:00.000Z',
    },
    {
      headline: 'Apple unveils a cheaper iPhone at its spring event',
      publisher: 'Reuters',
      url: 'https://www.reuters.com/markets/story-1',
      publishedAt: '2026-03-16T12:30:00.000Z',
    },
  ],
  newsSource: 'finnhub',
  newsAsOf: '2026-03-16T15:00:00.000Z',
};

const written: WhyItMovedAnswer = {
  ...notWritten,
  status: 'ready',
  message: null,
  charged: true,
  credits: { ...credits, used: 4 },
  summary: {
    model: 'fake-analyst-1',
    writtenAt: '2026-03-16T15:01:00.000Z',
    sentences: [
      { text: 'The European Commission cleared Apple’s payments service.', cites: [1] },
      { text: 'Apple introduced a lower-priced iPhone.', cites: [2] },
    ],
  },
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
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

function renderInPage(element: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const whyPath = '/api/stocks/AAPL/why-it-moved';

const openMarket = {
  market: {
    state: 'open',
    asOf: '2026-03-16T15:00:00.000Z',
    session: '2026-03-16',
    closesAt: '2026-03-16T20:00:00.000Z',
    nextOpen: '2026-03-17T13:30:00.000Z',
  },
};

describe('Why it moved', () => {
  it('shows the day’s move, offers a summary for 1 credit, and shows it with linked headlines', async () => {
    answers = {
      [`GET ${whyPath}`]: () => json(200, notWritten),
      [`POST ${whyPath}`]: () => json(200, written),
      'GET /api/me/usage': () => json(500, {}),
      'GET /api/market/status': () => json(200, openMarket),
    };
    renderInPage(<WhyItMoved symbol="AAPL" />);
    expect(screen.getByRole('status', { name: 'Loading why it moved' })).toBeTruthy();
    const box = await screen.findByRole('region', { name: 'Why it moved' });
    expect(await within(box).findByText('-1.37%')).toBeTruthy();
    expect(await within(box).findByText('AAPL today:')).toBeTruthy();
    expect(within(box).getByText(/Prices: Finnhub, delayed 15 min · as of/)).toBeTruthy();
    expect(within(box).getByText(/uses 1 AI credit \(197 of 200 left today\)/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.click(within(box).getByRole('button', { name: 'Summarise the news' }));
    expect(await within(box).findByText(/The European Commission cleared/)).toBeTruthy();
    const cite = within(box).getByRole('link', {
      name: 'Source 2: Apple unveils a cheaper iPhone at its spring event',
    });
    expect(cite.getAttribute('href')).toBe('https://www.reuters.com/markets/story-1');
    expect(within(box).getByText(/Written by the language model fake-analyst-1/)).toBeTruthy();
    expect(within(box).getByText(/Not investment advice\./)).toBeTruthy();
  });

  it('reads a move taken after the last close as that close’s, as the page’s headline does', async () => {
    answers = {
      // Saturday: the delayed price was taken after Friday's close.
      [`GET ${whyPath}`]: () =>
        json(200, {
          ...notWritten,
          day: '2026-03-21',
          move: { ...notWritten.move, asOf: '2026-03-21T15:45:00.000Z' },
        }),
      'GET /api/market/status': () =>
        json(200, {
          market: {
            state: 'closed',
            asOf: '2026-03-20T20:00:00.000Z',
            session: '2026-03-20',
            closesAt: '2026-03-23T20:00:00.000Z',
            nextOpen: '2026-03-23T13:30:00.000Z',
          },
        }),
    };
    renderInPage(<WhyItMoved symbol="AAPL" />);
    const box = await screen.findByRole('region', { name: 'Why it moved' });
    expect(await within(box).findByText('AAPL on Mar 20:')).toBeTruthy();
    expect(within(box).getByText(/^Prices: /).textContent).toBe(
      'Prices: Finnhub, delayed 15 min · at the close of Mar 20, 4:00 PM ET',
    );
  });

  it('says plainly that it needs a language model, with no button', async () => {
    answers = {
      [`GET ${whyPath}`]: () =>
        json(200, {
          ...notWritten,
          status: 'no_model',
          credits: null,
          message:
            '“Why it moved” is written by a language model, and this server has none connected, so none is written. Nothing is charged.',
        }),
    };
    renderInPage(<WhyItMoved symbol="AAPL" />);
    expect(await screen.findByText(/this server has none connected/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers the upgrade on a plan without it, and says when the day’s credits are used up', async () => {
    answers = {
      [`GET ${whyPath}`]: () =>
        json(402, { error: { code: 'upgrade_required', message: 'Upgrade to Pro.' } }),
    };
    renderInPage(<WhyItMoved symbol="AAPL" />);
    expect(await screen.findByText('“Why it moved” comes with Pro')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' })).toBeTruthy();
  });

  it('shows the out-of-credits state with the way to more when writing is refused', async () => {
    answers = {
      [`GET ${whyPath}`]: () => json(200, notWritten),
      [`POST ${whyPath}`]: () =>
        json(429, {
          error: { code: 'quota_exceeded', message: 'You have used your 200 AI credits today.' },
        }),
    };
    renderInPage(<WhyItMoved symbol="AAPL" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Summarise the news' }));
    expect(await screen.findByText("You have used today's AI credits")).toBeTruthy();
    expect(screen.getByText(/Credits start again at 00:00 UTC/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade for more' })).toBeTruthy();
  });

  it('says so when the model failed, and offers to try again', async () => {
    answers = {
      [`GET ${whyPath}`]: () =>
        json(200, {
          ...notWritten,
          status: 'unavailable',
          message: 'The language model could not be reached, so no summary was written.',
        }),
    };
    renderInPage(<WhyItMoved symbol="AAPL" />);
    expect(await screen.findByText(/could not be reached, so no summary/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

const accession = '0000320193-25-000079';
const filingPath = `/api/stocks/AAPL/filings/${accession}/summary`;
const filing: FilingSummaryAnswer = {
  symbol: 'AAPL',
  accessionNumber: accession,
  form: '10-K',
  filedOn: '2025-10-31',
  url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019325000079/aapl-20250927.htm',
  status: 'not_written',
  message: 'A summary of this 10-K from its text uses 1 AI credit; reading it again is free.',
  summary: null,
  sources: [],
  charged: false,
  credits,
  disclaimer: 'Not investment advice.',
};

describe('a filing summary', () => {
  it('is written on request and cites the filing’s sections', async () => {
    answers = {
      [`GET ${filingPath}`]: () => json(200, filing),
      [`POST ${filingPath}`]: () =>
        json(200, {
          ...filing,
          status: 'ready',
          message: null,
          charged: true,
          sources: [
            { title: 'Item 7. Management’s Discussion and Analysis', chars: 900, cut: false },
            { title: 'Item 1A. Risk Factors', chars: 4000, cut: true },
          ],
          summary: {
            model: 'fake-analyst-1',
            writtenAt: '2025-11-01T10:00:00.000Z',
            sentences: [{ text: 'Total net sales increased 6%.', cites: [1] }],
          },
        }),
      'GET /api/me/usage': () => json(500, {}),
    };
    renderInPage(<FilingSummary symbol="AAPL" accession={accession} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Summarise the filing' }));
    expect(await screen.findByText('Total net sales increased 6%.')).toBeTruthy();
    expect(screen.getByText('[2] Item 1A. Risk Factors (its beginning)')).toBeTruthy();
    expect(screen.getByText(/Source: SEC EDGAR, the 10-K filed Oct 31, 2025/)).toBeTruthy();
  });
});

describe('the states both summaries share', () => {
  it('offers the upgrade under a filing on a plan without filing summaries', async () => {
    answers = {
      [`GET ${filingPath}`]: () =>
        json(402, { error: { code: 'upgrade_required', message: 'Upgrade to Pro.' } }),
    };
    renderInPage(<FilingSummary symbol="AAPL" accession={accession} />);
    expect(await screen.findByText('Filing summaries comes with Pro')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' })).toBeTruthy();
  });

  it('asks the model again when "Try again" is pressed after it could not be reached', async () => {
    let posts = 0;
    answers = {
      [`GET ${filingPath}`]: () =>
        json(200, {
          ...filing,
          status: 'unavailable',
          message:
            'The language model could not be reached (took too long), so no summary was written.',
        }),
      [`POST ${filingPath}`]: () => {
        posts += 1;
        return json(200, {
          ...filing,
          status: 'ready',
          message: null,
          charged: true,
          sources: [
            { title: 'Item 7. Management’s Discussion and Analysis', chars: 900, cut: false },
          ],
          summary: {
            model: 'fake-analyst-1',
            writtenAt: '2025-11-01T10:00:00.000Z',
            sentences: [{ text: 'Services revenue grew.', cites: [1] }],
          },
        });
      },
      'GET /api/me/usage': () => json(500, {}),
    };
    renderInPage(<FilingSummary symbol="AAPL" accession={accession} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Services revenue grew.')).toBeTruthy();
    expect(posts).toBe(1);
    expect(screen.getByText(/written by the language model fake-analyst-1/)).toBeTruthy();
    expect(screen.getByText(/Not investment advice\./)).toBeTruthy();
  });

  it('shows a refused summary’s reason with nothing to press', async () => {
    answers = {
      [`GET ${whyPath}`]: () =>
        json(200, {
          ...notWritten,
          status: 'refused',
          message:
            'The language model’s summary stated something its sources do not say, so it is not shown and no AI credit was used. The sources are listed below.',
        }),
    };
    renderInPage(<WhyItMoved symbol="AAPL" />);
    expect(await screen.findByText(/stated something its sources do not say/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when it could not be loaded and loads it again on "Try again"', async () => {
    let gets = 0;
    answers = {
      [`GET ${whyPath}`]: () => {
        gets += 1;
        return gets === 1
          ? json(500, {
              error: { code: 'internal_error', message: 'Something went wrong. Please try again.' },
            })
          : json(200, notWritten);
      },
    };
    renderInPage(<WhyItMoved symbol="AAPL" />);
    expect(await screen.findByText('“Why it moved” could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Summarise the news' })).toBeTruthy();
    expect(gets).toBe(2);
  });
});
