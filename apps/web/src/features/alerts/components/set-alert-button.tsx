import { useQuery } from '@tanstack/react-query';
import { describeAlertCondition, hasFeature, paths } from '@tickerwise/shared';
import { BellPlus, BellRing } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { alertsQuery } from '../api/get-alerts.ts';
import { AlertDialog } from './alert-dialog.tsx';
import { AlertState } from './alert-state.tsx';
import { UpgradePrompt } from './upgrade-prompt.tsx';

/**
 * The stock page's alert button: sets an alert on this stock, and says how many are set on it
 * (listed in the dialog). On a plan without alerts it explains them instead.
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
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {mine.length > 0 ? <BellRing className="size-4" /> : <BellPlus className="size-4" />}
        {mine.length > 0 ? `Alerts (${mine.length})` : 'Set alert'}
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={setOpen}
        symbol={symbol}
        {...(price ? { currentPrice: price } : {})}
        existing={
          mine.length > 0 && (
            <div className="rounded-xl bg-slate-50 px-3.5 py-3 text-sm">
              <p className="font-medium text-ink-900">Already set on {symbol}</p>
              <ul className="mt-1.5 space-y-1">
                {mine.map((alert) => (
                  <li key={alert.id} className="flex flex-wrap items-center gap-2 text-slate-700">
                    {describeAlertCondition(alert.condition)}
                    <AlertState alert={alert} />
                  </li>
                ))}
              </ul>
              <Link to={paths.alerts} className="mt-2 inline-block font-semibold text-brand-700">
                Manage alerts
              </Link>
            </div>
          )
        }
      />
    </>
  );
}
