import type { CreatedDestination } from '@tickerwise/shared';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';

/** A new webhook's signing secret: shown this once, with a way to copy it. */
export function SecretDialog({
  created,
  onClose,
}: {
  created: CreatedDestination | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const secret = created?.secret ?? null;
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(null);
          onClose();
        }
      }}
      title="Your webhook's signing secret"
      description={
        created ? `“${created.destination.name}” is ready. Copy its secret now.` : undefined
      }
      footer={
        <DialogClose>
          <Button variant="dark">I've copied it</Button>
        </DialogClose>
      }
    >
      {secret && (
        <div className="space-y-4">
          <Alert tone="warning">
            This is the only time the secret is shown. Your receiver uses it to check that each
            delivery comes from Tickerwise: if you lose it, delete the webhook and add it again.
          </Alert>
          <div className="flex items-stretch gap-2">
            <input
              readOnly
              value={secret}
              aria-label="Signing secret"
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-ink-950"
            />
            <Button variant="secondary" onClick={copy} aria-label="Copy the signing secret">
              {copied === 'copied' ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              <span className="hidden sm:inline">{copied === 'copied' ? 'Copied' : 'Copy'}</span>
            </Button>
          </div>
          {copied === 'failed' && (
            <p role="status" className="text-sm text-amber-800">
              Your browser did not allow copying: select the secret and copy it yourself.
            </p>
          )}
          <p className="text-sm text-slate-600">
            Each delivery carries the headers <code className="font-mono">webhook-id</code>,{' '}
            <code className="font-mono">webhook-timestamp</code> and{' '}
            <code className="font-mono">webhook-signature</code> of the Standard Webhooks scheme:
            any of its libraries checks them with this secret.
          </p>
        </div>
      )}
    </Dialog>
  );
}
