import { paths } from '@tickerwise/shared';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';

/** A failed change, said plainly; a plan limit links to the plans. */
export function ChangeError({ error, onDismiss }: { error: unknown; onDismiss: () => void }) {
  if (!error) return null;
  const overLimit =
    error instanceof ApiRequestError &&
    (error.code === 'upgrade_required' || error.code === 'plan_limit_reached');
  const message =
    error instanceof Error ? error.message : 'That did not work. Please try again in a moment.';
  return (
    <Alert
      tone={overLimit ? 'warning' : 'error'}
      action={
        <div className="flex gap-3">
          {overLimit && error.code === 'upgrade_required' && (
            <Link to={paths.pricing} className="font-semibold underline">
              See plans
            </Link>
          )}
          <button type="button" onClick={onDismiss} className="font-semibold underline">
            Dismiss
          </button>
        </div>
      }
    >
      {message}
    </Alert>
  );
}
