import type { CreatedDestination } from '@tickerwise/shared';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog.tsx';

/** A new webhook's signing secret: shown this once, with a way to copy it. */
export function SecretDialog({
  created,
  onClose,
}: {
  created: CreatedDestination | null;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      secret={created?.secret ?? null}
      title="Your webhook's signing secret"
      description={
        created ? `“${created.destination.name}” is ready. Copy its secret now.` : undefined
      }
      label="signing secret"
      warning="This is the only time the secret is shown. Your receiver uses it to check that each delivery comes from Tickerwise: if you lose it, delete the webhook and add it again."
      onClose={onClose}
    >
      <p className="text-sm text-slate-600">
        Each delivery carries the headers <code className="font-mono">webhook-id</code>,{' '}
        <code className="font-mono">webhook-timestamp</code> and{' '}
        <code className="font-mono">webhook-signature</code> of the Standard Webhooks scheme: any of
        its libraries checks them with this secret.
      </p>
    </ShownOnceDialog>
  );
}
