import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { communityUserPath } from '@tickerwise/shared';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { communityMeQuery, feedQuery } from './api/community-api.ts';
import { quotaText } from './components/community-text.ts';
import { CommunityDisclaimer } from './components/disclaimer.tsx';
import { PostCard } from './components/post-card.tsx';
import { PostComposer } from './components/post-composer.tsx';
import { ProfileSetup } from './components/profile-setup.tsx';
import { StandingPanel } from './components/standing-panel.tsx';

function FeedSkeleton() {
  return (
    <div className="space-y-3" role="status" aria-label="Loading posts">
      {[0, 1, 2].map((index) => (
        <div key={index} className="rounded-2xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="mt-3 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}

function Feed() {
  const feed = useInfiniteQuery(feedQuery);
  if (feed.isPending) return <FeedSkeleton />;
  if (feed.isError) {
    return (
      <ErrorState
        title="The feed could not be loaded"
        onRetry={() => feed.refetch()}
        retrying={feed.isFetching}
      >
        {feed.error.message}
      </ErrorState>
    );
  }
  const posts = feed.data.pages.flatMap((page) => page.posts);
  if (posts.length === 0) {
    return (
      <EmptyState
        icon={MessagesSquare}
        title="No posts yet"
        description="Be the first to share a view. Name a stock with $ and its symbol, like $AAPL."
        size="section"
      />
    );
  }
  return (
    <div className="space-y-3">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      {feed.hasNextPage && (
        <div className="flex justify-center pt-2">
          <Button
            variant="secondary"
            size="sm"
            busy={feed.isFetchingNextPage}
            onClick={() => feed.fetchNextPage()}
          >
            Show older posts
          </Button>
        </div>
      )}
    </div>
  );
}

/** docs/PRODUCT.md, "Community": every member's posts, newest first, and a box to write one. */
export function FeedPage() {
  usePageTitle('Community feed');
  const me = useQuery(communityMeQuery);
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Community</h1>
        <p className="mt-1 text-slate-600">What investors on Tickerwise think about stocks.</p>
      </header>
      <CommunityDisclaimer />
      <StandingPanel />
      {me.isPending ? (
        <Skeleton className="h-36 w-full rounded-2xl" />
      ) : me.isError ? (
        <ErrorState
          title="Your community profile could not be loaded"
          onRetry={() => me.refetch()}
          retrying={me.isFetching}
        >
          {me.error.message}
        </ErrorState>
      ) : me.data.profile === null ? (
        <ProfileSetup />
      ) : (
        <Card size="md">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <Link
              to={communityUserPath(me.data.profile.handle)}
              className="font-semibold text-ink-950 hover:underline"
            >
              {me.data.profile.displayName}{' '}
              <span className="font-normal text-slate-500">@{me.data.profile.handle}</span>
            </Link>
            <span className="text-slate-500">{quotaText(me.data.quota)}</span>
          </div>
          <PostComposer quota={me.data.quota} />
        </Card>
      )}
      <h2 className="sr-only">All posts</h2>
      <Feed />
    </div>
  );
}

export { FeedPage as Component };
