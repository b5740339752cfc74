import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolios, portfolioTransactions } from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';
import { breathe } from './domain/steps.ts';
import { ledgerRows } from './ledger-store.ts';

/**
 * The user's portfolios in the data export: each with its whole ledger by date (then order of entry), the
 * exact stored numbers as text (what the holdings and returns are computed from).
 */
export function portfoliosDataPart(db: Db): UserDataPart {
  return {
    name: 'portfolios',
    tables: [portfolios, portfolioTransactions],
    async collect(userId) {
      const own = await db
        .select({
          id: portfolios.id,
          name: portfolios.name,
          kind: portfolios.kind,
          createdAt: portfolios.createdAt,
          updatedAt: portfolios.updatedAt,
        })
        .from(portfolios)
        .where(eq(portfolios.userId, userId))
        .orderBy(asc(portfolios.createdAt), asc(portfolios.id));
      // Each ledger read a page at a time and converted in slices: a large one does not hold
      // up other requests.
      const since = { at: performance.now() };
      const exported = [];
      for (const portfolio of own) {
        const transactions = [];
        for (const row of await ledgerRows(db, portfolio.id)) {
          await breathe(since);
          transactions.push(
            plainRow({
              id: row.id,
              kind: row.kind,
              date: row.date,
              symbol: row.symbol,
              quantity: row.quantity,
              price: row.price,
              amount: row.amount,
              fees: row.fees,
              splitTo: row.splitTo,
              splitFrom: row.splitFrom,
              note: row.note,
              createdAt: row.createdAt,
              updatedAt: row.updatedAt,
            }),
          );
        }
        exported.push({ ...plainRow(portfolio), transactions });
      }
      return exported;
    },
  };
}
