import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Destination } from '@tickerwise/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format-time.ts';
import {
  deleteDestination,
  deliveriesKey,
  destinationsKey,
  sendTestEvent,
  updateDestination,
} from '../api/integrations.ts';
import { kindLabels } from './add-destination-form.tsx';
import { DeliveryLog } from './delivery-log.tsx';

function StatusBadge({ destination }: { destination: Destination }) {
  if (destination.disabledReason === 'failing') {
    return <Badge tone="danger">Off after 3 days of failures</Badge>;
  }
  if (!destination.enabled) return <Badge>Off</Badge>;
  if (destination.failingSince) return <Badge tone="warning">Failing</Badge>;
  return <Badge tone="success">On</Badge>;
}

const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : fallback;

/** One destination: its state, its actions, and its delivery log on demand. */
export function DestinationCard({
  destination,
  included,
  canManage = true,
}: {
  destination: Destination;
  /** The plan includes integrations (otherwise it is kept but nothing is sent). */
  included: boolean;
  /**
   * The user may test, turn off and delete it: always for their own, Admins and the Owner for
   * the team's (others read it and its log).
   */
  canManage?: boolean;
}) {
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: destinationsKey });
  const test = useMutation({
    mutationFn: () => sendTestEvent(destination.id),
    onSuccess: () => {
      setShowLog(true);
      return queryClient.invalidateQueries({ queryKey: deliveriesKey(destination.id) });
    },
  });
  const toggle = useMutation({
    mutationFn: () => updateDestination(destination.id, { enabled: !destination.enabled }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: () => deleteDestination(destination.id),
    onSettled: refresh,
  });
  const error = test.error ?? toggle.error ?? remove.error;
  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-ink-950">{destination.name}</span>
            <Badge tone="outline">{kindLabels[destination.kind]}</Badge>
            <StatusBadge destination={destination} />
          </p>
          <p
            className="mt-1 truncate font-mono text-xs text-slate-500"
            title={destination.displayUrl}
          >
            {destination.displayUrl}
          </p>
          <p className="mt-1 text-xs text-slate-500">
            Added {formatDate(destination.createdAt)}
            {destination.lastDeliveredAt &&
              ` · last delivered ${formatDate(destination.lastDeliveredAt)}`}
            {destination.failingSince && ` · failing since ${formatDate(destination.failingSince)}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 sm:justify-end">
          {canManage && (
            <Button
              variant="secondary"
              size="sm"
              disabled={!included}
              busy={test.isPending}
              busyLabel="Sending..."
              onClick={() => test.mutate()}
            >
              Send a test event
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={() => setShowLog((shown) => !shown)}>
            {showLog ? 'Hide log' : 'Delivery log'}
          </Button>
          {canManage && (
            <>
              <Button
                variant="ghost"
                size="sm"
                busy={toggle.isPending}
                busyLabel="Saving..."
                onClick={() => toggle.mutate()}
              >
                {destination.enabled ? 'Turn off' : 'Turn on'}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                busy={remove.isPending}
                busyLabel="Deleting..."
                onClick={() => {
                  if (window.confirm(`Delete “${destination.name}” and its delivery log?`)) {
                    remove.mutate();
                  }
                }}
              >
                Delete
              </Button>
            </>
          )}
        </div>
      </div>
      {destination.disabledReason === 'failing' && (
        <Alert tone="warning">
          Every delivery failed for 3 days, so nothing is sent here any more. Check the log, send a
          test event, and turn it on once the receiver answers.
        </Alert>
      )}
      {error && <Alert>{failureText(error, 'That did not work. Please try again.')}</Alert>}
      {showLog && <DeliveryLog destinationId={destination.id} canResend={included && canManage} />}
    </li>
  );
}
