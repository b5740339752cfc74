import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CommunityPost, type PostChart as PostChartData, stockPath } from '@tickerwise/shared';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PostCard } from './post-card.tsx';
import { PostComposer } from './post-composer.tsx';

const chart: PostChartData = {
  symbol: 'AAPL',
  range: '3m',
  points: [
    { date: '2026-08-26', close: 200 },
    { date: '2026-09-25', close: 190 },
    { date: '2026-10-26', close: 215 },
    { date: '2026-11-25', close: 230 },
  ],
  source: 'simulated',
  asOf: '2026-11-25',
};

const post: CommunityPost = {
  id: '11111111-1111-4111-8111-111111111111',
  parentId: null,
  author: { handle: 'ada', displayName: 'Ada' },
  body: 'Still climbing: $AAPL',
  sentiment: 'bullish',
  paid: false,
  symbols: ['AAPL'],
  heldSymbols: [],
  mentions: [],
  chart,
  createdAt: '2026-11-25T21:00:00.000Z',
  editedAt: null,
  likes: 0,
  likedByMe: false,
  replyCount: 0,
  mine: false,
  editableUntil: null,
};

let refusal: { status: number; code: string; message: string } | null = null;
const sent: unknown[] = [];

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server in its wire format: posting, refused with a reason when told to. */
async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url === '/api/community/posts' && init?.method === 'POST') {
    const body = JSON.parse(String(init.body));
    sent.push(body);
    if (refusal)
      return json({ error: { code: refusal.code, message: refusal.message } }, refusal.status);
    return json({ post: { ...post, body: body.body }, heldForReview: false }, 201);
  }
  return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

beforeEach(() => {
  refusal = null;
  sent.length = 0;
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderWithClient(children: ReactNode) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a post’s chart snapshot', () => {
  it('is drawn from its closes, with the change, the source and the last day', () => {
    renderWithClient(<PostCard post={post} />);
    const figure = screen.getByRole('figure');
    const drawing = within(figure).getByRole('img');
    expect(drawing.getAttribute('aria-label')).toBe(
      '$AAPL over 3 months to Nov 25, 2026: $200.00 to $230.00, +15.00%',
    );
    expect(drawing.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(4);
    expect(within(figure).getByText('+15.00%')).toBeTruthy();
    expect(within(figure).getByRole('link', { name: '$AAPL' }).getAttribute('href')).toBe(
      stockPath('AAPL'),
    );
    expect(figure.querySelector('figcaption')?.textContent).toContain(
      'Daily closes from simulated prices (not real market data), as of the post',
    );
    expect(figure.querySelector('figcaption')?.textContent).toContain('Aug 26, 2026');
    // Nothing is loaded from elsewhere: no image element at all.
    expect(figure.querySelector('img')).toBeNull();
  });

  it('is offered for a symbol the text names, and its refusal is shown', async () => {
    renderWithClient(<PostComposer />);
    const user = userEvent.setup();
    expect(screen.queryByLabelText('Attach a chart')).toBeNull();
    await user.type(screen.getByLabelText('Write a post'), 'Cheap again: $AAPL and $MSFT');
    await user.selectOptions(screen.getByLabelText('Attach a chart'), 'MSFT');
    await user.selectOptions(screen.getByLabelText('Chart range'), '1y');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ chart: { symbol: 'MSFT', range: '1y' } });

    refusal = {
      status: 429,
      code: 'chart_daily_limit',
      message:
        'You can attach a chart to 10 posts a day. Post without the chart, or attach one tomorrow.',
    };
    await user.type(screen.getByLabelText('Write a post'), 'More on $AAPL');
    await user.selectOptions(screen.getByLabelText('Attach a chart'), 'AAPL');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'You can attach a chart to 10 posts a day.',
    );
    expect(sent[1]).toMatchObject({ chart: { symbol: 'AAPL', range: '1y' } });
    // Without a chart chosen, none is sent.
    await user.selectOptions(screen.getByLabelText('Attach a chart'), '');
    refusal = null;
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toMatchObject({ chart: null });
  });
});
