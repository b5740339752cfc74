import type { Plan } from '@tickerwise/shared';
import { PlanSummary } from '../../../components/plan-summary.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Link } from '../../../lib/navigation.tsx';

interface PlanCardProps {
  plan: Plan;
  /** Drawn out as the plan most investors pick. */
  featured?: boolean;
  /** The user's plan (signed in). */
  current?: boolean;
  /** A line shown above the button, e.g. a scheduled change. */
  note?: string | undefined;
  action: PlanAction;
}

/**
 * What the card's button does: a link for a visitor (sign-up with the plan in the address, so
 * it works on the prerendered page before the app has loaded), a button for a signed-in user.
 */
export type PlanAction =
  | { label: string; to: string; onFollow: () => void }
  | { label: string; disabled: boolean; onSelect: () => void };

/** One plan of the catalogue: price, description, features and the button that chooses it. */
export function PlanCard({ plan, featured = false, current = false, note, action }: PlanCardProps) {
  return (
    <Card
      as="article"
      size="lg"
      aria-label={`${plan.name} plan`}
      className={`relative flex flex-col sm:p-6 ${featured ? 'border-brand-500 ring-1 ring-brand-500' : ''}`}
    >
      {featured && (
        <Badge tone="brand" className="absolute -top-3 left-6">
          Most popular
        </Badge>
      )}
      <PlanSummary
        plan={plan}
        layout="card"
        badge={current && <Badge tone="outline">Your plan</Badge>}
        className="flex-1"
      />
      {note && <p className="mt-6 text-xs font-medium text-amber-800">{note}</p>}
      {'to' in action ? (
        <Link
          to={action.to}
          onClick={action.onFollow}
          className={`mt-6 ${buttonStyles({ variant: featured ? 'primary' : 'dark', size: 'full' })}`}
        >
          {action.label}
        </Link>
      ) : (
        <Button
          variant={featured ? 'primary' : 'dark'}
          size="full"
          disabledLook="muted"
          disabled={action.disabled}
          onClick={action.onSelect}
          className="mt-6"
        >
          {action.label}
        </Button>
      )}
    </Card>
  );
}
