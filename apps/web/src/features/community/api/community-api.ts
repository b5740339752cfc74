import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  CommunityFeed,
  CommunityFollowCounts,
  CommunityFollowing,
  CommunityMe,
  CommunityNewPosts,
  CommunityPost,
  CommunityProfile,
  CommunityProfileInput,
  CommunitySymbolPosts,
  CommunityThread,
  CommunityUpdates,
  CommunityUserPage,
  FeedTab,
  PostInput,
} from '@tickerwise/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

/** A missing post or member is an answer, not a failure to retry. */
const retryUnlessMissing = (failures: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status === 404) && failures < 1;

const postPath = (id: string) => `/api/community/posts/${encodeURIComponent(id)}`;

/** `GET /api/community/me`: the member's profile (null before they choose one) and quota. */
export const communityMeQuery = queryOptions({
  queryKey: ['community', 'me'],
  queryFn: ({ signal }) => apiRequest<CommunityMe>('/api/community/me', { signal }),
});

/** Where the reader's feed begins: newer posts wait in the "new posts" pill until asked for. */
export interface FeedReading {
  head: string | null;
}

/**
 * `GET /api/community/feed` for a tab, a page at a time, newest first. Once loaded, the first
 * page stays at `reading.head` on every refetch, so what is being read never shifts; clear
 * the head to take in the newest posts.
 */
export const feedQuery = (tab: FeedTab, reading: FeedReading) =>
  infiniteQueryOptions({
    queryKey: ['community', 'feed', tab],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ tab });
      if (pageParam) params.set('cursor', pageParam);
      else if (reading.head) params.set('until', reading.head);
      const page = await apiRequest<CommunityFeed>(`/api/community/feed?${params}`, { signal });
      if (!pageParam) reading.head = page.headCursor;
      return page;
    },
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * `GET /api/community/feed/new`: how many posts of the tab came after `after`, and their ids
 * (asked when the live stream opens, after which posts may have been missed).
 */
export const newPostsCount = (tab: FeedTab, after: string, signal?: AbortSignal) =>
  apiRequest<CommunityNewPosts>(
    `/api/community/feed/new?tab=${tab}&after=${encodeURIComponent(after)}`,
    signal ? { signal } : {},
  );

/** `GET /api/community/following`: who and which symbols the member follows. */
export const followingQuery = queryOptions({
  queryKey: ['community', 'following'],
  queryFn: ({ signal }) => apiRequest<CommunityFollowing>('/api/community/following', { signal }),
});

/** `GET /api/community/symbols/:symbol/posts`, a page at a time. */
export const symbolPostsQuery = (symbol: string) =>
  infiniteQueryOptions({
    queryKey: ['community', 'symbol', symbol],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<CommunitySymbolPosts>(
        `/api/community/symbols/${encodeURIComponent(symbol)}/posts${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    getNextPageParam: (page) => page.nextCursor,
  });

/** `GET /api/community/updates`: activity on the member's posts, and the posts themselves. */
export const updatesQuery = infiniteQueryOptions({
  queryKey: ['community', 'updates'],
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) =>
    apiRequest<CommunityUpdates>(
      pageParam
        ? `/api/community/updates?cursor=${encodeURIComponent(pageParam)}`
        : '/api/community/updates',
      { signal },
    ),
  getNextPageParam: (page) => page.nextCursor,
});

export const followMember = (handle: string, following: boolean) =>
  apiRequest<CommunityFollowCounts>(`/api/community/users/${encodeURIComponent(handle)}/follow`, {
    method: 'PUT',
    body: { following },
  });

export const followSymbol = (symbol: string, following: boolean) =>
  apiRequest<{ symbol: string; followedByMe: boolean }>(
    `/api/community/symbols/${encodeURIComponent(symbol)}/follow`,
    { method: 'PUT', body: { following } },
  );

export const threadQuery = (id: string) =>
  queryOptions({
    queryKey: ['community', 'thread', id],
    retry: retryUnlessMissing,
    queryFn: ({ signal }) => apiRequest<CommunityThread>(postPath(id), { signal }),
  });

export const userPageQuery = (handle: string) =>
  queryOptions({
    queryKey: ['community', 'user', handle.toLowerCase()],
    retry: retryUnlessMissing,
    queryFn: ({ signal }) =>
      apiRequest<CommunityUserPage>(`/api/community/users/${encodeURIComponent(handle)}`, {
        signal,
      }),
  });

export const saveProfile = (input: CommunityProfileInput) =>
  apiRequest<{ profile: CommunityProfile }>('/api/community/profile', {
    method: 'PUT',
    body: input,
  });

export const createPost = (input: PostInput) =>
  apiRequest<{ post: CommunityPost }>('/api/community/posts', { body: input });

export const editPost = (id: string, input: PostInput) =>
  apiRequest<{ post: CommunityPost }>(postPath(id), { method: 'PATCH', body: input });

export const deletePost = (id: string) => apiRequest<void>(postPath(id), { method: 'DELETE' });

export const replyTo = (id: string, body: string) =>
  apiRequest<{ reply: CommunityPost; heldForReview: boolean }>(`${postPath(id)}/replies`, {
    body: { body },
  });

export const likePost = (id: string, liked: boolean) =>
  apiRequest<{ post: CommunityPost }>(`${postPath(id)}/like`, { method: 'PUT', body: { liked } });

export const reportPost = (id: string, reason: string) =>
  apiRequest<void>(`${postPath(id)}/report`, { body: { reason } });
