import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { communityUserPath } from '@tickerwise/shared';
import { Ban } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { communityMeQuery } from '../api/community-api.ts';
import { blockMember, blocksQuery, reportMember, unblockMember } from '../api/moderation-api.ts';
import { dateTimeText } from './moderation-text.ts';
import { ReportAction } from './report-action.tsx';

const refreshCommunity = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['community'] });

/** The member's own block list, with Unblock beside each (Settings of the community). */
function BlockedMembers() {
  const queryClient = useQueryClient();
  const blocks = useQuery(blocksQuery);
  const unblock = useMutation({
    mutationFn: unblockMember,
    onSuccess: () => refreshCommunity(queryClient),
  });
  return (
    <Card as="section" size="md" aria-labelledby="blocked-members">
      <h2 id="blocked-members" className="text-lg font-semibold text-ink-950">
        Blocked members
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        You and a member you block do not see each other’s posts and replies, and cannot answer or
        like them.
        {blocks.data && ` You can block up to ${blocks.data.limit} members.`}
      </p>
      <div className="mt-4">
        {blocks.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : blocks.isError ? (
          <ErrorState
            title="Your block list could not be loaded"
            onRetry={() => blocks.refetch()}
            retrying={blocks.isFetching}
          >
            {blocks.error.message}
          </ErrorState>
        ) : blocks.data.blocks.length === 0 ? (
          <EmptyState
            title="You have not blocked anyone"
            description="Block a member from their profile or from your conversation with them."
            size="compact"
          />
        ) : (
          <ul className="divide-y divide-slate-100">
            {blocks.data.blocks.map((block) => (
              <li
                key={block.handle}
                className="flex flex-wrap items-center justify-between gap-2 py-2.5"
              >
                <div className="text-sm">
                  <Link
                    to={communityUserPath(block.handle)}
                    className="font-semibold text-ink-950 hover:underline"
                  >
                    {block.displayName}
                  </Link>{' '}
                  <span className="text-slate-500">
                    @{block.handle} · blocked {dateTimeText(block.blockedAt)}
                  </span>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  busy={unblock.isPending && unblock.variables === block.handle}
                  onClick={() => unblock.mutate(block.handle)}
                >
                  Unblock
                </Button>
              </li>
            ))}
          </ul>
        )}
        {unblock.error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {unblock.error.message}
          </p>
        )}
      </div>
    </Card>
  );
}

/** Block or unblock another member, and report them with a reason. */
function MemberActions({ handle }: { handle: string }) {
  const queryClient = useQueryClient();
  const blocks = useQuery(blocksQuery);
  const blocked = blocks.data?.blocks.some((block) => block.handle === handle) ?? false;
  const toggle = useMutation({
    mutationFn: async () => {
      if (blocked) await unblockMember(handle);
      else await blockMember(handle);
    },
    onSuccess: () => refreshCommunity(queryClient),
  });
  return (
    <div className="space-y-2">
      {blocked && (
        <p className="text-sm text-slate-600">
          You blocked @{handle}: you do not see each other’s posts and replies.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          busy={toggle.isPending}
          disabled={blocks.isPending}
          onClick={() => toggle.mutate()}
        >
          <Ban aria-hidden="true" className="size-4" /> {blocked ? 'Unblock' : 'Block'}
        </Button>
        <ReportAction
          send={(reason) => reportMember(handle, reason)}
          className={buttonStyles({ variant: 'ghost', size: 'sm' })}
        />
      </div>
      {toggle.error && (
        <p role="alert" className="text-sm text-red-700">
          {toggle.error.message}
        </p>
      )}
    </div>
  );
}

/**
 * Under a profile: on another member's, Block and Report; on the member's own, their block
 * list. Nothing until it is known whose profile it is.
 */
export function MemberSafety({ handle }: { handle: string }) {
  const me = useQuery(communityMeQuery);
  if (!me.data) return null;
  const own = me.data.profile?.handle.toLowerCase() === handle.toLowerCase();
  if (own) return <BlockedMembers />;
  if (!me.data.profile) return null;
  return <MemberActions handle={handle} />;
}
