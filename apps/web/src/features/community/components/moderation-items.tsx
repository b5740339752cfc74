import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  communityUserPath,
  type ModerationPostItem,
  type ModerationUserItem,
  moderationRules,
} from '@tickerwise/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { dismissReports, removePost, restorePost, suspendMember } from '../api/moderation-api.ts';
import { dateTimeText, kindLabels, reportsText } from './moderation-text.ts';
import { PostBody } from './post-body.tsx';

const refreshQueue = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: ['community', 'moderation'] });

function Failure({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {error.message}
    </p>
  );
}

/** A reason box and a confirm button, for removing a post or suspending its author. */
function ReasonForm({
  label,
  confirm,
  withDays = false,
  busy,
  onSubmit,
  onCancel,
}: {
  label: string;
  confirm: string;
  withDays?: boolean;
  busy: boolean;
  onSubmit: (reason: string, days: number) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const dayCount = Number(days);
  const daysValid =
    Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= moderationRules.suspensionMaxDays;
  return (
    <form
      className="space-y-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() && (!withDays || daysValid)) onSubmit(reason.trim(), dayCount);
      }}
    >
      {withDays && (
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={`${id}-days`} className="font-medium text-ink-950">
            Days
          </label>
          <input
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={1}
            max={moderationRules.suspensionMaxDays}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            className={`${inputStyles(!daysValid)} w-24`}
          />
        </div>
      )}
      <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-ink-950">
        {label}
      </label>
      <textarea
        id={`${id}-reason`}
        value={reason}
        rows={2}
        maxLength={moderationRules.reasonMaxLength}
        onChange={(event) => setReason(event.target.value)}
        className={`${inputStyles(false)} resize-y`}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="danger"
          size="sm"
          busy={busy}
          disabled={!reason.trim() || (withDays && !daysValid)}
        >
          {confirm}
        </Button>
      </div>
    </form>
  );
}

function Suspension({ until }: { until: string | null }) {
  if (!until) return null;
  return <Badge tone="danger">Suspended until {dateTimeText(until)}</Badge>;
}

/** A hidden, held or appealed post with its reports and the moderator's three decisions. */
export function QueuedPost({ item }: { item: ModerationPostItem }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'remove' | 'suspend' | null>(null);
  const done = () => {
    setOpen(null);
    return refreshQueue(queryClient);
  };
  const restore = useMutation({ mutationFn: () => restorePost(item.post.id), onSuccess: done });
  const remove = useMutation({
    mutationFn: (reason: string) => removePost(item.post.id, reason),
    onSuccess: done,
  });
  const suspend = useMutation({
    mutationFn: ({ reason, days }: { reason: string; days: number }) =>
      suspendMember(item.post.author.handle, days, reason),
    onSuccess: done,
  });
  const appeal = item.kind === 'appeal';
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Badge tone={appeal ? 'alpha' : item.kind === 'pump' ? 'warning' : 'danger'}>
          {kindLabels[item.kind]}
        </Badge>
        {item.post.parentId && <Badge tone="neutral">Reply</Badge>}
        <Link
          to={communityUserPath(item.post.author.handle)}
          className="font-semibold text-ink-950 hover:underline"
        >
          {item.post.author.displayName}
        </Link>
        <span className="text-slate-500">@{item.post.author.handle}</span>
        <Suspension until={item.authorSuspendedUntil} />
        <span className="text-slate-500 sm:ml-auto">
          waiting since <time dateTime={item.since}>{dateTimeText(item.since)}</time>
        </span>
      </header>
      <div className="mt-3 rounded-xl bg-slate-50 px-3.5 py-3 text-slate-800">
        <PostBody body={item.post.body} symbols={item.post.symbols} />
        <p className="mt-2 text-xs text-slate-500">
          Posted <time dateTime={item.post.createdAt}>{dateTimeText(item.post.createdAt)}</time>
        </p>
      </div>
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-ink-950">Reports</dt>
          <dd className="text-slate-600">{reportsText(item.reports)}</dd>
        </div>
        {item.reports.notes.length > 0 && (
          <div>
            <dt className="sr-only">Notes from reporters</dt>
            {item.reports.notes.map((note, index) => (
              <dd key={index} className="border-l-2 border-slate-200 pl-2 text-slate-600 italic">
                “{note}”
              </dd>
            ))}
          </div>
        )}
        {item.removal && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-ink-950">Removed</dt>
            <dd className="text-slate-600">
              {dateTimeText(item.removal.at)}: {item.removal.reason}
            </dd>
          </div>
        )}
        {item.appeal && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-ink-950">The author’s appeal</dt>
            <dd className="text-slate-600">“{item.appeal.text}”</dd>
          </div>
        )}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="primary"
          size="sm"
          busy={restore.isPending}
          onClick={() => restore.mutate()}
        >
          {appeal ? 'Accept the appeal and restore' : 'Restore'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open === 'remove'}
          onClick={() => setOpen(open === 'remove' ? null : 'remove')}
        >
          {appeal ? 'Uphold the removal' : 'Remove'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open === 'suspend'}
          onClick={() => setOpen(open === 'suspend' ? null : 'suspend')}
        >
          Suspend @{item.post.author.handle}
        </Button>
      </div>
      <div className="mt-3 space-y-2">
        {open === 'remove' && (
          <ReasonForm
            label="Reason, shown to the author"
            confirm={appeal ? 'Uphold the removal' : 'Remove the post'}
            busy={remove.isPending}
            onSubmit={(reason) => remove.mutate(reason)}
            onCancel={() => setOpen(null)}
          />
        )}
        {open === 'suspend' && (
          <ReasonForm
            label="Reason, shown to the member"
            confirm="Suspend posting"
            withDays
            busy={suspend.isPending}
            onSubmit={(reason, days) => suspend.mutate({ reason, days })}
            onCancel={() => setOpen(null)}
          />
        )}
        <Failure error={restore.error ?? remove.error ?? suspend.error} />
      </div>
    </article>
  );
}

/** A reported member: the reports, and suspending them or dismissing the reports. */
export function ReportedMember({ item }: { item: ModerationUserItem }) {
  const queryClient = useQueryClient();
  const [suspending, setSuspending] = useState(false);
  const done = () => {
    setSuspending(false);
    return refreshQueue(queryClient);
  };
  const dismiss = useMutation({
    mutationFn: () => dismissReports(item.user.handle),
    onSuccess: done,
  });
  const suspend = useMutation({
    mutationFn: ({ reason, days }: { reason: string; days: number }) =>
      suspendMember(item.user.handle, days, reason),
    onSuccess: done,
  });
  return (
    <article className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Link
          to={communityUserPath(item.user.handle)}
          className="font-semibold text-ink-950 hover:underline"
        >
          {item.user.displayName}
        </Link>
        <span className="text-slate-500">@{item.user.handle}</span>
        <Suspension until={item.suspendedUntil} />
        <span className="text-slate-500 sm:ml-auto">
          reported since <time dateTime={item.since}>{dateTimeText(item.since)}</time>
        </span>
      </header>
      <p className="mt-2 text-sm text-slate-600">{reportsText(item.reports)}</p>
      {item.reports.notes.map((note, index) => (
        <p
          key={index}
          className="mt-1 border-l-2 border-slate-200 pl-2 text-sm text-slate-600 italic"
        >
          “{note}”
        </p>
      ))}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          busy={dismiss.isPending}
          onClick={() => dismiss.mutate()}
        >
          Dismiss the reports
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={suspending}
          onClick={() => setSuspending(!suspending)}
        >
          Suspend @{item.user.handle}
        </Button>
      </div>
      <div className="mt-3 space-y-2">
        {suspending && (
          <ReasonForm
            label="Reason, shown to the member"
            confirm="Suspend posting"
            withDays
            busy={suspend.isPending}
            onSubmit={(reason, days) => suspend.mutate({ reason, days })}
            onCancel={() => setSuspending(false)}
          />
        )}
        <Failure error={dismiss.error ?? suspend.error} />
      </div>
    </article>
  );
}
