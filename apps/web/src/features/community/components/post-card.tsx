import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CommunityPost, communityUserPath } from '@tickerwise/shared';
import { BadgeCheck, Heart, MessageSquare, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { subscribeLiveEvents } from '../../../lib/live-events.ts';
import { deletePost, likePost, replyTo, reportPost, threadQuery } from '../api/community-api.ts';
import { postedAgo } from './community-text.ts';
import { PostBody } from './post-body.tsx';
import { PostChart } from './post-chart.tsx';
import { PostComposer } from './post-composer.tsx';
import { ReportAction } from './report-action.tsx';

/** Like, reply, and the author's edit (while the edit window lasts) and delete, or a report. */
function Actions({
  post,
  onReply,
  onEdit,
}: {
  post: CommunityPost;
  onReply?: () => void;
  onEdit: (() => void) | undefined;
}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['community'] });
  const like = useMutation({
    mutationFn: () => likePost(post.id, !post.likedByMe),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: () => deletePost(post.id), onSuccess: refresh });
  const action =
    'inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-ink-950';
  return (
    <div className="mt-3 space-y-2">
      <div className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className={action}
          aria-pressed={post.likedByMe}
          onClick={() => like.mutate()}
        >
          <Heart
            aria-hidden="true"
            className={`size-4 ${post.likedByMe ? 'fill-red-500 text-red-500' : ''}`}
          />
          <span className="tabular-nums">{post.likes}</span>
          <span className="sr-only">{post.likedByMe ? 'Unlike' : 'Like'}</span>
        </button>
        {onReply && (
          <button type="button" className={action} onClick={onReply}>
            <MessageSquare aria-hidden="true" className="size-4" />
            <span className="tabular-nums">{post.replyCount}</span>
            <span className="sr-only">replies</span>
          </button>
        )}
        {onEdit && (
          <button type="button" className={action} onClick={onEdit}>
            <Pencil aria-hidden="true" className="size-4" /> Edit
          </button>
        )}
        {post.mine ? (
          <button
            type="button"
            className={action}
            onClick={() => {
              if (window.confirm('Delete this post? It still counts toward this month’s quota.'))
                remove.mutate();
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" /> Delete
          </button>
        ) : (
          <ReportAction send={(reason) => reportPost(post.id, reason)} className={action} />
        )}
      </div>
      {(like.error ?? remove.error) && (
        <p role="alert" className="text-sm text-red-700">
          {(like.error ?? remove.error)?.message}
        </p>
      )}
    </div>
  );
}

/**
 * An open thread takes in new replies as they are written (asking at most every 3 s): when an
 * event names this post among those with new replies (ADR 0076), and after the stream
 * (re)opens, when replies may have been missed.
 */
function useLiveThread(postId: string, refetch: () => unknown) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = subscribeLiveEvents('community_posts', (change) => {
      const told = change && (change.posts || change.replies);
      if (told && !change.replies?.includes(postId)) return;
      timer ??= setTimeout(() => {
        timer = undefined;
        refetch();
      }, 3_000);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [postId, refetch]);
}

function Replies({ post }: { post: CommunityPost }) {
  const queryClient = useQueryClient();
  const thread = useQuery(threadQuery(post.id));
  useLiveThread(post.id, thread.refetch);
  const [body, setBody] = useState('');
  const send = useMutation({
    mutationFn: () => replyTo(post.id, body),
    onSuccess: () => {
      setBody('');
      return queryClient.invalidateQueries({ queryKey: ['community'] });
    },
  });
  return (
    <div className="mt-3 space-y-3 border-l-2 border-slate-100 pl-4">
      {thread.isPending && <p className="text-sm text-slate-500">Loading replies…</p>}
      {thread.isError && <p className="text-sm text-red-700">{thread.error.message}</p>}
      {thread.data?.replies.map((reply) => (
        <PostCard key={reply.id} post={reply} nested />
      ))}
      <form
        className="flex flex-col gap-2 sm:flex-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (body.trim()) send.mutate();
        }}
      >
        <label className="sr-only" htmlFor={`reply-${post.id}`}>
          Reply
        </label>
        <input
          id={`reply-${post.id}`}
          value={body}
          maxLength={1000}
          onChange={(event) => setBody(event.target.value)}
          placeholder="Write a reply"
          className={inputStyles(false)}
        />
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          busy={send.isPending}
          disabled={!body.trim()}
        >
          Reply
        </Button>
      </form>
      {send.error && (
        <p role="alert" className="text-sm text-red-700">
          {send.error.message}
        </p>
      )}
      {send.data?.heldForReview && (
        <p role="status" className="text-sm text-amber-800">
          Your reply is held for review: many new accounts are posting about a symbol it names, so a
          moderator looks at it before others see it.
        </p>
      )}
    </div>
  );
}

/** One post or reply: author, when, tags, the text, and what the reader may do with it. */
export function PostCard({ post, nested = false }: { post: CommunityPost; nested?: boolean }) {
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <article className={nested ? '' : 'rounded-2xl border border-slate-200 bg-white p-4 sm:p-5'}>
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Link
          to={communityUserPath(post.author.handle)}
          className="font-semibold text-ink-950 hover:underline"
        >
          {post.author.displayName}
        </Link>
        <span className="text-slate-500">@{post.author.handle}</span>
        <span aria-hidden="true" className="text-slate-300">
          ·
        </span>
        <time dateTime={post.createdAt} className="text-slate-500">
          {postedAgo(post.createdAt)}
        </time>
        {post.editedAt && <span className="text-slate-500">(edited)</span>}
        {post.sentiment && (
          <Badge tone={post.sentiment === 'bullish' ? 'success' : 'danger'}>
            {post.sentiment === 'bullish' ? 'Bullish' : 'Bearish'}
          </Badge>
        )}
        {post.paid && <Badge tone="warning">Paid to write this</Badge>}
        {post.heldSymbols.map((symbol) => (
          <span
            key={symbol}
            title="Checked against the author’s Tickerwise portfolios when posted"
            className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-800 ring-1 ring-emerald-200 ring-inset"
          >
            <BadgeCheck aria-hidden="true" className="size-3.5" />
            Holds {symbol}
            <span className="sr-only">(verified from their portfolio when posted)</span>
          </span>
        ))}
      </header>
      <div className="mt-2">
        {editing ? (
          <PostComposer editing={post} onDone={() => setEditing(false)} />
        ) : (
          <PostBody body={post.body} symbols={post.symbols} mentions={post.mentions} />
        )}
        {post.chart && <PostChart chart={post.chart} />}
      </div>
      <Actions
        post={post}
        onEdit={post.editableUntil && !editing ? () => setEditing(true) : undefined}
        {...(nested ? {} : { onReply: () => setOpen(!open) })}
      />
      {open && !nested && <Replies post={post} />}
    </article>
  );
}
