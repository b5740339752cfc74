import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  SupportQueue,
  SupportRequest,
  SupportRequestList,
  SupportRequestSummary,
} from '@tickerwise/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SupportQueuePage } from './queue-page.tsx';
import { SupportRequestsPage } from './support-page.tsx';

let list: SupportRequestList;
let agent = false;
let failList = 0;
const sent: unknown[] = [];

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
const notFound = () => json({ error: { code: 'not_found', message: 'Not found' } }, 404);

const summary: SupportRequestSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  subject: 'The chart stays blank',
  category: 'bug',
  status: 'waiting',
  priority: false,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  firstReplyDueAt: null,
  firstRepliedAt: '2026-11-20T10:00:00.000Z',
  messageCount: 2,
};
const full: SupportRequest = {
  ...summary,
  messages: [
    {
      id: 'm1',
      fromSupport: false,
      author: 'Ada',
      body: 'AAPL shows no chart.',
      attachment: null,
      createdAt: '2026-11-20T09:00:00.000Z',
    },
    {
      id: 'm2',
      fromSupport: true,
      author: 'Tickerwise Support',
      body: 'Reload the page: it is fixed.',
      attachment: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

/** The server in its wire format: the user's requests, one request, and the queue for agents. */
async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url === '/api/support/requests' && method === 'GET') {
    if (failList > 0) {
      failList -= 1;
      return json({ error: { code: 'internal', message: 'Something went wrong' } }, 500);
    }
    return json(list, 200);
  }
  if (url === '/api/support/requests' && method === 'POST') {
    const body = JSON.parse(String(init?.body));
    sent.push(body);
    const created: SupportRequest = {
      ...full,
      id: '22222222-2222-4222-8222-222222222222',
      subject: body.subject,
      status: 'open',
      messages: [full.messages[0]!],
    };
    list = { ...list, requests: [created, ...list.requests], openCount: list.openCount + 1 };
    return json({ request: created }, 201);
  }
  if (url === `/api/support/requests/${summary.id}`) return json(full, 200);
  if (url.startsWith('/api/support/queue')) {
    if (!agent) return notFound();
    const queue: SupportQueue = {
      requests: [
        {
          ...summary,
          status: 'open',
          priority: true,
          firstReplyDueAt: '2020-01-01T00:00:00.000Z',
          firstRepliedAt: null,
          requester: { name: 'Ada', email: 'ada@example.com', tier: 'enterprise' },
        },
      ],
      openCount: 1,
      overdueCount: 1,
    };
    return json(url.endsWith('/count') ? { openCount: 1, overdueCount: 1 } : queue, 200);
  }
  return notFound();
}

beforeEach(() => {
  list = {
    requests: [],
    priority: false,
    target: '1 business day',
    openCount: 0,
    openLimit: 5,
    agent: false,
  };
  agent = false;
  failList = 0;
  sent.length = 0;
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, page: 'requests' | 'queue' = 'requests') {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[path]}>
        {page === 'requests' ? <SupportRequestsPage /> : <SupportQueuePage />}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the support page', () => {
  it('says the standard target with the way to priority, and sends a first request', async () => {
    renderAt('/dashboard/support');
    expect(screen.getByRole('status', { name: 'Loading your support requests' })).toBeTruthy();
    expect(await screen.findByText('Standard support')).toBeTruthy();
    expect(screen.getByText(/Enterprise includes priority support/)).toBeTruthy();
    expect(screen.getByText('No requests yet')).toBeTruthy();

    const user = userEvent.setup();
    const send = screen.getByRole('button', { name: 'Send to support' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(screen.getByLabelText('Subject'), 'Export stops');
    await user.selectOptions(screen.getByLabelText('Category'), 'bug');
    await user.type(screen.getByLabelText('Message'), 'At row 500.');
    await user.click(send);
    await waitFor(() =>
      expect(sent).toEqual([{ subject: 'Export stops', category: 'bug', message: 'At row 500.' }]),
    );
    expect(await screen.findByRole('link', { name: /Export stops/ })).toBeTruthy();
  });

  it('speaks of priority support on Enterprise', async () => {
    list = { ...list, priority: true, target: '4 business hours' };
    renderAt('/dashboard/support');
    expect(await screen.findByText('Priority support')).toBeTruthy();
    expect(screen.getByText(/first reply within 4 business hours/)).toBeTruthy();
    expect(screen.queryByText(/Enterprise includes priority support/)).toBeNull();
  });

  it('replaces the form with the limit once 5 requests are open', async () => {
    list = { ...list, requests: [summary], openCount: 5 };
    renderAt('/dashboard/support');
    expect(await screen.findByText('You have 5 open requests')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send to support' })).toBeNull();
  });

  it('shows a request with its answer, waiting on the user', async () => {
    list = { ...list, requests: [summary], openCount: 1 };
    renderAt(`/dashboard/support?request=${summary.id}`);
    const thread = await screen.findByRole('article');
    expect(within(thread).getByText('Reload the page: it is fixed.')).toBeTruthy();
    expect(within(thread).getByText('Tickerwise Support')).toBeTruthy();
    expect(within(thread).getByText('Waiting on you')).toBeTruthy();
    expect(within(thread).getByRole('button', { name: 'Mark solved' })).toBeTruthy();
  });

  it('offers to try again when the list fails to load', async () => {
    failList = 1;
    renderAt('/dashboard/support');
    expect(await screen.findByText('Your support requests could not be loaded')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Standard support')).toBeTruthy();
  });
});

describe('the support queue', () => {
  it('is "Page not found" for a user who is not an agent', async () => {
    renderAt('/dashboard/support/queue', 'queue');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('lists waiting requests with priority and an overdue clock for an agent', async () => {
    agent = true;
    renderAt('/dashboard/support/queue', 'queue');
    expect(
      await screen.findByText(/1 waiting for an answer, 1 past the first-reply target/),
    ).toBeTruthy();
    const row = screen.getByRole('link', { name: /The chart stays blank/ });
    expect(within(row).getByText('Priority')).toBeTruthy();
    expect(within(row).getByText(/First reply overdue by/)).toBeTruthy();
  });
});
