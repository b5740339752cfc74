import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  communityUserPath,
  type DirectMessage,
  messageRules,
  type ReportReason,
  reportReasons,
} from '@tickerwise/shared';
import { ArrowLeft, Ban, BellOff, Flag, Mail, MessagesSquare } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  conversationQuery,
  markRead,
  muteConversation,
  refreshMessages,
  reportMessage,
  sendMessage,
  startConversation,
} from '../api/messages-api.ts';
import { blockMember, unblockMember } from '../api/moderation-api.ts';
import { shortTime } from './message-time.ts';
import { dateTimeText, reportReasonLabels } from './moderation-text.ts';

function ReportMessage({ message }: { message: DirectMessage }) {
  const [open, setOpen] = useState(false);
  const report = useMutation({
    mutationFn: (reason: ReportReason) => reportMessage(message.id, reason),
    onSuccess: () => setOpen(false),
  });
  if (report.isSuccess) return <span className="text-xs text-slate-500">Reported. Thank you.</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-1 rounded px-1 text-xs text-slate-500 hover:text-ink-950"
      >
        <Flag aria-hidden="true" className="size-3" /> Report
      </button>
      {open &&
        reportReasons.map((reason) => (
          <Button
            key={reason}
            variant="secondary"
            size="sm"
            busy={report.isPending && report.variables === reason}
            onClick={() => report.mutate(reason)}
          >
            {reportReasonLabels[reason]}
          </Button>
        ))}
      {report.error && (
        <span role="alert" className="text-xs text-red-700">
          {report.error.message}
        </span>
      )}
    </span>
  );
}

function MessageBubble({ message, seen }: { message: DirectMessage; seen: boolean }) {
  return (
    <li className={`flex flex-col ${message.mine ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap break-words sm:max-w-[75%] ${
          message.removed
            ? 'bg-slate-50 text-slate-500 italic ring-1 ring-slate-200 ring-inset'
            : message.mine
              ? 'bg-brand-600 text-white'
              : 'bg-slate-100 text-ink-950'
        }`}
      >
        {message.removed ? 'A moderator removed this message.' : message.body}
      </div>
      <div className="mt-0.5 flex items-center gap-2 px-1 text-xs text-slate-500">
        <time dateTime={message.createdAt} title={dateTimeText(message.createdAt)}>
          {shortTime(message.createdAt)}
        </time>
        {seen && <span>Seen</span>}
        {!message.mine && !message.removed && <ReportMessage message={message} />}
      </div>
    </li>
  );
}

/** Why the member cannot send, with what to do about a limit. */
function SendError({ error }: { error: Error }) {
  const limited = error instanceof ApiRequestError && error.status === 429;
  return (
    <p
      role="alert"
      className={`rounded-xl px-3.5 py-2.5 text-sm ${limited ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-800'}`}
    >
      {error.message}
    </p>
  );
}

function Composer({ id }: { id: string }) {
  const fieldId = useId();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const send = useMutation({
    mutationFn: () => sendMessage(id, body.trim()),
    onSuccess: () => {
      setBody('');
      return refreshMessages(queryClient);
    },
  });
  const over = body.length > messageRules.bodyMaxLength;
  return (
    <form
      className="space-y-2 border-t border-slate-100 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim() && !over) send.mutate();
      }}
    >
      {send.error && <SendError error={send.error} />}
      <label htmlFor={fieldId} className="sr-only">
        Write a message
      </label>
      <textarea
        id={fieldId}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            if (body.trim() && !over && !send.isPending) send.mutate();
          }
        }}
        rows={2}
        placeholder="Write a message"
        className={`${inputStyles(over)} resize-none`}
        aria-describedby={`${fieldId}-count`}
      />
      <div className="flex items-center justify-between gap-2 text-xs">
        <span
          id={`${fieldId}-count`}
          className={`tabular-nums ${over ? 'font-semibold text-red-700' : 'text-slate-500'}`}
        >
          {body.length.toLocaleString('en-US')}/{messageRules.bodyMaxLength.toLocaleString('en-US')}
        </span>
        <Button
          type="submit"
          variant="primary"
          size="sm"
          busy={send.isPending}
          disabled={!body.trim() || over}
        >
          Send
        </Button>
      </div>
    </form>
  );
}

/** Blocking and unblocking change posts, profiles and messages alike: all of them refetch. */
function useBlockToggle(handle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (block: boolean) => {
      if (block) await blockMember(handle);
      else await unblockMember(handle);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['community'] }),
  });
}

/**
 * Block from the conversation's header, after saying what it does; Unblock once blocked.
 */
function BlockAction({ handle, blocked }: { handle: string; blocked: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const toggle = useBlockToggle(handle);
  if (blocked) return null;
  if (!confirming) {
    return (
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        <Ban aria-hidden="true" className="size-4" />
        Block
      </Button>
    );
  }
  return (
    <fieldset className="w-full space-y-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
      <legend className="sr-only">Block @{handle}</legend>
      <p>
        Block @{handle}? They will not be able to message you, and neither of you will see the
        other’s posts and replies. They are not told.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="dark"
          size="sm"
          busy={toggle.isPending}
          onClick={() => toggle.mutate(true, { onSuccess: () => setConfirming(false) })}
        >
          Block @{handle}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
          Cancel
        </Button>
      </div>
      {toggle.error && (
        <p role="alert" className="text-red-700">
          {toggle.error.message}
        </p>
      )}
    </fieldset>
  );
}

/** In place of the box to write, once the member blocked the other. */
function BlockedNotice({ handle }: { handle: string }) {
  const toggle = useBlockToggle(handle);
  return (
    <div className="space-y-2 border-t border-slate-100 p-4 text-sm text-slate-700">
      <p>
        You blocked @{handle}. They cannot message you, and you do not see each other’s posts and
        replies.
      </p>
      <Button
        variant="secondary"
        size="sm"
        busy={toggle.isPending}
        onClick={() => toggle.mutate(false)}
      >
        Unblock @{handle}
      </Button>
      {toggle.error && (
        <p role="alert" className="text-red-700">
          {toggle.error.message}
        </p>
      )}
    </div>
  );
}

function ThreadSkeleton() {
  return (
    <div className="flex-1 space-y-3 p-4" role="status" aria-label="Loading the conversation">
      <Skeleton className="h-10 w-2/3 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
      <Skeleton className="h-14 w-3/4 rounded-2xl" />
    </div>
  );
}

/**
 * One conversation: its messages (older pages on demand), Mute, Block, Report on the other's
 * messages, "Seen", and the box to write, or why the member cannot write.
 */
export function Conversation({
  id,
  unread,
  onBack,
}: {
  id: string;
  unread: number;
  onBack: () => void;
}) {
  const queryClient = useQueryClient();
  const thread = useInfiniteQuery(conversationQuery(id));
  const bottom = useRef<HTMLDivElement>(null);
  const pages = thread.data?.pages ?? [];
  const header = pages[0]?.conversation;
  const seenIds = new Set<string>();
  const messages = [...pages]
    .reverse()
    .flatMap((page) => page.messages)
    .filter((message) => !seenIds.has(message.id) && seenIds.add(message.id));
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    if (newest) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);
  // Reading the conversation marks it read (the server announces it to the member's tabs).
  useEffect(() => {
    if (unread > 0 && newest) {
      void markRead(id).then(() => refreshMessages(queryClient));
    }
  }, [id, unread, newest, queryClient]);
  const mute = useMutation({
    mutationFn: (muted: boolean) => muteConversation(id, muted),
    onSuccess: () => refreshMessages(queryClient),
  });
  const lastMine = [...messages].reverse().find((message) => message.mine);
  const seenId =
    lastMine && header?.otherReadAt && header.otherReadAt >= lastMine.createdAt
      ? lastMine.id
      : null;

  const back = (
    <button
      type="button"
      onClick={onBack}
      className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-ink-950 lg:hidden"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      <span className="sr-only sm:not-sr-only">Conversations</span>
    </button>
  );
  if (thread.isPending) {
    return (
      <div className="flex flex-1 flex-col">
        <div className="border-b border-slate-100 p-3">{back}</div>
        <ThreadSkeleton />
      </div>
    );
  }
  if (thread.isError) {
    const missing = thread.error instanceof ApiRequestError && thread.error.status === 404;
    return (
      <div className="flex flex-1 flex-col p-3">
        {back}
        {missing ? (
          <EmptyState
            icon={Mail}
            title="This conversation is not available"
            description="It does not exist, or one of you blocked the other."
            size="section"
            className="mt-3"
          />
        ) : (
          <ErrorState
            title="This conversation could not be loaded"
            onRetry={() => thread.refetch()}
            retrying={thread.isFetching}
            className="mt-3"
          >
            {thread.error.message}
          </ErrorState>
        )}
      </div>
    );
  }
  const conversation = header!;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 px-4 py-3">
        {back}
        <h2 className="min-w-0 flex-1 truncate font-semibold text-ink-950">
          <Link to={communityUserPath(conversation.with.handle)} className="hover:underline">
            {conversation.with.displayName}
          </Link>{' '}
          <span className="font-normal text-slate-500">@{conversation.with.handle}</span>
        </h2>
        <Button
          variant="ghost"
          size="sm"
          busy={mute.isPending}
          aria-pressed={conversation.muted}
          onClick={() => mute.mutate(!conversation.muted)}
        >
          <BellOff aria-hidden="true" className="size-4" />
          {conversation.muted ? 'Unmute' : 'Mute'}
        </Button>
        <BlockAction
          handle={conversation.with.handle}
          blocked={conversation.refusal === 'blocked'}
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3 sm:px-4">
        {thread.hasNextPage && (
          <div className="mb-3 text-center">
            <Button
              variant="ghost"
              size="sm"
              busy={thread.isFetchingNextPage}
              onClick={() => thread.fetchNextPage()}
            >
              Older messages
            </Button>
          </div>
        )}
        {messages.length === 0 ? (
          <EmptyState
            icon={MessagesSquare}
            title={`Say hello to @${conversation.with.handle}`}
            description="Messages are between the two of you. Moderators see a message only if one of you reports it."
            size="compact"
          />
        ) : (
          <ol className="space-y-2.5" aria-label={`Messages with @${conversation.with.handle}`}>
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} seen={message.id === seenId} />
            ))}
          </ol>
        )}
        <div ref={bottom} />
      </div>
      {conversation.refusal === 'blocked' ? (
        <BlockedNotice handle={conversation.with.handle} />
      ) : conversation.refusal === 'not_accepted' ? (
        <p className="border-t border-slate-100 p-4 text-sm text-slate-600">
          @{conversation.with.handle} accepts messages only from members they follow.
        </p>
      ) : conversation.refusal === 'suspended' ? (
        <p className="border-t border-slate-100 p-4 text-sm text-amber-900">
          A moderator suspended your posting, messages included. See the community feed for until
          when.
        </p>
      ) : (
        <Composer key={id} id={id} />
      )}
      {mute.error && (
        <p role="alert" className="px-4 pb-3 text-sm text-red-700">
          {mute.error.message}
        </p>
      )}
    </div>
  );
}

/** Opening a conversation from a profile's Message button: `?to=handle` becomes `?c=id`. */
export function StartFromProfile({
  handle,
  onStarted,
}: {
  handle: string;
  onStarted: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => startConversation(handle),
    onSuccess: (started) => {
      onStarted(started.id);
      return refreshMessages(queryClient);
    },
  });
  const { mutate } = start;
  useEffect(() => mutate(), [mutate]);
  if (start.error) {
    return (
      <div className="flex-1 p-4">
        <EmptyState
          icon={Mail}
          title={
            start.error instanceof ApiRequestError && start.error.status === 404
              ? `No member called @${handle} can be messaged`
              : 'You cannot message this member'
          }
          description={start.error.message}
          action={
            <Link
              to={communityUserPath(handle)}
              className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            >
              Back to the profile
            </Link>
          }
          size="section"
        />
      </div>
    );
  }
  return <ThreadSkeleton />;
}
