import type { Transaction, TransactionForm, TransactionKind } from '@tickerwise/shared';

/** The inputs the dialog shows for a kind, in order. */
export type TransactionField =
  | 'symbol'
  | 'quantity'
  | 'price'
  | 'fees'
  | 'amount'
  | 'split'
  | 'note';

const fieldsByKind: Record<TransactionKind, readonly TransactionField[]> = {
  buy: ['symbol', 'quantity', 'price', 'fees'],
  sell: ['symbol', 'quantity', 'price', 'fees'],
  dividend: ['symbol', 'amount', 'fees'],
  split: ['symbol', 'split'],
  deposit: ['amount'],
  withdrawal: ['amount'],
  fee: ['amount'],
};

export function fieldsOf(kind: TransactionKind): readonly TransactionField[] {
  return fieldsByKind[kind];
}

/** What the fees field is called for a kind: tax withheld on a dividend. */
export function feesLabel(kind: TransactionKind): string {
  return kind === 'dividend' ? 'Tax withheld' : 'Fees';
}

export function amountLabel(kind: TransactionKind): string {
  switch (kind) {
    case 'dividend':
      return 'Amount received';
    case 'fee':
      return 'Fee charged';
    default:
      return 'Amount';
  }
}

/** The local calendar date (what the user calls today) as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const offset = now.getTimezoneOffset() * 60_000;
  return new Date(now.getTime() - offset).toISOString().slice(0, 10);
}

/** A blank form for a new transaction of `kind`, dated today. */
export function blankForm(kind: TransactionKind = 'buy', today = localToday()): TransactionForm {
  return {
    kind,
    date: today,
    symbol: '',
    quantity: '',
    price: '',
    amount: '',
    fees: '',
    splitTo: '',
    splitFrom: '',
    note: '',
  };
}

/** The form of a stored transaction, to edit it. */
export function formOf(transaction: Transaction): TransactionForm {
  return {
    kind: transaction.kind,
    date: transaction.date,
    symbol: transaction.symbol ?? '',
    quantity: transaction.quantity ?? '',
    price: transaction.price ?? '',
    amount: transaction.amount ?? '',
    fees: transaction.fees === '0' ? '' : transaction.fees,
    splitTo: transaction.splitTo === null ? '' : String(transaction.splitTo),
    splitFrom: transaction.splitFrom === null ? '' : String(transaction.splitFrom),
    note: transaction.note ?? '',
  };
}

/**
 * What a buy or sell comes to with its fees, shown under the fields as they are typed; null
 * while a number is missing. For display only: the server computes from the exact text.
 */
export function tradeTotal(form: TransactionForm): number | null {
  if (form.kind !== 'buy' && form.kind !== 'sell') return null;
  const clean = (value: string | undefined) => Number((value ?? '').replace(/[\s,$]/g, ''));
  const quantity = clean(form.quantity);
  const price = clean(form.price);
  const fees = form.fees?.trim() ? clean(form.fees) : 0;
  if (!(quantity > 0 && price > 0) || Number.isNaN(fees)) return null;
  const gross = quantity * price;
  return form.kind === 'buy' ? gross + fees : gross - fees;
}
