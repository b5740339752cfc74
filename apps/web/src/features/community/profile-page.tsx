import { useQuery } from '@tanstack/react-query';
import { paths } from '@tickerwise/shared';
import { Mail, UserRound } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { followMember, userPageQuery } from './api/community-api.ts';
import { CommunityDisclaimer } from './components/disclaimer.tsx';
import { FollowButton } from './components/follow-button.tsx';
import { MemberSafety } from './components/member-safety.tsx';
import { PostCard } from './components/post-card.tsx';

function FollowMemberButton({ handle, following }: { handle: string; following: boolean }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <FollowButton
        following={following}
        label={`@${handle}`}
        follow={(next) => followMember(handle, next)}
      />
      <Link
        to={`${paths.socialMessages}?to=${encodeURIComponent(handle)}`}
        className={buttonStyles({ variant: 'secondary', size: 'sm' })}
      >
        <Mail aria-hidden="true" className="size-4" /> Message
      </Link>
    </div>
  );
}

/** A member's public profile: handle, display name, bio and latest posts (never the email). */
export function ProfilePage() {
  const { handle = '' } = useParams();
  const page = useQuery(userPageQuery(handle));
  usePageTitle(
    page.data
      ? `${page.data.profile.displayName} (@${page.data.profile.handle})`
      : 'Community member',
  );
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <BackLink to={paths.socialFeed}>Community feed</BackLink>
      <CommunityDisclaimer />
      {page.isPending ? (
        <Skeleton className="h-32 w-full rounded-2xl" />
      ) : page.isError ? (
        page.error instanceof ApiRequestError && page.error.status === 404 ? (
          <EmptyState icon={UserRound} title={`No member is called @${handle}`} size="section" />
        ) : (
          <ErrorState
            title="This profile could not be loaded"
            onRetry={() => page.refetch()}
            retrying={page.isFetching}
          >
            {page.error.message}
          </ErrorState>
        )
      ) : (
        <>
          <Card size="md">
            <h1 className="text-2xl font-bold tracking-tight text-ink-950">
              {page.data.profile.displayName}
            </h1>
            <p className="text-slate-500">@{page.data.profile.handle}</p>
            {page.data.profile.bio && (
              <p className="mt-3 text-slate-700">{page.data.profile.bio}</p>
            )}
            <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-500">
              <span>
                <strong className="font-semibold text-ink-950 tabular-nums">
                  {page.data.follows.followers.toLocaleString('en-US')}
                </strong>{' '}
                {page.data.follows.followers === 1 ? 'follower' : 'followers'}
              </span>
              <span>
                <strong className="font-semibold text-ink-950 tabular-nums">
                  {page.data.follows.following.toLocaleString('en-US')}
                </strong>{' '}
                following
              </span>
              <span>
                Member since{' '}
                {new Date(page.data.profile.joinedAt).toLocaleDateString('en-US', {
                  month: 'long',
                  year: 'numeric',
                })}
              </span>
            </p>
            {!page.data.mine && (
              <FollowMemberButton
                handle={page.data.profile.handle}
                following={page.data.follows.followedByMe}
              />
            )}
            <div className="mt-4">
              <MemberSafety handle={page.data.profile.handle} />
            </div>
          </Card>
          <h2 className="text-lg font-semibold text-ink-950">Posts</h2>
          {page.data.posts.length === 0 ? (
            <EmptyState title="No posts yet" size="section" />
          ) : (
            <div className="space-y-3">
              {page.data.posts.map((post) => (
                <PostCard key={post.id} post={post} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}

export { ProfilePage as Component };
