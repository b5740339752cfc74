import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  CommunityMe,
  ConversationList,
  ConversationPage,
  DirectMessage,
} from '@tickerwise/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessagesPage } from './messages-page.tsx';

const conversationId = '33333333-3333-4333-8333-333333333333';
let list: ConversationList;
let thread: ConversationPage;
let failList = 0;
let refuseSend: { status: number; code: string; message: string } | null = null;
const requests: { method: string; url: string; body: unknown }[] = [];

const me: CommunityMe = {
  profile: { handle: 'ada', displayName: 'Ada', bio: '', joinedAt: '2026-01-01T00:00:00.000Z' },
  quota: {
    posts: { used: 0, limit: 5 },
    replies: { used: 0, limit: 10 },
    resetsAt: '2026-12-01T00:00:00.000Z',
  },
};

function json(body: unknown, status: number): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const message = (id: string, body: string, mine: boolean): DirectMessage => ({
  id,
  body,
  mine,
  createdAt: '2026-11-26T10:00:00.000Z',
  removed: false,
});

/** The server in its wire format: the member, their conversations, one conversation. */
async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  requests.push({ method, url, body });
  if (url === '/api/community/me') return json(me, 200);
  if (url === '/api/community/conversations' && method === 'GET') {
    if (failList > 0) {
      failList -= 1;
      return json({ error: { code: 'internal', message: 'Something went wrong' } }, 500);
    }
    return json(list, 200);
  }
  if (url === `/api/community/conversations/${conversationId}` && method === 'GET') {
    return json(thread, 200);
  }
  if (url === `/api/community/conversations/${conversationId}/messages` && method === 'POST') {
    if (refuseSend) {
      return json(
        { error: { code: refuseSend.code, message: refuseSend.message } },
        refuseSend.status,
      );
    }
    const sent = message(`m${thread.messages.length + 1}`, body.body, true);
    thread = { ...thread, messages: [...thread.messages, sent] };
    return json({ message: sent }, 201);
  }
  if (url === `/api/community/conversations/${conversationId}/read` && method === 'POST') {
    list = {
      ...list,
      conversations: list.conversations.map((item) => ({ ...item, unread: 0 })),
    };
    return json(null, 204);
  }
  if (url === '/api/community/blocks/ben' && (method === 'PUT' || method === 'DELETE')) {
    const blocked = method === 'PUT';
    thread = {
      ...thread,
      conversation: { ...thread.conversation, refusal: blocked ? 'blocked' : null },
    };
    list = {
      ...list,
      conversations: list.conversations.map((item) => ({ ...item, blocked })),
    };
    return blocked
      ? json(
          {
            blocks: [
              { handle: 'ben', displayName: 'Ben Graham', blockedAt: '2026-11-26T10:00:00.000Z' },
            ],
            limit: 500,
          },
          200,
        )
      : json(null, 204);
  }
  if (url === '/api/community/message-settings' && method === 'PUT') {
    list = { ...list, settings: body };
    return json(body, 200);
  }
  return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

beforeEach(() => {
  list = {
    conversations: [
      {
        id: conversationId,
        with: { handle: 'ben', displayName: 'Ben Graham' },
        last: { body: 'Margins look thin', mine: false, at: '2026-11-26T10:00:00.000Z' },
        unread: 2,
        muted: false,
        blocked: false,
      },
    ],
    nextCursor: null,
    settings: { fromAnyone: false },
  };
  thread = {
    conversation: {
      id: conversationId,
      with: { handle: 'ben', displayName: 'Ben Graham' },
      muted: false,
      otherReadAt: null,
      refusal: null,
    },
    messages: [
      message('m1', 'Have you read the filing?', false),
      message('m2', 'Margins look thin', false),
    ],
    olderCursor: null,
  };
  failList = 0;
  refuseSend = null;
  requests.length = 0;
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(path = '/dashboard/social/messages') {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[path]}>
        <MessagesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the messages page', () => {
  it('lists conversations with their unread counts and opens one, marking it read', async () => {
    renderPage();
    const row = await screen.findByRole('button', { name: /Ben Graham/ });
    expect(within(row).getByText('Margins look thin')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(screen.getByText('Choose a conversation')).toBeTruthy();
    await userEvent.setup().click(row);
    const messages = await screen.findByRole('list', { name: 'Messages with @ben' });
    expect(within(messages).getByText('Have you read the filing?')).toBeTruthy();
    await waitFor(() =>
      expect(requests.some((request) => request.url.endsWith('/read'))).toBe(true),
    );
    await waitFor(() => expect(within(row).queryByText('2')).toBeNull());
  });

  it('sends a message, and shows a rate limit as the reason it was not sent', async () => {
    renderPage(`/dashboard/social/messages?c=${conversationId}`);
    const user = userEvent.setup();
    const box = await screen.findByLabelText('Write a message');
    await user.type(box, 'Thin but rising');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const messages = await screen.findByRole('list', { name: 'Messages with @ben' });
    expect(await within(messages).findByText('Thin but rising')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('');

    refuseSend = {
      status: 429,
      code: 'messages_too_fast',
      message: 'You can send 20 messages a minute. Wait a moment and send it again.',
    };
    await user.type(box, 'One more');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You can send 20 messages a minute. Wait a moment and send it again.',
    );
    expect((box as HTMLTextAreaElement).value).toBe('One more');
  });

  it('says who may write when the member does not accept messages', async () => {
    thread = { ...thread, conversation: { ...thread.conversation, refusal: 'not_accepted' } };
    renderPage(`/dashboard/social/messages?c=${conversationId}`);
    expect(
      await screen.findByText('@ben accepts messages only from members they follow.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Write a message')).toBeNull();
  });

  it('blocks the member from the conversation after saying what it does, and unblocks', async () => {
    renderPage(`/dashboard/social/messages?c=${conversationId}`);
    const user = userEvent.setup();
    await screen.findByLabelText('Write a message');
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const confirm = screen.getByRole('group', { name: 'Block @ben' });
    expect(confirm.textContent).toContain('They will not be able to message you');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.url.startsWith('/api/community/blocks'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Block' }));
    await user.click(screen.getByRole('button', { name: 'Block @ben' }));
    expect(
      await screen.findByText(
        'You blocked @ben. They cannot message you, and you do not see each other’s posts and replies.',
      ),
    ).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT').map((r) => r.url)).toEqual([
      '/api/community/blocks/ben',
    ]);
    expect(screen.queryByLabelText('Write a message')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    const row = screen.getByRole('button', { name: /Ben Graham/ });
    expect(await within(row).findByText('Blocked')).toBeTruthy();
    // The history stays readable to the member who blocked.
    expect(screen.getByText('Have you read the filing?')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Unblock @ben' }));
    expect(await screen.findByLabelText('Write a message')).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(within(row).queryByText('Blocked')).toBeNull());
  });

  it('tells a member who was blocked that their message was not sent', async () => {
    refuseSend = {
      status: 403,
      code: 'messages_blocked',
      message: '@ben does not accept messages from you. Your message was not sent.',
    };
    renderPage(`/dashboard/social/messages?c=${conversationId}`);
    const user = userEvent.setup();
    const box = await screen.findByLabelText('Write a message');
    await user.type(box, 'Are you there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '@ben does not accept messages from you. Your message was not sent.',
    );
    expect((box as HTMLTextAreaElement).value).toBe('Are you there?');
  });

  it('is empty, with the way to start, before any conversation; and saves who may message', async () => {
    list = { ...list, conversations: [] };
    renderPage();
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    const anyone = screen.getByLabelText(/Anyone may message me/) as HTMLInputElement;
    expect(anyone.checked).toBe(false);
    await userEvent.setup().click(anyone);
    await waitFor(() => expect(anyone.checked).toBe(true));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      fromAnyone: true,
    });
  });

  it('offers to try again when the list fails, and says when a conversation is gone', async () => {
    failList = 1;
    renderPage('/dashboard/social/messages?c=44444444-4444-4444-8444-444444444444');
    expect(await screen.findByText('Your conversations could not be loaded')).toBeTruthy();
    expect(await screen.findByText('This conversation is not available')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Ben Graham/ })).toBeTruthy();
  });
});
