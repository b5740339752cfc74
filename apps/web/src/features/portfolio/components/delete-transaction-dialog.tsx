import { type Transaction, transactionKindLabels } from '@tickerwise/shared';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { transactionDetails } from '../../../lib/transaction-text.ts';
import { useTransactionActions } from '../api/save-transaction.ts';

/**
 * Asks before deleting a transaction. The server refuses when a later transaction needs it
 * (a sell of the shares it bought): the reason is shown and nothing changes.
 */
export function DeleteTransactionDialog({
  portfolioId,
  transaction,
  onClose,
}: {
  portfolioId: string;
  transaction: Transaction | undefined;
  onClose: () => void;
}) {
  const { remove } = useTransactionActions(portfolioId);
  const { reset } = remove;
  useEffect(() => {
    if (transaction) reset();
  }, [transaction, reset]);

  return (
    <Dialog
      open={Boolean(transaction)}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete this transaction?"
      description={
        transaction &&
        `${transactionKindLabels[transaction.kind]}${transaction.symbol ? ` ${transaction.symbol}` : ''} on ${transaction.date}: ${transactionDetails(transaction)}. Holdings and returns will be worked out again without it.`
      }
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button
            variant="dark"
            busy={remove.isPending}
            busyLabel="Deleting..."
            onClick={() => {
              if (transaction) remove.mutate(transaction.id, { onSuccess: onClose });
            }}
          >
            Delete
          </Button>
        </>
      }
    >
      {remove.error && <Alert>{remove.error.message}</Alert>}
    </Dialog>
  );
}
