import { Check, Copy } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Dialog, DialogClose } from './dialog.tsx';

interface ShownOnceDialogProps {
  /** The secret to show; the dialog is open while it is not null. */
  secret: string | null;
  title: string;
  description?: string | undefined;
  /** What it is, for the field and the copy button: "API key", "signing secret". */
  label: string;
  /** Why it is shown only this once, and what to do if it is lost. */
  warning: ReactNode;
  /** More below the secret (how to use it). */
  children?: ReactNode;
  onClose: () => void;
}

/**
 * A secret the server shows this one time (an API key, a webhook's signing secret): in a field
 * that selects itself, with a copy button that says whether the browser allowed it.
 */
export function ShownOnceDialog({
  secret,
  title,
  description,
  label,
  warning,
  children,
  onClose,
}: ShownOnceDialogProps) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      // Clipboard access can be refused (an http page, a denied permission): select it instead.
      setCopied('failed');
    }
  };
  const name = label.charAt(0).toUpperCase() + label.slice(1);
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(null);
          onClose();
        }
      }}
      title={title}
      description={description}
      footer={
        <DialogClose>
          <Button variant="dark">I've copied it</Button>
        </DialogClose>
      }
    >
      {secret && (
        <div className="space-y-4">
          <Alert tone="warning">{warning}</Alert>
          <div className="flex items-stretch gap-2">
            <input
              readOnly
              value={secret}
              aria-label={name}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-ink-950"
            />
            <Button variant="secondary" onClick={copy} aria-label={`Copy the ${label}`}>
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
              Your browser did not allow copying: select the {label} and copy it yourself.
            </p>
          )}
          {children}
        </div>
      )}
    </Dialog>
  );
}
