import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { paths } from '@tickerwise/shared';
import { MessagesSquare } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { communityMeQuery } from './api/community-api.ts';
import { conversationsQuery } from './api/messages-api.ts';
import { useLiveMessages } from './api/use-live-messages.ts';
import { ConversationList } from './components/conversation-list.tsx';
import { Conversation, StartFromProfile } from './components/conversation-view.tsx';
import { CommunityDisclaimer } from './components/disclaimer.tsx';
import { ProfileSetup } from './components/profile-setup.tsx';

/**
 * docs/PRODUCT.md, "Community": "Messages". The member's conversations beside the open one
 * (one at a time on a phone). New messages, reads and mutes arrive live from every instance.
 */
export function MessagesPage() {
  usePageTitle('Messages');
  const me = useQuery(communityMeQuery);
  const [params, setParams] = useSearchParams();
  const list = useInfiniteQuery({ ...conversationsQuery, enabled: Boolean(me.data?.profile) });
  useLiveMessages();
  const selected = params.get('c');
  const to = params.get('to');
  const open = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('to');
        if (id) next.set('c', id);
        else next.delete('c');
        return next;
      },
      // From a profile's Message button, Back returns to the profile, not to `?to=`.
      { replace: to !== null },
    );
  const unread =
    list.data?.pages
      .flatMap((page) => page.conversations)
      .find((conversation) => conversation.id === selected)?.unread ?? 0;
  const showing = selected !== null || to !== null;

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Messages</h1>
        <p className="mt-1 text-slate-600">Private conversations with other members.</p>
      </header>
      <CommunityDisclaimer />
      {me.isPending ? (
        <Skeleton className="h-96 w-full rounded-2xl" />
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
        <Card size="sm" className="flex h-[min(70vh,44rem)] min-h-[28rem] overflow-hidden !p-0">
          <aside
            aria-label="Your conversations"
            className={`w-full flex-col overflow-y-auto border-slate-100 lg:flex lg:w-80 lg:shrink-0 lg:border-r ${showing ? 'hidden' : 'flex'}`}
          >
            <ConversationList selected={selected} onOpen={(id) => open(id)} />
          </aside>
          <section
            aria-label="Conversation"
            className={`min-w-0 flex-1 flex-col ${showing ? 'flex' : 'hidden lg:flex'}`}
          >
            {to !== null && selected === null ? (
              <StartFromProfile handle={to} onStarted={(id) => open(id)} />
            ) : selected !== null ? (
              <Conversation
                key={selected}
                id={selected}
                unread={unread}
                onBack={() => open(null)}
              />
            ) : (
              <EmptyState
                icon={MessagesSquare}
                title="Choose a conversation"
                description={
                  <>
                    Or start one from a member’s profile.{' '}
                    <Link
                      to={paths.socialFeed}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      Find members in the feed
                    </Link>
                  </>
                }
                size="section"
                className="m-4 flex-1"
              />
            )}
          </section>
        </Card>
      )}
    </div>
  );
}

export { MessagesPage as Component };
