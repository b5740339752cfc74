import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Transaction,
  type TransactionForm,
  transactionResponseSchema,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { portfolioKeys, portfolioPath } from './portfolio-keys.ts';

/**
 * `POST /api/portfolios/:id/transactions`, or `PUT .../transactions/:transactionId` for an
 * edit. The server checks the ledger (a sell of more than was held) and answers field errors.
 */
export async function saveTransaction(
  portfolioId: string,
  form: TransactionForm,
  transactionId?: string,
): Promise<Transaction> {
  const path = `${portfolioPath(portfolioId)}/transactions`;
  const answer = transactionId
    ? await apiRequest<unknown>(`${path}/${encodeURIComponent(transactionId)}`, {
        method: 'PUT',
        body: form,
      })
    : await apiRequest<unknown>(path, { body: form });
  return transactionResponseSchema.parse(answer).transaction;
}

/** `DELETE /api/portfolios/:id/transactions/:transactionId`: 409 when a later one needs it. */
export async function deleteTransaction(portfolioId: string, transactionId: string) {
  await apiRequest<unknown>(
    `${portfolioPath(portfolioId)}/transactions/${encodeURIComponent(transactionId)}`,
    { method: 'DELETE' },
  );
}

/** Adding, editing and deleting transactions; every portfolio figure is refetched after. */
export function useTransactionActions(portfolioId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
  return {
    save: useMutation({
      mutationFn: ({ form, transactionId }: { form: TransactionForm; transactionId?: string }) =>
        saveTransaction(portfolioId, form, transactionId),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (transactionId: string) => deleteTransaction(portfolioId, transactionId),
      onSuccess,
    }),
  };
}
