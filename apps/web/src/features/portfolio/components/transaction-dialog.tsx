import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Transaction,
  type TransactionForm,
  type TransactionInput,
  transactionInputSchema,
  transactionKindLabels,
  transactionKinds,
} from '@tickerwise/shared';
import { useEffect, useId, useState } from 'react';
import { type Path, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/money-format.ts';
import { useTransactionActions } from '../api/save-transaction.ts';
import {
  amountLabel,
  blankForm,
  feesLabel,
  fieldsOf,
  formOf,
  tradeTotal,
} from '../transaction-form.ts';

interface TransactionDialogProps {
  portfolioId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The transaction to edit; a new one when absent. */
  transaction?: Transaction;
  /** A new transaction's symbol, filled in (a lesson's "Try it" trade). */
  symbol?: string;
  /** In the practice portfolio: the dialog says so. */
  practice?: boolean;
  /** Called with the stored transaction once saved. */
  onSaved?: (transaction: Transaction) => void;
}

/** A new transaction: a buy, of `symbol` when one is given. */
const newForm = (symbol?: string) => ({ ...blankForm(), symbol: symbol ?? '' });

/**
 * Adds or edits a transaction. The form checks with the shared schema the server uses; what
 * only the ledger can tell (a sell of more than was held then) comes back from the server
 * under its field.
 */
export function TransactionDialog({
  portfolioId,
  open,
  onOpenChange,
  transaction,
  symbol,
  practice = false,
  onSaved,
}: TransactionDialogProps) {
  const { save } = useTransactionActions(portfolioId);
  const formId = useId();
  const [failure, setFailure] = useState<string>();
  const form = useForm<TransactionForm, unknown, TransactionInput>({
    resolver: zodResolver(transactionInputSchema),
    defaultValues: transaction ? formOf(transaction) : newForm(symbol),
  });
  const { reset } = form;

  useEffect(() => {
    if (open) {
      reset(transaction ? formOf(transaction) : newForm(symbol));
      setFailure(undefined);
    }
  }, [open, transaction, symbol, reset]);

  const kind = useWatch({ control: form.control, name: 'kind' });
  const values = useWatch({ control: form.control }) as TransactionForm;
  const fields = fieldsOf(kind);
  const total = tradeTotal(values);

  const onSubmit = form.handleSubmit(async () => {
    setFailure(undefined);
    try {
      const saved = await save.mutateAsync({
        form: form.getValues(),
        transactionId: transaction?.id,
      });
      onSaved?.(saved);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        const known = new Set(Object.keys(form.getValues()));
        let shown = false;
        for (const [field, message] of Object.entries(error.fields)) {
          if (known.has(field)) {
            form.setError(field as Path<TransactionForm>, { message }, { shouldFocus: !shown });
            shown = true;
          }
        }
        if (shown) return;
      }
      setFailure(error instanceof Error ? error.message : 'The transaction could not be saved.');
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        practice
          ? transaction
            ? 'Edit practice transaction'
            : 'Add a practice transaction'
          : transaction
            ? 'Edit transaction'
            : 'Add a transaction'
      }
      description={
        practice
          ? 'Paid with practice cash at the same prices as your portfolios; never counted in your Portfolio Value.'
          : 'Record what happened in your account; gains and returns follow from it.'
      }
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" form={formId} busy={save.isPending} busyLabel="Saving...">
            {transaction ? 'Save changes' : 'Add transaction'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <KindSelect form={form} />
        <TextField form={form} name="date" label="Date" type="date" />
        {fields.includes('symbol') && (
          <TextField
            form={form}
            name="symbol"
            label="Symbol"
            placeholder="AAPL"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            className="sm:col-span-2"
          />
        )}
        {fields.includes('quantity') && (
          <TextField form={form} name="quantity" label="Shares" inputMode="decimal" figures />
        )}
        {fields.includes('price') && (
          <TextField
            form={form}
            name="price"
            label="Price per share"
            inputMode="decimal"
            placeholder="0.00"
            figures
          />
        )}
        {fields.includes('amount') && (
          <TextField
            form={form}
            name="amount"
            label={amountLabel(kind)}
            inputMode="decimal"
            placeholder="0.00"
            figures
          />
        )}
        {fields.includes('fees') && (
          <TextField
            form={form}
            name="fees"
            label={feesLabel(kind)}
            inputMode="decimal"
            placeholder="0.00"
            figures
          />
        )}
        {fields.includes('split') && (
          <>
            <TextField form={form} name="splitTo" label="New shares" inputMode="numeric" figures />
            <TextField
              form={form}
              name="splitFrom"
              label="For every (old shares)"
              inputMode="numeric"
              figures
            />
            <p className="-mt-2 text-xs text-slate-500 sm:col-span-2">
              A 2-for-1 split is 2 new for every 1; a 1-for-10 reverse split is 1 for every 10.
            </p>
          </>
        )}
        <TextField
          form={form}
          name="note"
          label="Note (optional)"
          autoComplete="off"
          className="sm:col-span-2"
        />
        {total !== null && (
          <p className="text-sm text-slate-600 sm:col-span-2" aria-live="polite">
            {kind === 'buy' ? 'Total cost' : 'Proceeds after fees'}:{' '}
            <span className="font-semibold text-ink-950 tabular-nums">
              {formatMoney(total.toFixed(2))}
            </span>
          </p>
        )}
        {failure && <Alert className="sm:col-span-2">{failure}</Alert>}
      </form>
    </Dialog>
  );
}

function KindSelect({ form }: { form: UseFormReturn<TransactionForm, unknown, TransactionInput> }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        Type
      </label>
      <select id={id} {...form.register('kind')} className={`mt-1.5 ${inputStyles(false)}`}>
        {transactionKinds.map((kind) => (
          <option key={kind} value={kind}>
            {transactionKindLabels[kind]}
          </option>
        ))}
      </select>
    </div>
  );
}
