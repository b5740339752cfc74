import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { communityUserPath, type FeedTab, parseTickerSymbol } from '@tickerwise/shared';
import { ArrowUp, MessagesSquare, UsersRound } from 'lucide-react';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import {
  communityMeQuery,
  type FeedReading,
  feedQuery,
  followingQuery,
} from './api/community-api.ts';
import { useNewPosts } from './api/use-new-posts.ts';
import { quotaText } from './components/community-text.ts';
import { CommunityDisclaimer } from './components/disclaimer.tsx';
import { FeedSkeleton } from './components/feed-skeleton.tsx';
import { PostCard } from './components/post-card.tsx';
import { PostComposer } from './components/post-composer.tsx';
import { ProfileSetup } from './components/profile-setup.tsx';
import { StandingPanel } from './components/standing-panel.tsx';

/**
 * "3 new posts": floats over the list (taking no room), and loads them when clicked. At the
 * top of the list it sits in the gap above the first post, clear of its author's name; once
 * scrolled, just under the page's header.
 */
function NewPostsPill({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div className="sticky top-22 z-20 flex h-0 justify-center lg:top-26" aria-live="polite">
      {count > 0 && (
        <button
          type="button"
          onClick={onShow}
          className="inline-flex h-8 -translate-y-6 items-center gap-1.5 rounded-full bg-ink-950 px-4 text-sm font-semibold text-white shadow-lg hover:bg-ink-800"
        >
          <ArrowUp aria-hidden="true" className="size-4" />
          {count >= 99 ? '99+ new posts' : `${count} new ${count === 1 ? 'post' : 'posts'}`}
        </button>
      )}
    </div>
  );
}

function Feed({
  tab,
  reading,
  onSeeAll,
}: {
  tab: FeedTab;
  reading: FeedReading;
  onSeeAll: () => void;
}) {
  const feed = useInfiniteQuery(feedQuery(tab, reading));
  const head = feed.data?.pages[0]?.headCursor ?? null;
  const fresh = useNewPosts(tab, head);
  const top = useRef<HTMLDivElement>(null);
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
  const showNew = () => {
    reading.head = null;
    void feed.refetch();
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const posts = feed.data.pages.flatMap((page) => page.posts);
  return (
    <div ref={top} className="scroll-mt-24">
      <NewPostsPill count={fresh} onShow={showNew} />
      {posts.length === 0 ? (
        tab === 'following' ? (
          <EmptyState
            icon={UsersRound}
            title="Nothing here yet from the members and symbols you follow"
            description="Follow members on their profile, and symbols on a stock’s page. Their posts come here."
            action={
              <Button variant="secondary" size="sm" onClick={onSeeAll}>
                See all posts
              </Button>
            }
            size="section"
          />
        ) : (
          <EmptyState
            icon={MessagesSquare}
            title="No posts yet"
            description="Be the first to share a view. Name a stock with $ and its symbol, like $AAPL."
            size="section"
          />
        )
      ) : (
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
      )}
    </div>
  );
}

const isTab = (value: string | null): value is FeedTab => value === 'following' || value === 'all';

/**
 * docs/PRODUCT.md, "Community": the posts of the members and symbols the user follows, or
 * every post, newest first; new posts wait in a pill until asked for; a box to write one.
 */
export function FeedPage() {
  usePageTitle('Community feed');
  const me = useQuery(communityMeQuery);
  const following = useQuery(followingQuery);
  const [params, setParams] = useSearchParams();
  const readings = useRef<Record<FeedTab, FeedReading>>({
    following: { head: null },
    all: { head: null },
  });
  const chosen = params.get('tab');
  const followsAny =
    following.data !== undefined && following.data.users.length + following.data.symbols.length > 0;
  const tab: FeedTab | null = isTab(chosen)
    ? chosen
    : following.isPending
      ? null
      : followsAny
        ? 'following'
        : 'all';
  const setTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  const about = parseTickerSymbol(params.get('about') ?? '');
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
          <PostComposer
            quota={me.data.quota}
            initialBody={about ? `$${about} ` : ''}
            onDone={() => {
              // The member's own post shows at once: both tabs take in the newest posts.
              readings.current.following.head = null;
              readings.current.all.head = null;
            }}
          />
        </Card>
      )}
      {tab === null ? (
        <FeedSkeleton />
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList label="Feeds">
            <TabsTrigger value="following">Following</TabsTrigger>
            <TabsTrigger value="all">All</TabsTrigger>
          </TabsList>
          <TabsContent value="following">
            <Feed
              tab="following"
              reading={readings.current.following}
              onSeeAll={() => setTab('all')}
            />
          </TabsContent>
          <TabsContent value="all">
            <Feed tab="all" reading={readings.current.all} onSeeAll={() => setTab('all')} />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}

export { FeedPage as Component };
