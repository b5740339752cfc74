import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type {
  ConversationList,
  ConversationPage,
  DirectMessage,
  MessageSettings,
  ModerationMessages,
  ReportReason,
  StartedConversation,
  UnreadMessages,
} from '@tickerwise/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

/** A missing conversation is an answer (absent, or blocked), not a failure to retry. */
const retryUnlessMissing = (failures: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status === 404) && failures < 1;

const conversationPath = (id: string) => `/api/community/conversations/${encodeURIComponent(id)}`;

/** After a change: the list, the open conversation and the sidebar's count refetch. */
export const refreshMessages = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['community', 'messages'] });

/** `GET /api/community/conversations`: the member's conversations, latest first. */
export const conversationsQuery = infiniteQueryOptions({
  queryKey: ['community', 'messages', 'list'],
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) =>
    apiRequest<ConversationList>(
      pageParam
        ? `/api/community/conversations?cursor=${encodeURIComponent(pageParam)}`
        : '/api/community/conversations',
      { signal },
    ),
  getNextPageParam: (page) => page.nextCursor,
});

/** `GET /api/community/conversations/unread`: the sidebar's count. */
export const unreadMessagesQuery = queryOptions({
  queryKey: ['community', 'messages', 'unread'],
  queryFn: ({ signal }) =>
    apiRequest<UnreadMessages>('/api/community/conversations/unread', { signal }),
});

/** `GET /api/community/conversations/:id`, newest page first; older pages come after it. */
export const conversationQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['community', 'messages', 'conversation', id],
    retry: retryUnlessMissing,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ConversationPage>(
        pageParam
          ? `${conversationPath(id)}?before=${encodeURIComponent(pageParam)}`
          : conversationPath(id),
        { signal },
      ),
    getNextPageParam: (page) => page.olderCursor,
  });

export const startConversation = (handle: string) =>
  apiRequest<StartedConversation>('/api/community/conversations', { body: { handle } });

export const sendMessage = (id: string, body: string) =>
  apiRequest<{ message: DirectMessage }>(`${conversationPath(id)}/messages`, { body: { body } });

export const markRead = (id: string) =>
  apiRequest<void>(`${conversationPath(id)}/read`, { body: {} });

export const muteConversation = (id: string, muted: boolean) =>
  apiRequest<{ muted: boolean }>(`${conversationPath(id)}/mute`, {
    method: 'PUT',
    body: { muted },
  });

export const reportMessage = (id: string, reason: ReportReason) =>
  apiRequest<void>(`/api/community/messages/${encodeURIComponent(id)}/report`, {
    body: { reason },
  });

export const saveMessageSettings = (settings: MessageSettings) =>
  apiRequest<MessageSettings>('/api/community/message-settings', {
    method: 'PUT',
    body: settings,
  });

export const moderationMessagesQuery = queryOptions({
  queryKey: ['community', 'moderation', 'messages'],
  retry: retryUnlessMissing,
  queryFn: ({ signal }) =>
    apiRequest<ModerationMessages>('/api/community/moderation/messages', { signal }),
});

const decisionPath = (id: string, decision: 'remove' | 'dismiss') =>
  `/api/community/moderation/messages/${encodeURIComponent(id)}/${decision}`;

export const removeMessage = (id: string, reason: string) =>
  apiRequest<void>(decisionPath(id, 'remove'), { body: { reason } });

export const dismissMessageReports = (id: string) =>
  apiRequest<void>(decisionPath(id, 'dismiss'), { body: {} });
