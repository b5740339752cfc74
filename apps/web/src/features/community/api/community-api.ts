import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  CommunityFeed,
  CommunityMe,
  CommunityPost,
  CommunityProfile,
  CommunityProfileInput,
  CommunityThread,
  CommunityUserPage,
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

/** `GET /api/community/feed`, a page at a time, newest first. */
export const feedQuery = infiniteQueryOptions({
  queryKey: ['community', 'feed'],
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) =>
    apiRequest<CommunityFeed>(
      pageParam
        ? `/api/community/feed?cursor=${encodeURIComponent(pageParam)}`
        : '/api/community/feed',
      { signal },
    ),
  getNextPageParam: (page) => page.nextCursor,
});

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
  apiRequest<{ reply: CommunityPost }>(`${postPath(id)}/replies`, { body: { body } });

export const likePost = (id: string, liked: boolean) =>
  apiRequest<{ post: CommunityPost }>(`${postPath(id)}/like`, { method: 'PUT', body: { liked } });

export const reportPost = (id: string, reason: string) =>
  apiRequest<void>(`${postPath(id)}/report`, { body: { reason } });
