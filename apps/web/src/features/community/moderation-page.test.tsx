import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  communityDisclaimer,
  type ModerationLog,
  type ModerationPostItem,
  type ModerationQueue,
} from '@tickerwise/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModerationPage } from './moderation-page.tsx';

let queue: ModerationQueue;
let log: ModerationLog;
let moderator = true;
let failQueue = 0;
const decisions: { url: string; body: unknown }[] = [];

function json(body: unknown, status: number): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const notFound = () => json({ error: { code: 'not_found', message: 'Not found' } }, 404);

/** The server in its wire format: the queue, the log and the decisions, for moderators only. */
async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (!moderator && url.startsWith('/api/community/moderation/')) return notFound();
  if (url === '/api/community/moderation/queue' && method === 'GET') {
    if (failQueue > 0) {
      failQueue -= 1;
      return json({ error: { code: 'internal', message: 'Something went wrong' } }, 500);
    }
    return json(queue, 200);
  }
  if (url === '/api/community/moderation/log' && method === 'GET') return json(log, 200);
  const decision = url.match(/^\/api\/community\/moderation\/posts\/([^/]+)\/(restore|remove)$/);
  if (decision && method === 'POST') {
    decisions.push({ url, body: JSON.parse(String(init?.body ?? '{}')) });
    queue = { ...queue, posts: queue.posts.filter((item) => item.post.id !== decision[1]) };
    return json(null, 204);
  }
  return notFound();
}

const reported: ModerationPostItem = {
  kind: 'reports',
  since: '2026-11-20T10:00:00.000Z',
  post: {
    id: '11111111-1111-4111-8111-111111111111',
    parentId: null,
    author: { handle: 'pumper', displayName: 'Pete Pumper' },
    body: 'Guaranteed **10x** on $KO',
    symbols: ['KO'],
    createdAt: '2026-11-20T09:00:00.000Z',
  },
  reports: { total: 3, reasons: { pump: 2, spam: 1 }, notes: ['Five accounts, same text'] },
  removal: null,
  appeal: null,
  authorSuspendedUntil: null,
};
const appealed: ModerationPostItem = {
  ...reported,
  kind: 'appeal',
  since: '2026-11-21T10:00:00.000Z',
  post: { ...reported.post, id: '22222222-2222-4222-8222-222222222222', body: 'Margins at $KO' },
  removal: { reason: 'Misleading', at: '2026-11-21T09:00:00.000Z' },
  appeal: { text: 'The figures are from the annual report.', at: '2026-11-21T10:00:00.000Z' },
};

beforeEach(() => {
  queue = { posts: [reported, appealed], users: [] };
  log = {
    entries: [
      {
        id: 'a',
        moderator: '@mod',
        action: 'suspend',
        subject: { handle: 'spammer', displayName: 'Sam' },
        postId: null,
        reason: 'Repeated spam',
        days: 3,
        at: '2026-11-19T08:00:00.000Z',
      },
    ],
  };
  moderator = true;
  failQueue = 0;
  decisions.length = 0;
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <ModerationPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the moderation queue', () => {
  it('lists waiting posts oldest first with their reports, and removes one with a reason', async () => {
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading the queue' })).toBeTruthy();
    const items = await screen.findAllByRole('article');
    expect(items).toHaveLength(2);
    expect(screen.getByText(communityDisclaimer)).toBeTruthy();
    expect(within(items[0]!).getByText('Reported')).toBeTruthy();
    expect(within(items[0]!).getByText('3 reports: Pump and dump 2, Spam 1')).toBeTruthy();
    expect(within(items[0]!).getByText('“Five accounts, same text”')).toBeTruthy();
    expect(within(items[1]!).getByText('Appeal')).toBeTruthy();
    expect(within(items[1]!).getByText('“The figures are from the annual report.”')).toBeTruthy();
    expect(await screen.findByText('Repeated spam')).toBeTruthy();
    expect(screen.getByText('@spammer for 3 days')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(items[0]!).getByRole('button', { name: 'Remove' }));
    const confirm = within(items[0]!).getByRole('button', { name: 'Remove the post' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(
      within(items[0]!).getByLabelText('Reason, shown to the author'),
      'Promises of returns',
    );
    await user.click(confirm);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(decisions).toEqual([
      {
        url: `/api/community/moderation/posts/${reported.post.id}/remove`,
        body: { reason: 'Promises of returns' },
      },
    ]);
  });

  it('says when nothing waits', async () => {
    queue = { posts: [], users: [] };
    renderPage();
    expect(await screen.findByText('Nothing waits for review')).toBeTruthy();
    expect(screen.getByText('No member is reported')).toBeTruthy();
  });

  it('offers to try again when the queue fails to load', async () => {
    // The queue is asked again once before the page gives up.
    failQueue = 2;
    renderPage();
    expect(
      await screen.findByText('The queue could not be loaded', {}, { timeout: 5000 }),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });

  it('is "Page not found" for a member who is not a moderator', async () => {
    moderator = false;
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText('Moderation')).toBeNull();
  });
});
