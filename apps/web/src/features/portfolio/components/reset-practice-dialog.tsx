import { practiceCash } from '@tickerwise/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { formatMoney } from '../../../lib/money-format.ts';

/** Asks before starting the practice portfolio again with its practice cash alone. */
export function ResetPracticeDialog({
  open,
  onOpenChange,
  onConfirm,
  busy,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
  error: Error | null;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reset the practice portfolio?"
      description={`Every practice trade and holding in it is removed, and it starts again with ${formatMoney(practiceCash)} of practice cash. This cannot be undone.`}
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button variant="dark" onClick={onConfirm} busy={busy} busyLabel="Resetting...">
            Reset practice portfolio
          </Button>
        </>
      }
    >
      {error && <Alert>{error.message}</Alert>}
    </Dialog>
  );
}
