import { useQuery } from '@tanstack/react-query';
import { describeAlertCondition, hasFeature, paths } from '@tickerwise/shared';
import { BellPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../app/session/auth-provider.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { alertsQuery } from '../api/get-alerts.ts';
import { AlertDialog } from './alert-dialog.tsx';
import { AlertState } from './alert-state.tsx';
import { UpgradePrompt } from './upgrade-prompt.tsx';

/**
 * The stock page's alert button: sets an alert on this stock and lists the ones already set
 * on it. On a plan without alerts it explains them instead.
 */
export function SetAlertButton({ symbol, price }: { symbol: string; price?: number }) {
  const auth = useAuth();
  const tier = auth.status === 'signed-in' ? auth.user.subscription_tier : 'free';
  const included = hasFeature(tier, 'customAlerts');
  const [open, setOpen] = useState(false);
  const { data } = useQuery({ ...alertsQuery(symbol), enabled: included });
  const mine = data?.alerts ?? [];

  if (!included) {
    return (
      <Dialog
        title="Alerts on this stock"
        trigger={
          <Button variant="secondary">
            <BellPlus className="size-4" />
            Set alert
          </Button>
        }
      >
        <div className="mt-4">
          <UpgradePrompt compact />
        </div>
      </Dialog>
    );
  }

  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <BellPlus className="size-4" />
        Set alert
      </Button>
      {mine.length > 0 && (
        <Link to={paths.alerts} className="text-xs text-slate-600 hover:text-brand-700">
          {mine.length === 1
            ? describeAlertCondition(mine[0]!.condition)
            : `${mine.length} alerts on ${symbol}`}
          {mine.length === 1 && (
            <span className="ml-1.5 inline-block align-middle">
              <AlertState alert={mine[0]!} />
            </span>
          )}
        </Link>
      )}
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        symbol={symbol}
        {...(price ? { currentPrice: price } : {})}
      />
    </div>
  );
}
