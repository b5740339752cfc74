import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type CommunityActivity, communityUserPath, paths } from '@tickerwise/shared';
import { AtSign, Bell, Heart, MessageSquare, PenLine } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { subscribeLiveEvents } from '../../lib/live-events.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { communityMeQuery, updatesQuery } from './api/community-api.ts';
import { postedAgo, postsUsedUp, quotaText } from './components/community-text.ts';
import { CommunityDisclaimer } from './components/disclaimer.tsx';
import { FeedSkeleton } from './components/feed-skeleton.tsx';
import { PostCard } from './components/post-card.tsx';
import { ProfileSetup } from './components/profile-setup.tsx';

/** Posts arrive from everyone: the page asks again at most this often. */
const refreshEveryMs = 5_000;

function Quota() {
  const me = useQuery(communityMeQuery);
  if (me.isPending) return <Skeleton className="h-20 w-full rounded-2xl" />;
  if (me.isError) {
    return (
      <ErrorState
        title="Your quota could not be loaded"
        onRetry={() => me.refetch()}
        retrying={me.isFetching}
      >
        {me.error.message}
      </ErrorState>
    );
  }
  if (me.data.profile === null) return <ProfileSetup />;
  const full = postsUsedUp(me.data.quota);
  return (
    <div
      className={`rounded-2xl border p-5 shadow-sm sm:p-6 ${full ? 'border-amber-200 bg-amber-50' : 'border-slate-200 bg-white'}`}
    >
      <p className="text-sm font-semibold text-ink-950">This month</p>
      <p className="mt-1 text-slate-700">{quotaText(me.data.quota)}</p>
      {full && (
        <p className="mt-2 text-sm text-amber-900">
          You have used all {me.data.quota.posts.limit} posts of your plan this month. You can post
          again on the 1st, or{' '}
          <Link to={paths.pricing} className="font-medium underline">
            upgrade for more posts
          </Link>
          .
        </p>
      )}
    </div>
  );
}

const activityWords: Record<CommunityActivity['kind'], string> = {
  reply: 'replied to your post',
  like: 'liked your post',
  mention: 'mentioned you',
};
const activityIcons = { reply: MessageSquare, like: Heart, mention: AtSign };

function ActivityList({ activity }: { activity: CommunityActivity[] }) {
  if (activity.length === 0) {
    return (
      <EmptyState
        icon={Bell}
        title="Nothing has happened yet"
        description="Replies to your posts, likes, and mentions of you show here."
        size="section"
      />
    );
  }
  return (
    <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
      {activity.map((item) => {
        const Icon = activityIcons[item.kind];
        return (
          <li
            key={`${item.kind}-${item.postId}-${item.who.handle}-${item.at}`}
            className="flex gap-3 p-4"
          >
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            <div className="min-w-0 text-sm">
              <p className="text-slate-700">
                <Link
                  to={communityUserPath(item.who.handle)}
                  className="font-semibold text-ink-950 hover:underline"
                >
                  {item.who.displayName}
                </Link>{' '}
                <span className="text-slate-500">@{item.who.handle}</span>{' '}
                {activityWords[item.kind]}
                <span className="text-slate-400"> · </span>
                <time dateTime={item.at} className="text-slate-500">
                  {postedAgo(item.at)}
                </time>
              </p>
              <p className="mt-1 truncate text-slate-600">{item.excerpt}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** docs/PRODUCT.md, "Community": the member's own posts and replies, and what happened to them. */
export function UpdatesPage() {
  usePageTitle('Community updates');
  const updates = useInfiniteQuery(updatesQuery);
  const { refetch } = updates;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void refetch();
      }, refreshEveryMs);
    };
    // A mention of the member is a notification; replies are new posts.
    const stops = [
      subscribeLiveEvents('notifications', later),
      subscribeLiveEvents('community_posts', later),
    ];
    return () => {
      for (const stop of stops) stop();
      clearTimeout(timer);
    };
  }, [refetch]);
  const first = updates.data?.pages[0];
  const own = updates.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Updates</h1>
        <p className="mt-1 text-slate-600">Your posts and replies, and what happened to them.</p>
      </header>
      <CommunityDisclaimer />
      <Quota />
      {updates.isPending ? (
        <FeedSkeleton label="Loading your updates" />
      ) : updates.isError ? (
        <ErrorState
          title="Your updates could not be loaded"
          onRetry={() => updates.refetch()}
          retrying={updates.isFetching}
        >
          {updates.error.message}
        </ErrorState>
      ) : (
        <>
          <section aria-labelledby="activity-heading" className="space-y-3">
            <h2 id="activity-heading" className="text-lg font-semibold text-ink-950">
              Replies, likes and mentions
            </h2>
            <ActivityList activity={first?.activity ?? []} />
          </section>
          <section aria-labelledby="own-heading" className="space-y-3">
            <h2 id="own-heading" className="text-lg font-semibold text-ink-950">
              Your posts and replies
            </h2>
            {own.length === 0 ? (
              <EmptyState
                icon={PenLine}
                title="You have not posted yet"
                description="Share a view on a stock in the feed: name it with $, like $AAPL."
                action={
                  <Link
                    to={paths.socialFeed}
                    className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                  >
                    Open the feed
                  </Link>
                }
                size="section"
              />
            ) : (
              <div className="space-y-3">
                {own.map(({ post, inReplyTo }) => (
                  <div key={post.id}>
                    {inReplyTo && (
                      <p className="mb-1 truncate px-1 text-sm text-slate-500">
                        Your reply to{' '}
                        <Link
                          to={communityUserPath(inReplyTo.author.handle)}
                          className="font-medium text-slate-700 hover:underline"
                        >
                          @{inReplyTo.author.handle}
                        </Link>
                        : {inReplyTo.excerpt}
                      </p>
                    )}
                    {post.parentId ? (
                      <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
                        <PostCard post={post} nested />
                      </div>
                    ) : (
                      <PostCard post={post} />
                    )}
                  </div>
                ))}
                {updates.hasNextPage && (
                  <div className="flex justify-center pt-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      busy={updates.isFetchingNextPage}
                      onClick={() => updates.fetchNextPage()}
                    >
                      Show older
                    </Button>
                  </div>
                )}
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}

export { UpdatesPage as Component };
