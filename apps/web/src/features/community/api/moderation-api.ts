import { queryOptions } from '@tanstack/react-query';
import type {
  CommunityBlockList,
  CommunityStanding,
  ModerationLog,
  ModerationQueue,
  ReportReason,
} from '@tickerwise/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

/** 404 from a moderation route means "not a moderator": an answer, not a failure to retry. */
const retryUnlessMissing = (failures: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status === 404) && failures < 1;

const memberPath = (handle: string) => encodeURIComponent(handle);

/** `GET /api/community/standing`: moderator or not, a suspension, the member's posts in review. */
export const standingQuery = queryOptions({
  queryKey: ['community', 'standing'],
  queryFn: ({ signal }) => apiRequest<CommunityStanding>('/api/community/standing', { signal }),
});

export const blocksQuery = queryOptions({
  queryKey: ['community', 'blocks'],
  queryFn: ({ signal }) => apiRequest<CommunityBlockList>('/api/community/blocks', { signal }),
});

export const moderationQueueQuery = queryOptions({
  queryKey: ['community', 'moderation', 'queue'],
  retry: retryUnlessMissing,
  queryFn: ({ signal }) =>
    apiRequest<ModerationQueue>('/api/community/moderation/queue', { signal }),
});

export const moderationLogQuery = queryOptions({
  queryKey: ['community', 'moderation', 'log'],
  retry: retryUnlessMissing,
  queryFn: ({ signal }) => apiRequest<ModerationLog>('/api/community/moderation/log', { signal }),
});

export const blockMember = (handle: string) =>
  apiRequest<CommunityBlockList>(`/api/community/blocks/${memberPath(handle)}`, { method: 'PUT' });

export const unblockMember = (handle: string) =>
  apiRequest<void>(`/api/community/blocks/${memberPath(handle)}`, { method: 'DELETE' });

export const reportMember = (handle: string, reason: ReportReason) =>
  apiRequest<void>(`/api/community/users/${memberPath(handle)}/report`, { body: { reason } });

export const appealRemoval = (postId: string, text: string) =>
  apiRequest<void>(`/api/community/posts/${encodeURIComponent(postId)}/appeal`, {
    body: { text },
  });

const decisionPath = (postId: string, decision: 'restore' | 'remove') =>
  `/api/community/moderation/posts/${encodeURIComponent(postId)}/${decision}`;

export const restorePost = (postId: string) =>
  apiRequest<void>(decisionPath(postId, 'restore'), { body: {} });

export const removePost = (postId: string, reason: string) =>
  apiRequest<void>(decisionPath(postId, 'remove'), { body: { reason } });

export const suspendMember = (handle: string, days: number, reason: string) =>
  apiRequest<void>(`/api/community/moderation/users/${memberPath(handle)}/suspend`, {
    body: { days, reason },
  });

export const dismissReports = (handle: string) =>
  apiRequest<void>(`/api/community/moderation/users/${memberPath(handle)}/dismiss`, {
    body: {},
  });
