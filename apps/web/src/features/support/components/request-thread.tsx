import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type SupportAttachmentInput,
  type SupportRequest,
  supportCategoryLabels,
  supportLimits,
  supportStatusLabels,
  supportTargets,
} from '@tickerwise/shared';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { formatDate } from '../../../lib/format-time.ts';
import {
  attachmentUrl,
  reopenSupportRequest,
  replyToSupportRequest,
  solveSupportRequest,
} from '../api/support-api.ts';
import { ScreenshotInput } from './screenshot-input.tsx';
import { replyClock, sizeText, statusTones } from './support-text.ts';

const timeText = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** Where the request stands: its status, priority and first-reply clock. */
export function RequestStatus({ request, now }: { request: SupportRequest; now: number }) {
  const clock = request.firstReplyDueAt ? replyClock(request.firstReplyDueAt, now) : null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Badge tone={statusTones[request.status]}>{supportStatusLabels[request.status]}</Badge>
      {request.priority ? <Badge tone="brand">Priority</Badge> : null}
      <span className="text-slate-500">{supportCategoryLabels[request.category]}</span>
      {clock && request.status === 'open' ? (
        <span className={clock.overdue ? 'font-semibold text-red-700' : 'text-slate-600'}>
          First reply: {clock.text.toLowerCase()}
        </span>
      ) : null}
    </div>
  );
}

/**
 * One request's thread, for its user (`agent` false) or a support agent: the messages with
 * their screenshots, a reply box, and "Mark solved" or "Reopen".
 */
export function RequestThread({
  request,
  agent = false,
}: {
  request: SupportRequest;
  agent?: boolean;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [screenshot, setScreenshot] = useState<(SupportAttachmentInput & { bytes: number }) | null>(
    null,
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['support'] });
  const reply = useMutation({
    mutationFn: () =>
      replyToSupportRequest(request.id, {
        message,
        ...(screenshot
          ? { attachment: { type: screenshot.type, name: screenshot.name, data: screenshot.data } }
          : {}),
      }),
    onSuccess: async () => {
      setMessage('');
      setScreenshot(null);
      await refresh();
    },
  });
  const solve = useMutation({
    mutationFn: () => solveSupportRequest(request.id),
    onSuccess: refresh,
  });
  const reopen = useMutation({
    mutationFn: () => reopenSupportRequest(request.id),
    onSuccess: refresh,
  });
  const over = message.length > supportLimits.messageLength;
  const full = request.messageCount >= supportLimits.messagesPerRequest;
  const failed = reply.error ?? solve.error ?? reopen.error;
  const target = supportTargets[request.priority ? 'priority' : 'standard'].label;
  return (
    <article className="space-y-4" aria-labelledby={`${id}-subject`}>
      <header className="space-y-2">
        <h2 id={`${id}-subject`} className="text-xl font-bold break-words text-ink-950">
          {request.subject}
        </h2>
        <RequestStatus request={request} now={Date.now()} />
        {request.requester ? (
          <p className="text-sm text-slate-600">
            From {request.requester.name} ({request.requester.email}), on the{' '}
            {request.requester.tier} plan when sent.
          </p>
        ) : request.status === 'open' && request.firstReplyDueAt ? (
          <p className="text-sm text-slate-600">
            {request.priority ? 'Priority support: ' : ''}a first reply within {target} (Monday to
            Friday, 9am to 5pm New York time).
          </p>
        ) : null}
      </header>
      <ol className="space-y-3">
        {request.messages.map((item) => (
          <li
            key={item.id}
            className={`rounded-2xl border p-4 ${
              item.fromSupport ? 'border-brand-200 bg-brand-50/60' : 'border-slate-200 bg-white'
            }`}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-semibold text-ink-950">{item.author}</span>
              <time dateTime={item.createdAt} className="text-slate-500">
                {timeText(item.createdAt)}
              </time>
            </div>
            <p className="mt-2 text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">
              {item.body}
            </p>
            {item.attachment ? (
              <a
                href={attachmentUrl(item.attachment.id)}
                target="_blank"
                rel="noreferrer"
                className="mt-3 inline-block rounded-xl border border-slate-200 p-1 hover:border-brand-600"
              >
                <img
                  src={attachmentUrl(item.attachment.id)}
                  alt={`Screenshot ${item.attachment.name ?? ''} (${sizeText(item.attachment.bytes)})`}
                  className="max-h-48 max-w-full rounded-lg object-contain"
                  loading="lazy"
                />
              </a>
            ) : null}
          </li>
        ))}
      </ol>
      {failed && <Alert>{failed.message}</Alert>}
      {full ? (
        <Alert tone="info">
          This request holds {supportLimits.messagesPerRequest} messages, the most one may hold.
          Start a new request to go on.
        </Alert>
      ) : (
        <form
          className="space-y-3"
          aria-label={agent ? 'Answer' : 'Reply'}
          onSubmit={(event) => {
            event.preventDefault();
            if (message.trim() && !over) reply.mutate();
          }}
        >
          <label htmlFor={`${id}-reply`} className="block text-sm font-medium text-ink-950">
            {agent
              ? 'Answer as Tickerwise Support'
              : request.status === 'solved'
                ? 'Write again (reopens the request)'
                : 'Reply'}
          </label>
          <textarea
            id={`${id}-reply`}
            rows={4}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            aria-invalid={over}
            className={inputStyles(over)}
          />
          {over && (
            <p className="text-sm font-semibold text-red-700">
              {message.length.toLocaleString('en-US')} of{' '}
              {supportLimits.messageLength.toLocaleString('en-US')} characters: shorten it to send.
            </p>
          )}
          {!agent && <ScreenshotInput value={screenshot} onChange={setScreenshot} />}
          <div className="flex flex-wrap gap-2">
            <Button
              type="submit"
              disabled={!message.trim() || over}
              busy={reply.isPending}
              busyLabel="Sending…"
            >
              {agent ? 'Send answer' : 'Send reply'}
            </Button>
            {request.status === 'solved' ? (
              <Button variant="secondary" busy={reopen.isPending} onClick={() => reopen.mutate()}>
                Reopen
              </Button>
            ) : (
              <Button variant="secondary" busy={solve.isPending} onClick={() => solve.mutate()}>
                Mark solved
              </Button>
            )}
          </div>
        </form>
      )}
      <p className="text-xs text-slate-500">Sent {formatDate(request.createdAt)}.</p>
    </article>
  );
}
