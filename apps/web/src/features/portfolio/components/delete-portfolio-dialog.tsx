import type { Portfolio } from '@tickerwise/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';

/** Asks before deleting a portfolio and its whole ledger. */
export function DeletePortfolioDialog({
  portfolio,
  open,
  onOpenChange,
  onConfirm,
  busy,
  error,
}: {
  portfolio: Portfolio;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
  error: Error | null;
}) {
  const count = portfolio.transactionCount;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete "${portfolio.name}"?`}
      description={`Its ${count} ${count === 1 ? 'transaction goes' : 'transactions go'} with it, and this cannot be undone. Export them first to keep a copy.`}
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button variant="dark" onClick={onConfirm} busy={busy} busyLabel="Deleting...">
            Delete portfolio
          </Button>
        </>
      }
    >
      {error && <Alert>{error.message}</Alert>}
    </Dialog>
  );
}
