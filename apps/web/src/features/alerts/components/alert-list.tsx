import { type Alert, describeAlertCondition, stockPath } from '@tickerwise/shared';
import { MoreHorizontal } from 'lucide-react';
import { Link } from 'react-router';
import { iconButtonStyles } from '../../../components/ui/button.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../components/ui/menu.tsx';
import { AlertState, lastFiredText } from './alert-state.tsx';

interface AlertListProps {
  alerts: readonly Alert[];
  onEdit: (alert: Alert) => void;
  onSetState: (alert: Alert, state: 'armed' | 'paused') => void;
  onDelete: (alert: Alert) => void;
}

/** The user's alerts, one row each: the stock, what it waits for, its state and its actions. */
export function AlertList({ alerts, onEdit, onSetState, onDelete }: AlertListProps) {
  return (
    <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {alerts.map((alert) => {
        const last = lastFiredText(alert);
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
                <MenuItem tone="danger" onSelect={() => onDelete(alert)}>
                  Delete
                </MenuItem>
              </MenuContent>
            </Menu>
          </li>
        );
      })}
    </ul>
  );
}
