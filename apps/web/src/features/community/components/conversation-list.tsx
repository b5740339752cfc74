import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationSummary } from '@tickerwise/shared';
import { BellOff, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { conversationsQuery, refreshMessages, saveMessageSettings } from '../api/messages-api.ts';
import { shortTime } from './message-time.ts';

function ListSkeleton() {
  return (
    <div className="space-y-2 p-2" role="status" aria-label="Loading your conversations">
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex items-center gap-3 px-2 py-2">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Who may start a conversation with the member: members they follow, or anyone. */
function WhoMayMessage({ fromAnyone }: { fromAnyone: boolean }) {
  const queryClient = useQueryClient();
  // The box shows the member's choice from the click on (set in the same event, so the
  // controlled input never springs back), until the list read again says the same or the
  // save fails.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (next: boolean) => saveMessageSettings({ fromAnyone: next }),
    onSuccess: async () => {
      await refreshMessages(queryClient);
      setChosen(null);
    },
    onError: () => setChosen(null),
  });
  const checked = chosen ?? fromAnyone;
  return (
    <div className="border-t border-slate-100 px-4 py-3 text-sm">
      <label className="flex items-start gap-2 text-slate-700">
        <input
          type="checkbox"
          checked={checked}
          disabled={save.isPending}
          onChange={(event) => {
            setChosen(event.target.checked);
            save.mutate(event.target.checked);
          }}
          className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
        />
        <span>
          Anyone may message me
          <span className="block text-xs text-slate-500">
            Otherwise only members you follow can start a conversation.
          </span>
        </span>
      </label>
      {save.error && (
        <p role="alert" className="mt-1 text-red-700">
          {save.error.message}
        </p>
      )}
    </div>
  );
}

function ConversationRow({
  conversation,
  selected,
  onOpen,
}: {
  conversation: ConversationSummary;
  selected: boolean;
  onOpen: () => void;
}) {
  const { last } = conversation;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        className={`flex w-full items-start gap-3 rounded-xl px-3 py-2.5 text-left ${
          selected ? 'bg-brand-50' : 'hover:bg-slate-50'
        }`}
      >
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-100 font-semibold text-slate-600"
        >
          {conversation.with.displayName.slice(0, 1).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span
              className={`truncate text-sm ${conversation.unread > 0 && !conversation.blocked ? 'font-bold text-ink-950' : 'font-semibold text-ink-950'}`}
            >
              {conversation.with.displayName}
            </span>
            {conversation.muted && (
              <BellOff aria-label="Muted" className="size-3.5 shrink-0 text-slate-400" />
            )}
            {last && (
              <time dateTime={last.at} className="ml-auto shrink-0 text-xs text-slate-500">
                {shortTime(last.at)}
              </time>
            )}
          </span>
          <span className="flex items-center gap-2">
            <span
              className={`truncate text-sm ${conversation.unread > 0 && !conversation.blocked ? 'text-ink-950' : 'text-slate-500'}`}
            >
              {last === null
                ? 'No messages yet'
                : last.body === null
                  ? 'Message removed'
                  : `${last.mine ? 'You: ' : ''}${last.body}`}
            </span>
            {conversation.blocked ? (
              <span className="ml-auto shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
                Blocked
              </span>
            ) : (
              conversation.unread > 0 && (
                <span className="ml-auto shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
                  <span className="sr-only">Unread: </span>
                  {conversation.unread > 99 ? '99+' : conversation.unread}
                </span>
              )
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

/** The member's conversations, latest first, and who may message them. */
export function ConversationList({
  selected,
  onOpen,
}: {
  selected: string | null;
  onOpen: (id: string) => void;
}) {
  const list = useInfiniteQuery(conversationsQuery);
  if (list.isPending) return <ListSkeleton />;
  if (list.isError) {
    return (
      <div className="p-3">
        <ErrorState
          title="Your conversations could not be loaded"
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        >
          {list.error.message}
        </ErrorState>
      </div>
    );
  }
  const conversations = list.data.pages.flatMap((page) => page.conversations);
  const settings = list.data.pages[0]?.settings ?? { fromAnyone: false };
  return (
    <>
      {conversations.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title="No conversations yet"
          description="Open a member’s profile and choose Message to start one."
          size="compact"
        />
      ) : (
        <ul className="space-y-0.5 p-2" aria-label="Conversations">
          {conversations.map((conversation) => (
            <ConversationRow
              key={conversation.id}
              conversation={conversation}
              selected={conversation.id === selected}
              onOpen={() => onOpen(conversation.id)}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <div className="px-4 pb-3">
          <Button
            variant="ghost"
            size="sm"
            busy={list.isFetchingNextPage}
            onClick={() => list.fetchNextPage()}
          >
            Older conversations
          </Button>
        </div>
      )}
      <WhoMayMessage fromAnyone={settings.fromAnyone} />
    </>
  );
}
