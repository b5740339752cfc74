import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { communityUserPath, type ModerationMessageItem, moderationRules } from '@tickerwise/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  dismissMessageReports,
  moderationMessagesQuery,
  removeMessage,
} from '../api/messages-api.ts';
import { dateTimeText, reportsText } from './moderation-text.ts';

const refreshQueue = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['community', 'moderation'] });

/** A reported message, the few before it for context, and the two decisions. */
function ReportedMessage({ item }: { item: ModerationMessageItem }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState(false);
  const [reason, setReason] = useState('');
  const remove = useMutation({
    mutationFn: () => removeMessage(item.message.id, reason.trim()),
    onSuccess: () => refreshQueue(queryClient),
  });
  const dismiss = useMutation({
    mutationFn: () => dismissMessageReports(item.message.id),
    onSuccess: () => refreshQueue(queryClient),
  });
  const error = remove.error ?? dismiss.error;
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="text-slate-600">
          From{' '}
          <Link
            to={communityUserPath(item.message.sender.handle)}
            className="font-semibold text-ink-950 hover:underline"
          >
            @{item.message.sender.handle}
          </Link>{' '}
          to{' '}
          <Link
            to={communityUserPath(item.recipient.handle)}
            className="font-semibold text-ink-950 hover:underline"
          >
            @{item.recipient.handle}
          </Link>
        </span>
        <span className="text-slate-500 sm:ml-auto">
          reported <time dateTime={item.since}>{dateTimeText(item.since)}</time>
        </span>
      </header>
      {item.context.length > 0 && (
        <ol className="mt-3 space-y-1 text-sm text-slate-500" aria-label="The messages before it">
          {item.context.map((line) => (
            <li key={line.id} className="border-l-2 border-slate-200 pl-2">
              <span className="font-medium">@{line.sender.handle}:</span>{' '}
              {line.body ?? <em>removed</em>}
            </li>
          ))}
        </ol>
      )}
      <div className="mt-3 rounded-xl bg-red-50 px-3.5 py-3 text-sm whitespace-pre-wrap break-words text-slate-800 ring-1 ring-red-100 ring-inset">
        {item.message.body}
        <p className="mt-2 text-xs text-slate-500">
          Sent <time dateTime={item.message.createdAt}>{dateTimeText(item.message.createdAt)}</time>
        </p>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        <span className="font-medium text-ink-950">Reports</span> {reportsText(item.reports)}
      </p>
      {item.reports.notes.map((note, index) => (
        <p
          key={index}
          className="mt-1 border-l-2 border-slate-200 pl-2 text-sm text-slate-600 italic"
        >
          “{note}”
        </p>
      ))}
      {removing ? (
        <form
          className="mt-4 space-y-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim()) remove.mutate();
          }}
        >
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-ink-950">
            Why is it removed? The sender is told.
          </label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            rows={2}
            maxLength={moderationRules.reasonMaxLength}
            onChange={(event) => setReason(event.target.value)}
            className={`${inputStyles(false)} resize-y`}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setRemoving(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="danger"
              size="sm"
              busy={remove.isPending}
              disabled={!reason.trim()}
            >
              Remove the message
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setRemoving(true)}>
            Remove
          </Button>
          <Button
            variant="ghost"
            size="sm"
            busy={dismiss.isPending}
            onClick={() => dismiss.mutate()}
          >
            Dismiss the reports
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error.message}
        </p>
      )}
    </article>
  );
}

/**
 * The moderators' reported direct messages, oldest report first: each with the few messages
 * before it in its conversation, and nothing else of the conversation.
 */
export function ReportedMessages() {
  const queue = useQuery(moderationMessagesQuery);
  // 404: not a moderator (the page says so once, for the whole queue).
  if (queue.error instanceof ApiRequestError && queue.error.status === 404) return null;
  return (
    <section aria-labelledby="queue-messages" className="space-y-3">
      <h2 id="queue-messages" className="text-lg font-semibold text-ink-950">
        Reported messages{' '}
        {queue.data && (
          <span className="font-normal text-slate-500">({queue.data.messages.length})</span>
        )}
      </h2>
      {queue.isPending ? (
        <Skeleton className="h-24 w-full rounded-2xl" />
      ) : queue.isError ? (
        <ErrorState
          title="The reported messages could not be loaded"
          onRetry={() => queue.refetch()}
          retrying={queue.isFetching}
        >
          {queue.error.message}
        </ErrorState>
      ) : queue.data.messages.length === 0 ? (
        <EmptyState title="No message is reported" size="compact" />
      ) : (
        queue.data.messages.map((item) => <ReportedMessage key={item.message.id} item={item} />)
      )}
    </section>
  );
}
