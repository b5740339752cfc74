import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommunityFeed, CommunityMe, CommunityPost } from '@tickerwise/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedPage } from './feed-page.tsx';

/** Stands in for the browser's EventSource: the test plays the server's side. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  send(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const me: CommunityMe = {
  profile: { handle: 'ada', displayName: 'Ada', bio: '', joinedAt: '2026-01-01T00:00:00.000Z' },
  quota: {
    posts: { used: 0, limit: 5 },
    replies: { used: 0, limit: 10 },
    resetsAt: '2026-12-01T00:00:00.000Z',
  },
};

const post = (id: string, body: string): CommunityPost => ({
  id,
  parentId: null,
  author: { handle: 'ben', displayName: 'Ben Graham' },
  body,
  sentiment: null,
  paid: false,
  symbols: [],
  heldSymbols: [],
  mentions: [],
  chart: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  editedAt: null,
  likes: 0,
  likedByMe: false,
  replyCount: 0,
  mine: false,
  editableUntil: null,
});

const firstHead = 'head-1';
let posts: CommunityPost[];
let newCount: number;
const requests: string[] = [];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server in its wire format: the member, whom they follow, the All feed and its count. */
async function serverFetch(input: RequestInfo | URL): Promise<Response> {
  const url = String(input);
  requests.push(url);
  if (url === '/api/community/me') return json(me);
  if (url === '/api/community/standing') {
    return json({ moderator: false, suspension: null, underReview: [] });
  }
  if (url === '/api/community/following') {
    return json({ users: [], symbols: [], limits: { users: 500, symbols: 100 } });
  }
  if (url.startsWith('/api/community/feed/new?')) return json({ count: newCount });
  if (url.startsWith('/api/community/feed?')) {
    // Read from the head, the page keeps its posts; without it, the newest come in.
    const head = new URL(url, 'http://x').searchParams.get('until');
    const shown = head === firstHead ? posts.slice(-1) : posts;
    const page: CommunityFeed = {
      posts: shown,
      nextCursor: null,
      headCursor: head === firstHead || shown.length === 1 ? firstHead : 'head-2',
    };
    return json(page);
  }
  return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

beforeEach(() => {
  FakeEventSource.instances = [];
  posts = [post('p1', 'The first post')];
  newCount = 0;
  requests.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/dashboard/social/feed?tab=all']}>
        <FeedPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the feed’s new posts', () => {
  it('counts them when a post is announced, naming the event’s mark, and shows them when asked', async () => {
    renderPage();
    expect(await screen.findByText('The first post')).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.instances[0]!;

    // Two posts are written; the second's announcement reaches the tab.
    posts = [post('p3', 'The third post'), post('p2', 'The second post'), ...posts];
    newCount = 2;
    stream.send({ type: 'change', topic: 'community_posts', mark: 'inst.7' });
    const pill = await screen.findByRole('button', { name: '2 new posts' });
    const asked = requests.filter((url) => url.startsWith('/api/community/feed/new?'));
    expect(asked).toEqual([`/api/community/feed/new?tab=all&after=${firstHead}&mark=inst.7`]);
    // What is being read does not move.
    expect(screen.queryByText('The second post')).toBeNull();

    await userEvent.setup().click(pill);
    expect(await screen.findByText('The third post')).toBeTruthy();
    expect(screen.getByText('The second post')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /new posts?$/ })).toBeNull());
  });

  it('asks without a mark after the stream (re)opens, when events may have been missed', async () => {
    renderPage();
    expect(await screen.findByText('The first post')).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    newCount = 1;
    FakeEventSource.instances[0]!.onopen?.();
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeTruthy();
    expect(requests.filter((url) => url.startsWith('/api/community/feed/new?'))).toEqual([
      `/api/community/feed/new?tab=all&after=${firstHead}`,
    ]);
  });
});
