import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationRules, type OwnPostReview, paths } from '@tickerwise/shared';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { appealRemoval, standingQuery } from '../api/moderation-api.ts';
import { dateTimeText } from './moderation-text.ts';
import { PostBody } from './post-body.tsx';

const stateText: Record<
  OwnPostReview['state'],
  { label: string; tone: 'warning' | 'danger'; note: string }
> = {
  held: {
    label: 'Held for review',
    tone: 'warning',
    note: 'Many new accounts are posting about a symbol it names, so new posts about it wait for a moderator before others see them.',
  },
  hidden: {
    label: 'Hidden after reports',
    tone: 'warning',
    note: 'Members reported it; it is hidden until a moderator reviews it.',
  },
  removed: {
    label: 'Removed',
    tone: 'danger',
    note: 'A moderator removed it.',
  },
};

function AppealForm({ postId }: { postId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () => appealRemoval(postId, text.trim()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['community', 'standing'] }),
  });
  if (!open) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Appeal
      </Button>
    );
  }
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) send.mutate();
      }}
    >
      <label htmlFor={`${id}-appeal`} className="block text-sm font-medium text-ink-950">
        Why should it come back? You can appeal once.
      </label>
      <textarea
        id={`${id}-appeal`}
        value={text}
        rows={2}
        maxLength={moderationRules.appealMaxLength}
        onChange={(event) => setText(event.target.value)}
        className={`${inputStyles(false)} resize-y`}
      />
      {send.error && (
        <p role="alert" className="text-sm text-red-700">
          {send.error.message}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button type="submit" size="sm" busy={send.isPending} disabled={!text.trim()}>
          Send the appeal
        </Button>
      </div>
    </form>
  );
}

function ReviewedPost({ item }: { item: OwnPostReview }) {
  const state = stateText[item.state];
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={state.tone}>{state.label}</Badge>
        {item.post.parentId && <Badge tone="neutral">Reply</Badge>}
        <time dateTime={item.post.createdAt} className="text-slate-500">
          {dateTimeText(item.post.createdAt)}
        </time>
      </div>
      <div className="mt-2 text-slate-800">
        <PostBody body={item.post.body} symbols={item.post.symbols} />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {state.note}
        {item.removalReason && <> Reason: {item.removalReason}</>}
      </p>
      {item.appeal && (
        <p className="mt-1 text-sm text-slate-600">
          {item.appeal.decided
            ? 'Your appeal was reviewed and the removal stands.'
            : `You appealed on ${dateTimeText(item.appeal.at)}; a moderator will decide.`}
        </p>
      )}
      {item.canAppeal && (
        <div className="mt-3">
          <AppealForm postId={item.post.id} />
        </div>
      )}
    </li>
  );
}

/**
 * The member's standing above the feed: a suspension, their posts that others do not see (held,
 * hidden or removed, with the one appeal), and for moderators the way to the queue.
 */
export function StandingPanel() {
  const standing = useQuery(standingQuery);
  if (standing.isPending) return null;
  if (standing.isError) {
    return (
      <Alert
        tone="warning"
        action={
          <Button
            variant="secondary"
            size="sm"
            busy={standing.isFetching}
            onClick={() => standing.refetch()}
          >
            Try again
          </Button>
        }
      >
        Whether any of your posts are under review could not be checked. {standing.error.message}
      </Alert>
    );
  }
  const { moderator, suspension, underReview } = standing.data;
  return (
    <>
      {suspension && (
        <Alert
          tone="warning"
          title={`Your posting is suspended until ${dateTimeText(suspension.until)}`}
        >
          A moderator suspended your posts and replies: {suspension.reason}
        </Alert>
      )}
      {moderator && (
        <Link
          to={paths.socialModeration}
          className="flex items-center gap-2 rounded-xl bg-white px-3.5 py-2.5 text-sm font-medium text-ink-950 ring-1 ring-slate-200 ring-inset hover:bg-slate-50"
        >
          <ShieldCheck aria-hidden="true" className="size-4 text-brand-700" />
          Moderation queue
        </Link>
      )}
      {underReview.length > 0 && (
        <section aria-labelledby="under-review" className="space-y-2">
          <h2 id="under-review" className="text-sm font-semibold text-ink-950">
            Your posts others do not see
          </h2>
          <ul className="space-y-2">
            {underReview.map((item) => (
              <ReviewedPost key={item.post.id} item={item} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
