import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Delivery } from '@tickerwise/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { deliveriesKey, resendDelivery, useDeliveries } from '../api/integrations.ts';

const stateLooks: Record<Delivery['state'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Retrying', tone: 'warning' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function StateBadge({ delivery }: { delivery: Delivery }) {
  const look =
    delivery.state === 'pending' && delivery.attempts === 0
      ? { label: 'Queued', tone: 'neutral' as const }
      : stateLooks[delivery.state];
  return <Badge tone={look.tone}>{look.label}</Badge>;
}

/** What the last attempt got: "200 in 84 ms", "No answer within 10 s." */
function answerOf(delivery: Delivery): string {
  if (delivery.attempts === 0) return 'Not sent yet';
  const timing = delivery.latencyMs === null ? '' : ` in ${delivery.latencyMs} ms`;
  if (delivery.responseStatus !== null && delivery.state === 'delivered') {
    return `HTTP ${delivery.responseStatus}${timing}`;
  }
  return delivery.error ?? `${delivery.responseStatus ?? 'No answer'}${timing}`;
}

/**
 * The delivery log of one destination: each event sent, its state, attempts, the last answer
 * and how long it took, with "Resend" for any that is not pending.
 */
export function DeliveryLog({
  destinationId,
  canResend,
}: {
  destinationId: string;
  canResend: boolean;
}) {
  const queryClient = useQueryClient();
  const log = useDeliveries(destinationId);
  const resend = useMutation({
    mutationFn: (delivery: Delivery) => resendDelivery(delivery.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(destinationId) }),
  });
  if (log.isError && !log.data) {
    return (
      <ErrorState
        title="The delivery log could not be loaded."
        onRetry={() => log.refetch()}
        retrying={log.isFetching}
      />
    );
  }
  if (!log.data) {
    return (
      <div role="status" className="space-y-2 py-2">
        <span className="sr-only">Loading the delivery log</span>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    );
  }
  if (log.data.length === 0) {
    return (
      <p className="py-3 text-sm text-slate-600">
        Nothing sent yet. Alerts that choose this destination, and test events, are listed here.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      {resend.error && (
        <Alert>
          {resend.error instanceof ApiRequestError
            ? resend.error.message
            : 'The delivery could not be sent again. Please try again.'}
        </Alert>
      )}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {log.data.map((delivery) => (
          <li
            key={delivery.id}
            className="grid gap-1 px-3 py-2.5 text-sm sm:grid-cols-[8.5rem_minmax(0,1fr)_6rem_minmax(0,14rem)_auto] sm:items-center sm:gap-3"
          >
            <span className="text-slate-500 tabular-nums">
              {timeFormat.format(new Date(delivery.createdAt))}
            </span>
            <span className="min-w-0 truncate font-medium text-ink-950" title={delivery.eventId}>
              {delivery.summary}
            </span>
            <span className="flex items-center gap-2">
              <StateBadge delivery={delivery} />
            </span>
            <span className="min-w-0 text-slate-600">
              <span className="sm:hidden">
                {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'} ·{' '}
              </span>
              <span className="hidden sm:inline">{delivery.attempts}× · </span>
              {answerOf(delivery)}
              {delivery.state === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0 && (
                <span className="block text-xs text-slate-500">
                  Next try {timeFormat.format(new Date(delivery.nextAttemptAt))}
                </span>
              )}
            </span>
            <span className="sm:text-right">
              {canResend && delivery.state !== 'pending' && (
                <Button
                  variant="ghost"
                  size="sm"
                  busy={resend.isPending && resend.variables?.id === delivery.id}
                  busyLabel="Sending..."
                  onClick={() => resend.mutate(delivery)}
                >
                  Resend
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
