import { type Alert, formatNewYorkTime } from '@tickerwise/shared';
import { Badge } from '../../../components/ui/badge.tsx';

/** Alert times are New York time, as their notifications say, the zone named. */
const when = { format: (date: Date) => formatNewYorkTime(date) };

/** Armed, fired at ..., paused, or idle because the plan has no alerts. */
export function AlertState({ alert }: { alert: Alert }) {
  if (alert.suspended) return <Badge tone="warning">Idle on your plan</Badge>;
  if (alert.state === 'paused') return <Badge tone="neutral">Paused</Badge>;
  if (alert.state === 'fired') {
    return (
      <Badge tone="outline">
        Fired {alert.lastFiredAt ? when.format(new Date(alert.lastFiredAt)) : ''}
      </Badge>
    );
  }
  if (alert.awaitsCross) return <Badge tone="brand">Armed · waits for the next crossing</Badge>;
  return <Badge tone="brand">Armed</Badge>;
}

/** A daily alert's last firing, shown beside its armed state. */
export function lastFiredText(alert: Alert): string | null {
  if (!alert.lastFiredAt || alert.state === 'fired') return null;
  return `Last fired ${when.format(new Date(alert.lastFiredAt))}`;
}
