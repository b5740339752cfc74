import {
  entitlementsFor,
  type PortfolioExample,
  type TransactionForm,
  transactionInputSchema,
} from '@tickerwise/shared';
import { replayLedger } from './domain/holdings.ts';
import { cashEffect } from './domain/ledger.ts';
import { money } from './domain/money.ts';
import { ledgerFigures } from './figures.ts';
import { candidateEntry } from './ledger-store.ts';
import type { MarketPrices } from './market-prices.ts';

/**
 * The worked example of the public page `/features/portfolio` (docs/PRODUCT.md §3.29), as a
 * user would enter it. By hand: the cash is 10,000.00 - 4,801.00 - 3,701.00 + 16.00 +
 * 1,099.00 = 2,613.00; the sale of 5 of the 20 AAPL shares (FIFO) gives up 5/20 of their
 * 3,701.00 cost, 925.25, for a realised gain of 1,099.00 - 925.25 = 173.75; 15 AAPL shares
 * costing 2,775.75 and 10 SPY costing 4,801.00 remain.
 */
export const portfolioExampleForms: readonly TransactionForm[] = [
  { kind: 'deposit', date: '2025-01-02', amount: '10000' },
  { kind: 'buy', date: '2025-01-03', symbol: 'SPY', quantity: '10', price: '480', fees: '1' },
  { kind: 'buy', date: '2025-01-06', symbol: 'AAPL', quantity: '20', price: '185', fees: '1' },
  { kind: 'dividend', date: '2025-03-31', symbol: 'SPY', amount: '16' },
  { kind: 'sell', date: '2025-06-02', symbol: 'AAPL', quantity: '5', price: '220', fees: '1' },
];

/** The example's transactions, checked by the same schema as a user's. */
const inputs = portfolioExampleForms.map((form) => transactionInputSchema.parse(form));
const entries = inputs.map((input, index) => candidateEntry(`example-${index}`, index + 1, input));
const replayed = replayLedger(entries);

/**
 * The example valued by the portfolio's own code at the latest prices the Free plan sees, so
 * its holdings, gains and totals are what a user who entered these transactions would see.
 */
export async function portfolioExample(market: MarketPrices): Promise<PortfolioExample> {
  const figures = await ledgerFigures(
    entries,
    replayed,
    market.for(entitlementsFor('free').marketData),
  );
  return {
    ...figures,
    transactions: inputs.map((input, index) => ({
      kind: input.kind,
      date: input.date,
      symbol: input.symbol,
      quantity: input.quantity,
      price: input.price,
      amount: input.amount,
      fees: input.fees,
      splitTo: input.splitTo,
      splitFrom: input.splitFrom,
      cashEffect: money(cashEffect(entries[index]!)).toFixed(),
    })),
  };
}
