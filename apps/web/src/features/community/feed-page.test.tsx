import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  CommunityFeed,
  CommunityMe,
  CommunityPost,
  CommunityThread,
} from '@tickerwise/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '../../test/fake-event-source.ts';
import { FeedPage } from './feed-page.tsx';

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

/** A feed cursor as the server writes it: base64url of the post's time and id. */
function cursorOf(at: string, id: string): string {
  return btoa(`${at}|${id}`).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const firstHead = cursorOf('2026-11-26T10:00:00.000Z', uuid(1));
/** A post announced on the stream, `seconds` after the head's, in the Following tab or not. */
const announced = (n: number, seconds: number, following = false) => ({
  id: uuid(n),
  cursor: cursorOf(
    new Date(Date.parse('2026-11-26T10:00:00.000Z') + seconds * 1000).toISOString(),
    uuid(n),
  ),
  following,
});
let posts: CommunityPost[];
let threadReplies: CommunityPost[];
let newIds: string[];
/** When set, the count's answer waits for it. */
let countGate: Promise<void> | undefined;
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
  if (url === '/api/community/posts/p1') {
    return json({ post: posts.at(-1)!, replies: threadReplies } satisfies CommunityThread);
  }
  if (url.startsWith('/api/community/feed/new?')) {
    const ids = newIds;
    await countGate;
    return json({ count: ids.length, ids });
  }
  if (url.startsWith('/api/community/feed?')) {
    // Read from the head, the page keeps its posts; without it, the newest come in.
    const head = new URL(url, 'http://x').searchParams.get('until');
    const shown = head === firstHead ? posts.slice(-1) : posts;
    const page: CommunityFeed = {
      posts: shown,
      nextCursor: null,
      headCursor:
        head === firstHead || shown.length === 1
          ? firstHead
          : cursorOf('2026-11-26T10:00:06.000Z', uuid(3)),
    };
    return json(page);
  }
  return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

beforeEach(() => {
  FakeEventSource.instances = [];
  posts = [post('p1', 'The first post')];
  newIds = [];
  threadReplies = [];
  countGate = undefined;
  requests.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(tab: 'all' | 'following' = 'all') {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[`/dashboard/social/feed?tab=${tab}`]}>
        <FeedPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const countsAsked = () => requests.filter((url) => url.startsWith('/api/community/feed/new?'));

async function openFeed(tab: 'all' | 'following' = 'all'): Promise<FakeEventSource> {
  renderPage(tab);
  expect(await screen.findByText('The first post')).toBeTruthy();
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  return FakeEventSource.instances[0]!;
}

describe('the feed’s new posts', () => {
  it('counts the posts the live events carry without asking, and shows them when asked', async () => {
    const stream = await openFeed();

    // Two posts are written; their announcements reach the tab, one of them twice.
    posts = [post('p3', 'The third post'), post('p2', 'The second post'), ...posts];
    stream.send({
      type: 'change',
      topic: 'community_posts',
      mark: 'i.1',
      posts: [announced(2, 5)],
    });
    stream.send({
      type: 'change',
      topic: 'community_posts',
      mark: 'i.2',
      posts: [announced(2, 5), announced(3, 6)],
    });
    // A post placed before the head (written earlier, committed later) is no new one, and a
    // reply only concerns its thread.
    stream.send({
      type: 'change',
      topic: 'community_posts',
      mark: 'i.3',
      posts: [announced(4, -60)],
      replies: [uuid(1)],
    });
    const pill = await screen.findByRole('button', { name: '2 new posts' });
    expect(countsAsked()).toEqual([]);
    // What is being read does not move.
    expect(screen.queryByText('The second post')).toBeNull();

    await userEvent.setup().click(pill);
    expect(await screen.findByText('The third post')).toBeTruthy();
    expect(screen.getByText('The second post')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /new posts?$/ })).toBeNull());
  });

  it('counts in the Following tab only the posts the events say are in it', async () => {
    const stream = await openFeed('following');
    stream.send({
      type: 'change',
      topic: 'community_posts',
      mark: 'i.4',
      posts: [announced(2, 5, true), announced(3, 6, false), announced(5, 7, true)],
    });
    expect(await screen.findByRole('button', { name: '2 new posts' })).toBeTruthy();
    expect(countsAsked()).toEqual([]);
  });

  it('asks for the posts after the head when the stream (re)opens, and adds those announced meanwhile once', async () => {
    const stream = await openFeed();
    // The stream opens and says hello with nothing changed since the page read its feed.
    stream.onopen?.();
    stream.send({ type: 'hello', streamId: 'stream-1', recent: [] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const askedBefore = countsAsked().length;
    let answer = () => {};
    countGate = new Promise((resolve) => {
      answer = resolve;
    });
    // Away, two posts went by; back (the stream opens again after the gap), the tab asks,
    // and a third post and one of the two missed ones are announced before the answer comes.
    newIds = [uuid(2), uuid(3)];
    stream.onopen?.();
    await waitFor(() =>
      expect(countsAsked().slice(askedBefore)).toEqual([
        `/api/community/feed/new?tab=all&after=${firstHead}`,
      ]),
    );
    stream.send({
      type: 'change',
      topic: 'community_posts',
      mark: 'i.5',
      posts: [announced(3, 6), announced(4, 7)],
    });
    expect(await screen.findByRole('button', { name: '2 new posts' })).toBeTruthy();
    answer();
    expect(await screen.findByRole('button', { name: '3 new posts' })).toBeTruthy();
    expect(countsAsked()).toHaveLength(askedBefore + 1);
  });

  it('refreshes an open thread when a reply to its post is announced, not for other posts', {
    timeout: 20_000,
  }, async () => {
    const stream = await openFeed();
    await userEvent.setup().click(screen.getByRole('button', { name: '0 replies' }));
    const threadReads = () => requests.filter((url) => url === '/api/community/posts/p1');
    await waitFor(() => expect(threadReads()).toHaveLength(1));
    threadReplies = [{ ...post('r1', 'A reply to the first'), parentId: 'p1' }];
    // A reply elsewhere and a new post leave the thread alone.
    stream.send({
      type: 'change',
      topic: 'community_posts',
      mark: 'i.6',
      posts: [announced(2, 5)],
      replies: [uuid(9)],
    });
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(threadReads()).toHaveLength(1);
    // A reply to this post is taken in (within the thread's 3 s).
    stream.send({ type: 'change', topic: 'community_posts', mark: 'i.7', replies: ['p1'] });
    expect(await screen.findByText('A reply to the first', {}, { timeout: 6_000 })).toBeTruthy();
    expect(threadReads()).toHaveLength(2);
  });
});
