import { useQuery } from '@tanstack/react-query';
import { paths, type SupportQueueItem, supportCategoryLabels } from '@tickerwise/shared';
import { Inbox } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatTimeAgo } from '../../lib/format-time.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { supportQueueQuery, supportRequestQuery } from './api/support-api.ts';
import { RequestThread } from './components/request-thread.tsx';
import { replyClock } from './components/support-text.ts';

const queuePath = (id: string) => `${paths.supportQueue}?request=${encodeURIComponent(id)}`;

function QueueRow({ item, selected }: { item: SupportQueueItem; selected: boolean }) {
  const clock = item.firstReplyDueAt ? replyClock(item.firstReplyDueAt, Date.now()) : null;
  return (
    <li>
      <Link
        to={queuePath(item.id)}
        aria-current={selected ? 'page' : undefined}
        className={`block px-4 py-3 hover:bg-slate-50 ${selected ? 'bg-brand-50/60' : ''}`}
      >
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0 font-semibold break-words text-ink-950">{item.subject}</span>
          {item.priority ? <Badge tone="brand">Priority</Badge> : null}
        </span>
        <span className="mt-1 block text-xs text-slate-500">
          {item.requester.name} · {item.requester.tier} · {supportCategoryLabels[item.category]} ·
          waiting since {formatTimeAgo(item.updatedAt)}
        </span>
        {clock ? (
          <span
            className={`mt-1 block text-xs ${clock.overdue ? 'font-semibold text-red-700' : 'text-slate-600'}`}
          >
            First reply {clock.text.toLowerCase()}
          </span>
        ) : (
          <span className="mt-1 block text-xs text-slate-500">
            Answered before; the user wrote again
          </span>
        )}
      </Link>
    </li>
  );
}

function Answering({ id }: { id: string }) {
  const request = useQuery(supportRequestQuery(id));
  if (request.isPending) return <Skeleton className="h-64 w-full rounded-2xl" />;
  if (request.isError) {
    return (
      <ErrorState
        title="The request could not be loaded"
        onRetry={() => request.refetch()}
        retrying={request.isFetching}
      >
        {request.error.message}
      </ErrorState>
    );
  }
  return <RequestThread request={request.data} agent />;
}

/**
 * docs/PRODUCT.md §3.27: the support queue, for support agents only (404 for everyone else).
 * Requests waiting for support, priority first, then the longest waiting; the count refreshes
 * itself every 15 seconds.
 */
export function SupportQueuePage() {
  usePageTitle('Support queue');
  const [params] = useSearchParams();
  const selected = params.get('request');
  const queue = useQuery(supportQueueQuery);
  if (queue.error instanceof ApiRequestError && queue.error.status === 404) {
    return (
      <EmptyState
        size="page"
        titleAs="h1"
        title="Page not found"
        description="There is nothing at this address."
        action={
          <Link to={paths.supportRequests} className={buttonStyles({ variant: 'secondary' })}>
            Go to your support requests
          </Link>
        }
      />
    );
  }
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <BackLink to={paths.supportRequests}>Support</BackLink>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">
          Support queue
        </h1>
        <p className="mt-1 text-slate-600" aria-live="polite">
          {queue.data
            ? `${queue.data.openCount} waiting for an answer${
                queue.data.overdueCount > 0
                  ? `, ${queue.data.overdueCount} past the first-reply target`
                  : ''
              }. Priority first, then the longest waiting.`
            : 'Requests waiting for an answer, priority first, then the longest waiting.'}
        </p>
      </header>
      {queue.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading the queue">
          <Skeleton className="h-20 w-full rounded-2xl" />
          <Skeleton className="h-20 w-full rounded-2xl" />
        </div>
      ) : queue.isError ? (
        <ErrorState
          title="The queue could not be loaded"
          onRetry={() => queue.refetch()}
          retrying={queue.isFetching}
        >
          {queue.error.message}
        </ErrorState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <section aria-label="Waiting requests">
            {queue.data.requests.length === 0 ? (
              <EmptyState
                icon={Inbox}
                size="section"
                title="Nothing waits for an answer"
                description="New requests and users' replies show up here."
              />
            ) : (
              <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
                {queue.data.requests.map((item) => (
                  <QueueRow key={item.id} item={item} selected={item.id === selected} />
                ))}
              </ul>
            )}
          </section>
          <section
            aria-label="The request"
            className="rounded-2xl border border-slate-200 bg-slate-50/60 p-5"
          >
            {selected ? (
              <Answering id={selected} />
            ) : (
              <EmptyState size="section" title="Choose a request to read and answer it." />
            )}
          </section>
        </div>
      )}
    </div>
  );
}

export { SupportQueuePage as Component };
