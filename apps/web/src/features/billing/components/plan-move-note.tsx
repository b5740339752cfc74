import {
  formatPrice,
  type PlanMove,
  planFor,
  type SubscriptionSummary,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatLongDate } from '../format-date.ts';

interface PlanMoveNoteProps {
  move: PlanMove;
  current: SubscriptionTier;
  target: SubscriptionTier;
  subscription: SubscriptionSummary | null;
}

/** What confirming will do, said before the user confirms (dates, charges, credits). */
export function PlanMoveNote({ move, current, target, subscription }: PlanMoveNoteProps) {
  const currentName = planFor(current).name;
  const targetPlan = planFor(target);
  const date = subscription ? formatLongDate(subscription.currentPeriodEnd) : null;
  const scheduled = subscription?.scheduledTier ? planFor(subscription.scheduledTier).name : null;
  const text = {
    checkout: `The ${targetPlan.name} plan is ${formatPrice(targetPlan.price)} a month. You pay for the first month on the next step.`,
    immediate: `Your plan changes right away.`,
    switch:
      targetPlan.price > planFor(current).price
        ? `Your plan changes right away. You pay the prorated difference for the rest of this billing period today.`
        : `Your plan changes right away. The prorated difference for the rest of this billing period is credited to your next payment.`,
    schedule: `You keep ${currentName} until ${date}. Your plan then changes to ${targetPlan.name}, and nothing more is charged.`,
    keep: `Your change to ${scheduled} on ${date} is cancelled, and your ${targetPlan.name} plan keeps renewing.`,
    none: `You're already on the ${targetPlan.name} plan.`,
  }[move];
  return <Alert tone="info">{text}</Alert>;
}
