import type { ApiKey } from '@tickerwise/shared';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { formatDate, formatTimeAgo } from '../../../lib/format-time.ts';

interface KeyListProps {
  keys: ApiKey[];
  revoking: string | null;
  onRevoke: (key: ApiKey) => Promise<void>;
}

/** The user's keys: name, first characters, when made and last used, and Revoke. */
export function KeyList({ keys, revoking, onRevoke }: KeyListProps) {
  const [confirming, setConfirming] = useState<ApiKey | null>(null);
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {keys.map((key) => (
          <li key={key.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
            <div className="flex min-w-0 flex-1 gap-3">
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-slate-100 text-slate-600">
                <KeyRound aria-hidden="true" className="size-5" />
              </span>
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-ink-950">{key.name}</p>
                <p className="font-mono text-sm text-slate-600">{key.prefix}…</p>
                <p className="text-xs text-slate-500">
                  Created {formatDate(key.createdAt)}
                  <span aria-hidden="true"> · </span>
                  {key.lastUsedAt ? `Last used ${formatTimeAgo(key.lastUsedAt)}` : 'Never used'}
                </p>
              </div>
            </div>
            <Button
              variant="secondary"
              size="sm"
              className="ml-13 self-start sm:ml-0 sm:self-center"
              busy={revoking === key.id}
              busyLabel="Revoking..."
              onClick={() => setConfirming(key)}
              aria-label={`Revoke ${key.name}`}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Revoke “${confirming?.name ?? ''}”?`}
        description="Scripts using this key stop working at once. This cannot be undone."
        footer={
          <>
            <DialogClose>
              <Button variant="secondary">Keep it</Button>
            </DialogClose>
            <Button
              variant="danger"
              onClick={async () => {
                const key = confirming;
                setConfirming(null);
                if (key) await onRevoke(key);
              }}
            >
              Revoke key
            </Button>
          </>
        }
      />
    </>
  );
}
