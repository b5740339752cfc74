import type { Me } from '@tickerwise/shared';
import { CurrentPlanPanel } from './components/current-plan-panel.tsx';
import { PaymentHistoryPanel } from './components/payment-history-panel.tsx';

/** docs/PRODUCT.md §3.19, Plan and billing: the plan, what happens next, every payment. */
export function BillingSettings({ user }: { user: Me }) {
  return (
    <div className="space-y-6">
      <CurrentPlanPanel user={user} />
      <PaymentHistoryPanel />
    </div>
  );
}
