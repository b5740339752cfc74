import { useQuery } from '@tanstack/react-query';
import { paths } from '@tickerwise/shared';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { moderationLogQuery, moderationQueueQuery } from './api/moderation-api.ts';
import { CommunityDisclaimer } from './components/disclaimer.tsx';
import { QueuedPost, ReportedMember } from './components/moderation-items.tsx';
import { actionLabels, dateTimeText } from './components/moderation-text.ts';
import { ReportedMessages } from './components/reported-messages.tsx';

function QueueSkeleton() {
  return (
    <div className="space-y-3" role="status" aria-label="Loading the queue">
      {[0, 1].map((index) => (
        <div key={index} className="rounded-2xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="mt-4 h-16 w-full" />
          <Skeleton className="mt-4 h-8 w-64" />
        </div>
      ))}
    </div>
  );
}

/** The decisions of the last days: who did what to whom, when and why. */
function RecentDecisions() {
  const log = useQuery(moderationLogQuery);
  if (log.isPending) return <Skeleton className="h-24 w-full rounded-2xl" />;
  if (log.isError) {
    return (
      <ErrorState
        title="The decisions could not be loaded"
        onRetry={() => log.refetch()}
        retrying={log.isFetching}
      >
        {log.error.message}
      </ErrorState>
    );
  }
  if (log.data.entries.length === 0) {
    return <EmptyState title="No decisions yet" size="compact" />;
  }
  return (
    <ol className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
      {log.data.entries.map((entry) => (
        <li key={entry.id} className="px-4 py-3 text-sm sm:px-5">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold text-ink-950">{actionLabels[entry.action]}</span>
            {entry.subject && (
              <span className="text-slate-600">
                @{entry.subject.handle}
                {entry.action === 'suspend' && entry.days !== null
                  ? ` for ${entry.days} ${entry.days === 1 ? 'day' : 'days'}`
                  : ''}
              </span>
            )}
            <span className="text-slate-500">by {entry.moderator ?? 'a former moderator'}</span>
            <time dateTime={entry.at} className="text-slate-500 sm:ml-auto">
              {dateTimeText(entry.at)}
            </time>
          </div>
          {entry.reason && <p className="mt-1 text-slate-600">{entry.reason}</p>}
        </li>
      ))}
    </ol>
  );
}

/**
 * docs/PRODUCT.md, "Community": the moderation queue, for moderators only. Hidden, held and
 * appealed posts oldest first, then reported members, then the recent decisions.
 */
export function ModerationPage() {
  usePageTitle('Moderation');
  const queue = useQuery(moderationQueueQuery);
  const missing = queue.error instanceof ApiRequestError && queue.error.status === 404;
  if (missing) {
    return (
      <EmptyState
        size="page"
        titleAs="h1"
        title="Page not found"
        description="There is nothing at this address."
        action={
          <Link to={paths.socialFeed} className={buttonStyles({ variant: 'secondary' })}>
            Go to the community feed
          </Link>
        }
      />
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <BackLink to={paths.socialFeed}>Community feed</BackLink>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Moderation</h1>
        <p className="mt-1 text-slate-600">
          Posts hidden by reports, held by the pump guard or appealed, oldest first. Every decision
          is logged and told to the author.
        </p>
      </header>
      <CommunityDisclaimer />
      {queue.isPending ? (
        <QueueSkeleton />
      ) : queue.isError ? (
        <ErrorState
          title="The queue could not be loaded"
          onRetry={() => queue.refetch()}
          retrying={queue.isFetching}
        >
          {queue.error.message}
        </ErrorState>
      ) : (
        <>
          <section aria-labelledby="queue-posts" className="space-y-3">
            <h2 id="queue-posts" className="text-lg font-semibold text-ink-950">
              Posts waiting for review{' '}
              <span className="font-normal text-slate-500">({queue.data.posts.length})</span>
            </h2>
            {queue.data.posts.length === 0 ? (
              <EmptyState
                icon={ShieldCheck}
                title="Nothing waits for review"
                description="Posts reported by 3 members, held by the pump guard or appealed show up here."
                size="section"
              />
            ) : (
              queue.data.posts.map((item) => <QueuedPost key={item.post.id} item={item} />)
            )}
          </section>
          <section aria-labelledby="queue-members" className="space-y-3">
            <h2 id="queue-members" className="text-lg font-semibold text-ink-950">
              Reported members{' '}
              <span className="font-normal text-slate-500">({queue.data.users.length})</span>
            </h2>
            {queue.data.users.length === 0 ? (
              <EmptyState title="No member is reported" size="compact" />
            ) : (
              queue.data.users.map((item) => <ReportedMember key={item.user.handle} item={item} />)
            )}
          </section>
          <ReportedMessages />
          <section aria-labelledby="queue-log" className="space-y-3">
            <h2 id="queue-log" className="text-lg font-semibold text-ink-950">
              Recent decisions
            </h2>
            <RecentDecisions />
          </section>
        </>
      )}
    </div>
  );
}

export { ModerationPage as Component };
