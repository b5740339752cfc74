import { type CommunityPreview, paths } from '@tickerwise/shared';
import { BadgeCheck, Heart, MessageSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { Link } from '../../lib/navigation.tsx';
import { signupPath } from '../../lib/signup-path.ts';
import { useSitePage } from '../../lib/site-pages.ts';
import { postedAgo } from './components/community-text.ts';
import { CommunityDisclaimer } from './components/disclaimer.tsx';
import { PostBody } from './components/post-body.tsx';

type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; preview: CommunityPreview };

/**
 * `/community`: what the community is, and its latest posts read-only, as the public preview
 * gives them (handles only). Members read, reply and post in the dashboard's feed.
 */
export function CommunityPreviewPage() {
  useSitePage(paths.community);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<CommunityPreview>('/api/community/preview', { signal: controller.signal })
      .then((preview) => setLoad({ state: 'ready', preview }))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, []);

  return (
    <>
      <PageHeader
        eyebrow="Community"
        title="What investors are discussing"
        lead="Short posts about US stocks and funds from Tickerwise members, with verified holdings and moderation. Read the latest here; join to reply, follow and post."
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={signupPath('free')} className={buttonStyles({ size: 'lg' })}>
            Join free
          </Link>
          <Link
            to={paths.featureSocial}
            className={buttonStyles({ variant: 'on-dark', size: 'lg' })}
          >
            How the community works
          </Link>
        </div>
      </PageHeader>
      <Container className="max-w-3xl py-12 sm:py-16">
        <CommunityDisclaimer />
        <section aria-labelledby="latest-posts" className="mt-8">
          <h2 id="latest-posts" className="text-2xl font-bold text-ink-950">
            Latest posts
          </h2>
          <div className="mt-4 min-h-[40rem]" aria-busy={load.state === 'loading'}>
            {load.state === 'loading' && (
              <p className="text-slate-600">Loading the latest posts…</p>
            )}
            {load.state === 'failed' && (
              <p className="text-slate-700">
                The latest posts could not be loaded just now. Members read them in the feed.
              </p>
            )}
            {load.state === 'ready' && load.preview.posts.length === 0 && (
              <p className="text-slate-700">No posts yet. Be the first to share an idea.</p>
            )}
            {load.state === 'ready' && load.preview.posts.length > 0 && (
              <ul className="space-y-4">
                {load.preview.posts.map((post) => (
                  <li
                    key={post.id}
                    className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
                  >
                    <article aria-label={`Post by @${post.handle}`}>
                      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
                        <span className="font-semibold text-ink-950">@{post.handle}</span>
                        <span>· {postedAgo(post.createdAt)}</span>
                        {post.sentiment && (
                          <Badge tone={post.sentiment === 'bullish' ? 'success' : 'danger'}>
                            {post.sentiment === 'bullish' ? 'Bullish' : 'Bearish'}
                          </Badge>
                        )}
                        {post.paid && <Badge tone="warning">Paid to write this</Badge>}
                      </p>
                      <div className="mt-2">
                        <PostBody
                          body={post.body}
                          symbols={post.symbols}
                          mentions={post.mentions}
                        />
                      </div>
                      <p className="mt-3 flex flex-wrap items-center gap-4 text-sm text-slate-600">
                        {post.heldSymbols.map((symbol) => (
                          <span
                            key={symbol}
                            className="inline-flex items-center gap-1 text-brand-800"
                          >
                            <BadgeCheck aria-hidden="true" className="size-4" /> Holds {symbol}
                          </span>
                        ))}
                        <span className="inline-flex items-center gap-1">
                          <Heart aria-hidden="true" className="size-4" /> {post.likes}{' '}
                          {post.likes === 1 ? 'like' : 'likes'}
                        </span>
                        <span className="inline-flex items-center gap-1">
                          <MessageSquare aria-hidden="true" className="size-4" /> {post.replyCount}{' '}
                          {post.replyCount === 1 ? 'reply' : 'replies'}
                        </span>
                      </p>
                    </article>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
        <p className="mt-8 text-slate-700">
          Already a member?{' '}
          <Link
            to={paths.socialFeed}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Open the feed
          </Link>
          .
        </p>
      </Container>
    </>
  );
}

export { CommunityPreviewPage as Component };
