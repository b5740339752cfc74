import { type Me, planFor } from '@tickerwise/shared';
import { useBillingStatus } from './api/get-billing-status.ts';
import { formatLongDate } from './format-date.ts';

/**
 * A move to a non-paid plan waiting for the end of the paid period (docs/PRODUCT.md §6.4),
 * shown where the user sees their plan. Renders nothing when none is scheduled.
 */
export function PendingPlanChange({ user, className = '' }: { user: Me; className?: string }) {
  const paid = planFor(user.subscription_tier).requiresPayment;
  const { data } = useBillingStatus(paid);
  const subscription = data?.subscription;
  if (!paid || !subscription?.scheduledTier) return null;
  return (
    <p className={`text-xs text-amber-800 ${className}`}>
      Changes to {planFor(subscription.scheduledTier).name} on{' '}
      {formatLongDate(subscription.currentPeriodEnd)}
    </p>
  );
}
