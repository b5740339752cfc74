import { queryOptions } from '@tanstack/react-query';
import type {
  CreateSupportRequestInput,
  SupportQueue,
  SupportQueueCount,
  SupportReplyInput,
  SupportRequest,
  SupportRequestList,
} from '@tickerwise/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

/** 404 from the queue means "not a support agent": an answer, not a failure to retry. */
const retryUnlessMissing = (failures: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status === 404) && failures < 1;

/** How often the queue and its count look again while open: the count is live. */
export const queueRefreshMs = 15_000;

export const supportRequestsQuery = queryOptions({
  queryKey: ['support', 'requests'],
  queryFn: ({ signal }) => apiRequest<SupportRequestList>('/api/support/requests', { signal }),
});

export const supportRequestQuery = (id: string) =>
  queryOptions({
    queryKey: ['support', 'request', id],
    retry: retryUnlessMissing,
    queryFn: ({ signal }) =>
      apiRequest<SupportRequest>(`/api/support/requests/${encodeURIComponent(id)}`, { signal }),
  });

export const supportQueueQuery = queryOptions({
  queryKey: ['support', 'queue'],
  retry: retryUnlessMissing,
  refetchInterval: queueRefreshMs,
  queryFn: ({ signal }) => apiRequest<SupportQueue>('/api/support/queue', { signal }),
});

export const supportQueueCountQuery = queryOptions({
  queryKey: ['support', 'queue', 'count'],
  retry: retryUnlessMissing,
  refetchInterval: queueRefreshMs,
  queryFn: ({ signal }) => apiRequest<SupportQueueCount>('/api/support/queue/count', { signal }),
});

type Answer = { request: SupportRequest };
const requestPath = (id: string) => `/api/support/requests/${encodeURIComponent(id)}`;

export const createSupportRequest = (input: CreateSupportRequestInput) =>
  apiRequest<Answer>('/api/support/requests', { body: input });

export const replyToSupportRequest = (id: string, input: SupportReplyInput) =>
  apiRequest<Answer>(`${requestPath(id)}/messages`, { body: input });

export const solveSupportRequest = (id: string) =>
  apiRequest<Answer>(`${requestPath(id)}/solve`, { body: {} });

export const reopenSupportRequest = (id: string) =>
  apiRequest<Answer>(`${requestPath(id)}/reopen`, { body: {} });

export const attachmentUrl = (id: string) => `/api/support/attachments/${encodeURIComponent(id)}`;
