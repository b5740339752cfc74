import { useQuery } from '@tanstack/react-query';
import type { CommunityMe } from '@tickerwise/shared';
import { paths } from '@tickerwise/shared';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { StatCard } from '../stat-card.tsx';

/** Community Posts: posts written this month, of the plan's quota (deleted ones count too). */
export function CommunityPostsCard() {
  const me = useQuery({
    queryKey: ['community', 'me'],
    queryFn: ({ signal }) => apiRequest<CommunityMe>('/api/community/me', { signal }),
  });
  const posts = me.data?.quota.posts;
  return (
    <StatCard
      label="Community Posts"
      icon={MessageCircle}
      value={
        posts ? (
          <>
            <span aria-hidden="true">
              {posts.limit === null ? posts.used : `${posts.used}/${posts.limit}`}
            </span>
            <span className="sr-only">
              {posts.limit === null
                ? `${posts.used} posts this month`
                : `${posts.used} of ${posts.limit} posts this month`}
            </span>
          </>
        ) : me.isError ? (
          <span className="text-base font-medium text-slate-500">Not available</span>
        ) : (
          <Skeleton className="h-8 w-20" />
        )
      }
      note={
        <>
          Shared this month ·{' '}
          <Link to={paths.socialFeed} className="font-medium text-brand-700 hover:underline">
            Open the feed
          </Link>
        </>
      }
      footer={
        posts?.limit != null ? (
          <p className="mt-1 text-xs text-slate-500">Resets on the 1st</p>
        ) : null
      }
    />
  );
}
