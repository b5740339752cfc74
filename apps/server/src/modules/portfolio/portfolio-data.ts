import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolios, portfolioTransactions } from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/**
 * The user's portfolios in the data export: each with its whole ledger in entry order, the
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
          createdAt: portfolios.createdAt,
          updatedAt: portfolios.updatedAt,
        })
        .from(portfolios)
        .where(eq(portfolios.userId, userId))
        .orderBy(asc(portfolios.createdAt), asc(portfolios.id));
      const ledger = await db
        .select({
          portfolioId: portfolioTransactions.portfolioId,
          id: portfolioTransactions.id,
          kind: portfolioTransactions.kind,
          date: portfolioTransactions.date,
          symbol: portfolioTransactions.symbol,
          quantity: portfolioTransactions.quantity,
          price: portfolioTransactions.price,
          amount: portfolioTransactions.amount,
          fees: portfolioTransactions.fees,
          splitTo: portfolioTransactions.splitTo,
          splitFrom: portfolioTransactions.splitFrom,
          note: portfolioTransactions.note,
          createdAt: portfolioTransactions.createdAt,
          updatedAt: portfolioTransactions.updatedAt,
        })
        .from(portfolioTransactions)
        .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
        .where(eq(portfolios.userId, userId))
        .orderBy(asc(portfolioTransactions.seq));
      return own.map((portfolio) => ({
        ...plainRow(portfolio),
        transactions: ledger
          .filter((row) => row.portfolioId === portfolio.id)
          .map(({ portfolioId: _portfolio, ...row }) => plainRow(row)),
      }));
    },
  };
}
