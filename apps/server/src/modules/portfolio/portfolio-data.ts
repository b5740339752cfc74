import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolios, portfolioTransactions, teams, user } from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';
import { teamIdOf } from '../teams/service.ts';
import { breathe } from './domain/steps.ts';
import { ledgerRows } from './ledger-store.ts';

/**
 * The user's portfolios in the data export: each with its whole ledger by date (then order of entry), the
 * exact stored numbers as text (what the holdings and returns are computed from). Their own
 * personal portfolios, and the portfolios of the team they are in, which they can read: those
 * say so (`team`, the team's name, and `madeByYou`), and their transactions say who entered
 * them (null: a former member, or before this was kept). A portfolio they put in a team they
 * have left is the team's, no longer theirs to read.
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
          team: teams.name,
          madeByYou: sql<boolean>`${portfolios.userId} = ${userId}`,
          createdAt: portfolios.createdAt,
          updatedAt: portfolios.updatedAt,
        })
        .from(portfolios)
        .leftJoin(teams, eq(teams.id, portfolios.teamId))
        .where(
          or(
            and(eq(portfolios.userId, userId), isNull(portfolios.teamId)),
            eq(portfolios.teamId, teamIdOf(userId)),
          ),
        )
        .orderBy(asc(portfolios.createdAt), asc(portfolios.id));
      // Each ledger read a page at a time and converted in slices: a large one does not hold
      // up other requests.
      const since = { at: performance.now() };
      const exported = [];
      for (const portfolio of own) {
        const transactions = [];
        const rows = await ledgerRows(db, portfolio.id);
        const enterers = portfolio.team ? await namesOf(db, rows) : new Map<string, string>();
        for (const row of rows) {
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
              ...(portfolio.team
                ? { enteredBy: row.enteredBy ? (enterers.get(row.enteredBy) ?? null) : null }
                : {}),
              createdAt: row.createdAt,
              updatedAt: row.updatedAt,
            }),
          );
        }
        const { team, madeByYou, ...rest } = portfolio;
        exported.push({
          ...plainRow(rest),
          ...(team ? { team, madeByYou } : {}),
          transactions,
        });
      }
      return exported;
    },
  };
}

/** The names of the members who entered these transactions, by id. */
async function namesOf(
  db: Db,
  rows: readonly { enteredBy: string | null }[],
): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.enteredBy ? [row.enteredBy] : [])))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(inArray(user.id, ids));
  return new Map(found.map((row) => [row.id, row.name]));
}
