import type { CreatedApiKey } from '@tickerwise/shared';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog.tsx';

interface NewKeyDialogProps {
  created: CreatedApiKey | null;
  onClose: () => void;
}

/** The secret of a key just made: shown this once, with a way to copy it. */
export function NewKeyDialog({ created, onClose }: NewKeyDialogProps) {
  return (
    <ShownOnceDialog
      secret={created?.secret ?? null}
      title="Your new API key"
      description={created ? `“${created.key.name}” is ready. Copy it now.` : undefined}
      label="API key"
      warning="This is the only time the key is shown. We keep only a hash of it, so it cannot be shown again: if you lose it, revoke it and create a new one."
      onClose={onClose}
    >
      {created && (
        <div>
          <p className="text-sm font-medium text-ink-900">Try it</p>
          <pre className="mt-1.5 overflow-x-auto rounded-xl bg-ink-950 p-3 text-xs text-ink-100">
            <code>{`export TICKERWISE_API_KEY=${created.secret}\ncurl -H "Authorization: Bearer $TICKERWISE_API_KEY" \\\n  ${window.location.origin}/api/v1/quotes/AAPL`}</code>
          </pre>
        </div>
      )}
    </ShownOnceDialog>
  );
}
