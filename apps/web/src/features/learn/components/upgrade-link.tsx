import { paths } from '@tickerwise/shared';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button.tsx';

/** Where a locked course sends the user: the plan change, with Pro chosen. */
export function UpgradeLink({ className = '' }: { className?: string }) {
  return (
    <Link
      to={paths.planChange}
      state={{ plan: 'pro' }}
      className={`${buttonStyles({ variant: 'primary', size: 'sm' })} shrink-0 ${className}`}
    >
      Upgrade to Pro
    </Link>
  );
}
