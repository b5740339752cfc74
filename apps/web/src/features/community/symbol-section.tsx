import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { paths } from '@tickerwise/shared';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { useSecurityPage } from '../../lib/security-page-slot.ts';
import { communityMeQuery, followSymbol, symbolPostsQuery } from './api/community-api.ts';
import { postsUsedUp } from './components/community-text.ts';
import { CommunityDisclaimer } from './components/disclaimer.tsx';
import { FeedSkeleton } from './components/feed-skeleton.tsx';
import { FollowButton } from './components/follow-button.tsx';
import { PostCard } from './components/post-card.tsx';

/** "Post about $AAPL", or why not this month. */
function PostAbout({ symbol }: { symbol: string }) {
  const me = useQuery(communityMeQuery);
  if (me.data && postsUsedUp(me.data.quota)) {
    return (
      <p className="text-sm text-amber-800">
        You have used all {me.data.quota.posts.limit} posts of your plan this month.{' '}
        <Link to={paths.pricing} className="font-medium underline">
          Upgrade for more
        </Link>
      </p>
    );
  }
  return (
    <Link
      to={`${paths.socialFeed}?about=${encodeURIComponent(symbol)}`}
      className={buttonStyles({ variant: 'secondary', size: 'sm' })}
    >
      Post about ${symbol}
    </Link>
  );
}

/**
 * docs/PRODUCT.md, "Community": a security's page lists the latest posts naming it, newest
 * first, with a way to follow the symbol and to post about it.
 */
export function CommunitySection() {
  const { symbol } = useSecurityPage();
  const query = useInfiniteQuery(symbolPostsQuery(symbol));
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];
  const followed = query.data?.pages[0]?.followedByMe ?? false;
  return (
    <Card as="section" aria-labelledby="community-heading" className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="community-heading"
          className="flex items-center gap-2 text-base font-semibold text-ink-950"
        >
          <MessagesSquare aria-hidden="true" className="size-5 text-brand-700" />
          Community
        </h2>
        <div className="flex flex-wrap items-start gap-2">
          {query.data && (
            <FollowButton
              following={followed}
              label={`$${symbol}`}
              follow={(next) => followSymbol(symbol, next)}
            />
          )}
          <PostAbout symbol={symbol} />
        </div>
      </header>
      <CommunityDisclaimer />
      {query.isPending ? (
        <FeedSkeleton label={`Loading posts about ${symbol}`} />
      ) : query.isError ? (
        <ErrorState
          title="The posts could not be loaded"
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        >
          {query.error.message}
        </ErrorState>
      ) : posts.length === 0 ? (
        <EmptyState
          title={`No posts about $${symbol} yet`}
          description="Posts that name this symbol with $ show here."
          size="section"
        />
      ) : (
        <div className="space-y-3">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
          {query.hasNextPage && (
            <div className="flex justify-center pt-1">
              <Button
                variant="secondary"
                size="sm"
                busy={query.isFetchingNextPage}
                onClick={() => query.fetchNextPage()}
              >
                Show older posts
              </Button>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
