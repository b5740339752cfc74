import { useQuery } from '@tanstack/react-query';
import {
  paths,
  type SupportRequestList,
  type SupportRequestSummary,
  supportCategoryLabels,
  supportRequestPath,
  supportStatusLabels,
  supportTargets,
} from '@tickerwise/shared';
import { Inbox, LifeBuoy, Plus } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatTimeAgo } from '../../lib/format-time.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import {
  supportQueueCountQuery,
  supportRequestQuery,
  supportRequestsQuery,
} from './api/support-api.ts';
import { NewRequestForm } from './components/new-request-form.tsx';
import { RequestThread } from './components/request-thread.tsx';
import { statusTones } from './components/support-text.ts';

/** The plan's terms: priority or standard, the first-reply target, and the way to priority. */
function PlanTerms({ list }: { list: SupportRequestList }) {
  return (
    <section
      aria-label="Your support"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center"
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
        <LifeBuoy aria-hidden />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-950">
          <span>{list.priority ? 'Priority support' : 'Standard support'}</span>
          {list.priority ? <Badge tone="brand">Your plan includes it</Badge> : null}
        </p>
        <p className="mt-1 text-slate-600">
          A first reply within {list.target}, Monday to Friday, 9am to 5pm New York time.
          {list.priority ? ' Your requests go first in the queue.' : null}
        </p>
        {!list.priority && (
          <p className="mt-1 text-slate-600">
            Enterprise includes priority support: requests go first, with a first reply within{' '}
            {supportTargets.priority.label}.{' '}
            <Link to={paths.pricing} className="font-semibold text-brand-700 underline">
              Compare plans
            </Link>
          </p>
        )}
      </div>
      {list.agent && <QueueLink />}
    </section>
  );
}

/** For agents: the way to the queue, with its live count. */
function QueueLink() {
  const count = useQuery(supportQueueCountQuery);
  return (
    <Link to={paths.supportQueue} className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
      <Inbox className="size-4" aria-hidden />
      Support queue
      {count.data ? ` (${count.data.openCount} waiting)` : ''}
    </Link>
  );
}

function RequestList({
  requests,
  selected,
}: {
  requests: SupportRequestSummary[];
  selected: string | null;
}) {
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {requests.map((request) => (
        <li key={request.id}>
          <Link
            to={supportRequestPath(request.id)}
            aria-current={selected === request.id ? 'page' : undefined}
            className={`block px-4 py-3 hover:bg-slate-50 ${
              selected === request.id ? 'bg-brand-50/60' : ''
            }`}
          >
            <span className="flex items-start justify-between gap-2">
              <span className="min-w-0 font-semibold break-words text-ink-950">
                {request.subject}
              </span>
              <Badge tone={statusTones[request.status]}>
                {supportStatusLabels[request.status]}
              </Badge>
            </span>
            <span className="mt-1 block text-xs text-slate-500">
              {supportCategoryLabels[request.category]} · {request.messageCount}{' '}
              {request.messageCount === 1 ? 'message' : 'messages'} · updated{' '}
              {formatTimeAgo(request.updatedAt)}
              {request.priority ? ' · priority' : ''}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SelectedRequest({ id }: { id: string }) {
  const request = useQuery(supportRequestQuery(id));
  if (request.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading the request">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-24 w-full rounded-2xl" />
      </div>
    );
  }
  if (request.isError) {
    if (request.error instanceof ApiRequestError && request.error.status === 404) {
      return (
        <EmptyState
          size="section"
          title="This request does not exist, or is not yours."
          action={
            <Link to={paths.supportRequests} className={buttonStyles({ variant: 'secondary' })}>
              Back to your requests
            </Link>
          }
        />
      );
    }
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
  return <RequestThread request={request.data} />;
}

function PageSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-label="Loading your support requests">
      <Skeleton className="h-24 w-full rounded-2xl" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Skeleton className="h-48 w-full rounded-2xl" />
        <Skeleton className="h-72 w-full rounded-2xl" />
      </div>
    </div>
  );
}

/**
 * docs/PRODUCT.md §3.27: the user's support requests, with their status and replies, and a
 * new request. `?request=ID` opens one; `?new` the form.
 */
export function SupportRequestsPage() {
  usePageTitle('Support');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const list = useQuery(supportRequestsQuery);
  const selected = params.get('request');
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Support</h1>
          <p className="mt-1 text-slate-600">
            Ask us anything about your account, your data or the product. Answers come here and by
            email.
          </p>
        </div>
        {selected && (
          <Link
            to={`${paths.supportRequests}?new`}
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
          >
            <Plus className="size-4" aria-hidden />
            New request
          </Link>
        )}
      </header>
      {list.isPending ? (
        <PageSkeleton />
      ) : list.isError ? (
        <ErrorState
          title="Your support requests could not be loaded"
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        >
          {list.error.message}
        </ErrorState>
      ) : (
        <>
          <PlanTerms list={list.data} />
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <section aria-labelledby="support-requests" className="space-y-3">
              <h2 id="support-requests" className="text-lg font-semibold text-ink-950">
                Your requests{' '}
                <span className="font-normal text-slate-500">
                  ({list.data.openCount} of {list.data.openLimit} open)
                </span>
              </h2>
              {list.data.requests.length === 0 ? (
                <EmptyState
                  icon={LifeBuoy}
                  size="section"
                  title="No requests yet"
                  description="What you send to support shows here, with every reply."
                />
              ) : (
                <RequestList requests={list.data.requests} selected={selected} />
              )}
            </section>
            <section
              aria-label={selected ? 'The request' : 'New request'}
              className="rounded-2xl border border-slate-200 bg-slate-50/60 p-5"
            >
              {selected ? (
                <SelectedRequest id={selected} />
              ) : list.data.openCount >= list.data.openLimit ? (
                <Alert tone="warning" title={`You have ${list.data.openLimit} open requests`}>
                  That is the most an account may have at once. Mark one solved, or add to it, to
                  write about something new.
                </Alert>
              ) : (
                <>
                  <h2 className="mb-4 text-lg font-semibold text-ink-950">New request</h2>
                  <NewRequestForm onSent={(request) => navigate(supportRequestPath(request.id))} />
                </>
              )}
            </section>
          </div>
        </>
      )}
    </div>
  );
}

export { SupportRequestsPage as Component };
