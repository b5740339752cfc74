import type { CreatedApiKey } from '@tickerwise/shared';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';

interface NewKeyDialogProps {
  created: CreatedApiKey | null;
  onClose: () => void;
}

/** The secret of a key just made: shown this once, with a way to copy it. */
export function NewKeyDialog({ created, onClose }: NewKeyDialogProps) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied('copied');
    } catch {
      // Clipboard access can be refused (an http page, a denied permission): select it instead.
      setCopied('failed');
    }
  };
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(null);
          onClose();
        }
      }}
      title="Your new API key"
      description={created ? `“${created.key.name}” is ready. Copy it now.` : undefined}
      footer={
        <DialogClose>
          <Button variant="dark">I've copied it</Button>
        </DialogClose>
      }
    >
      {created && (
        <div className="space-y-4">
          <Alert tone="warning">
            This is the only time the key is shown. We keep only a hash of it, so it cannot be shown
            again: if you lose it, revoke it and create a new one.
          </Alert>
          <div className="flex items-stretch gap-2">
            <input
              readOnly
              value={created.secret}
              aria-label="API key"
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-ink-950"
            />
            <Button variant="secondary" onClick={copy} aria-label="Copy the API key">
              {copied === 'copied' ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <Copy aria-hidden="true" className="size-4" />
              )}
              <span className="hidden sm:inline">{copied === 'copied' ? 'Copied' : 'Copy'}</span>
            </Button>
          </div>
          {copied === 'copied' && (
            <p role="status" className="text-sm text-emerald-800">
              Copied to your clipboard.
            </p>
          )}
          {copied === 'failed' && (
            <p role="status" className="text-sm text-amber-800">
              Your browser did not allow copying: select the key and copy it yourself.
            </p>
          )}
          <div>
            <p className="text-sm font-medium text-ink-900">Try it</p>
            <pre className="mt-1.5 overflow-x-auto rounded-xl bg-ink-950 p-3 text-xs text-ink-100">
              <code>{`export TICKERWISE_API_KEY=${created.secret}\ncurl -H "Authorization: Bearer $TICKERWISE_API_KEY" \\\n  ${window.location.origin}/api/v1/quotes/AAPL`}</code>
            </pre>
          </div>
        </div>
      )}
    </Dialog>
  );
}
