// The kinds of transaction and their names, apart from portfolio.ts's schemas: the public
// feature page's worked example names them without loading zod (ADR 77).

/**
 * What can happen in a portfolio. Buys and sells move shares and cash; a dividend is cash
 * paid for shares held; a split changes the share count and nothing else; deposits and
 * withdrawals are money put in or taken out (the only cash flows that are not gains or
 * losses); a fee is an account charge.
 */
export const transactionKinds = [
  'buy',
  'sell',
  'dividend',
  'split',
  'deposit',
  'withdrawal',
  'fee',
] as const;
export type TransactionKind = (typeof transactionKinds)[number];

export const transactionKindLabels: Record<TransactionKind, string> = {
  buy: 'Buy',
  sell: 'Sell',
  dividend: 'Dividend',
  split: 'Split',
  deposit: 'Cash deposit',
  withdrawal: 'Cash withdrawal',
  fee: 'Fee',
};
