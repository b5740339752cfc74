import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommunityStanding, OwnPostReview } from '@tickerwise/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StandingPanel } from './standing-panel.tsx';

let standing: CommunityStanding;
const appeals: { url: string; body: unknown }[] = [];

function json(body: unknown, status: number): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server in its wire format: the member's standing, and appealing a removal once. */
async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url === '/api/community/standing' && method === 'GET') return json(standing, 200);
  const appeal = url.match(/^\/api\/community\/posts\/([^/]+)\/appeal$/);
  if (appeal && method === 'POST') {
    const body = JSON.parse(String(init?.body));
    appeals.push({ url, body });
    standing = {
      ...standing,
      underReview: standing.underReview.map((item) =>
        item.post.id === appeal[1]
          ? {
              ...item,
              canAppeal: false,
              appeal: { text: body.text, at: '2026-11-21T11:00:00.000Z', decided: false },
            }
          : item,
      ),
    };
    return json(null, 204);
  }
  return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

const post = (id: string, body: string) => ({
  id,
  parentId: null,
  body,
  symbols: ['KO'],
  createdAt: '2026-11-20T09:00:00.000Z',
});
const held: OwnPostReview = {
  post: post('held-1', 'Loading up on $KO'),
  state: 'held',
  removalReason: null,
  appeal: null,
  canAppeal: false,
};
const removed: OwnPostReview = {
  post: post('removed-1', 'Guaranteed 10x on $KO'),
  state: 'removed',
  removalReason: 'Promises of returns are not allowed.',
  appeal: null,
  canAppeal: true,
};

beforeEach(() => {
  standing = { moderator: false, suspension: null, underReview: [] };
  appeals.length = 0;
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <StandingPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the member’s standing above the feed', () => {
  it('shows nothing for a member in good standing', async () => {
    renderPanel();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows held and removed posts, and appeals a removal once', async () => {
    standing = {
      moderator: true,
      suspension: { until: '2026-11-30T12:00:00.000Z', reason: 'Repeated spam.' },
      underReview: [held, removed],
    };
    renderPanel();
    expect(await screen.findByText('Held for review')).toBeTruthy();
    expect(screen.getByText(/Your posting is suspended until/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Moderation queue' })).toBeTruthy();
    expect(screen.getByText(/Reason: Promises of returns are not allowed\./)).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Appeal' }));
    await user.type(
      screen.getByLabelText('Why should it come back? You can appeal once.'),
      'It was satire.',
    );
    await user.click(screen.getByRole('button', { name: 'Send the appeal' }));
    expect(await screen.findByText(/You appealed on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
    expect(appeals).toEqual([
      { url: '/api/community/posts/removed-1/appeal', body: { text: 'It was satire.' } },
    ]);
  });
});
