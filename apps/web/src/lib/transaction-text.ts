import type { Transaction } from '@tickerwise/shared';
import { formatMoney, formatSharePrice, formatShares } from './money-format.ts';

/** A transaction's details in a few words: "10 at $150.25, fees $1.00". */
export function transactionDetails(
  transaction: Pick<
    Transaction,
    'kind' | 'quantity' | 'price' | 'amount' | 'fees' | 'splitTo' | 'splitFrom'
  >,
): string {
  const fees = Number(transaction.fees) > 0 ? formatMoney(transaction.fees) : null;
  switch (transaction.kind) {
    case 'buy':
    case 'sell':
      return `${formatShares(transaction.quantity ?? '0')} at ${formatSharePrice(transaction.price ?? '0')}${
        fees ? `, fees ${fees}` : ''
      }`;
    case 'dividend':
      return `${formatMoney(transaction.amount ?? '0')}${fees ? `, ${fees} tax withheld` : ''}`;
    case 'split':
      return `${transaction.splitTo} for ${transaction.splitFrom}`;
    default:
      return formatMoney(transaction.amount ?? '0');
  }
}
