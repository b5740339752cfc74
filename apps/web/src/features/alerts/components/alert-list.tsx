import { type Alert, describeAlertCondition, roleAtLeast, stockPath } from '@tickerwise/shared';
import { MoreHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { iconButtonStyles } from '../../../components/ui/button.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu.tsx';
import { AlertState, lastFiredText } from './alert-state.tsx';

interface AlertListProps {
  alerts: readonly Alert[];
  onEdit: (alert: Alert) => void;
  onSetState: (alert: Alert, state: 'armed' | 'paused') => void;
  onDelete: (alert: Alert) => void;
  /** Moves an alert into the user's team or back out; absent outside a team. */
  onShare?: (alert: Alert, shared: boolean) => void;
}

/**
 * Whether the user may change the alert: their own always; a team's as Editor and up while the
 * team is not read-only (docs/PRODUCT.md §3.26).
 */
export function canChangeAlert(alert: Alert): boolean {
  const { shared } = alert;
  return !shared || (roleAtLeast(shared.role, 'editor') && !shared.readOnly);
}

/**
 * The user's alerts, or their team's, one row each: the stock, what it waits for, its state
 * and the actions the user may take (none on a team's alert they may only read).
 */
export function AlertList({ alerts, onEdit, onSetState, onDelete, onShare }: AlertListProps) {
  return (
    <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {alerts.map((alert) => {
        const last = lastFiredText(alert);
        const canChange = canChangeAlert(alert);
        return (
          <li key={alert.id} className="flex items-start gap-3 px-4 py-4 sm:items-center sm:px-6">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link
                  to={stockPath(alert.symbol)}
                  className="font-semibold text-ink-950 hover:text-brand-700"
                >
                  {alert.symbol}
                </Link>
                <span className="text-slate-700">{describeAlertCondition(alert.condition)}</span>
                <AlertState alert={alert} />
                {alert.shared && <Badge tone="outline">Team</Badge>}
              </p>
              <p className="mt-1 text-xs text-slate-500">
                {alert.condition.kind === 'earnings_within'
                  ? alert.repeat === 'daily'
                    ? 'Before every report'
                    : 'Next report only'
                  : alert.repeat === 'daily'
                    ? 'At most once a trading day'
                    : 'Once'}
                {last ? ` · ${last}` : ''}
                {alert.note ? ` · ${alert.note}` : ''}
              </p>
            </div>
            {canChange && (
              <Menu>
                <MenuTrigger
                  aria-label={`Actions for the ${alert.symbol} alert`}
                  className={iconButtonStyles('md')}
                >
                  <MoreHorizontal className="size-5" />
                </MenuTrigger>
                <MenuContent align="end">
                  {alert.state === 'armed' ? (
                    <MenuItem onSelect={() => onSetState(alert, 'paused')}>Pause</MenuItem>
                  ) : (
                    <MenuItem onSelect={() => onSetState(alert, 'armed')}>
                      {alert.state === 'fired' ? 'Arm again' : 'Resume'}
                    </MenuItem>
                  )}
                  <MenuItem onSelect={() => onEdit(alert)}>Edit</MenuItem>
                  {onShare && !alert.shared && (
                    <MenuItem onSelect={() => onShare(alert, true)}>Move to the team</MenuItem>
                  )}
                  {alert.shared?.mine && (
                    <MenuItem onSelect={() => onShare?.(alert, false)}>
                      Take out of the team
                    </MenuItem>
                  )}
                  <MenuItem tone="danger" onSelect={() => onDelete(alert)}>
                    Delete
                  </MenuItem>
                </MenuContent>
              </Menu>
            )}
          </li>
        );
      })}
    </ul>
  );
}
