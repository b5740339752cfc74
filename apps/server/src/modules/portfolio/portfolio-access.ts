import type { SharedWithTeam } from '@tickerwise/shared';
import { eq, type InferSelectModel } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { portfolios } from '../../db/schema/index.ts';
import { type Membership, refuseSharedChange, sharedThingAccess } from '../teams/service.ts';
import { isId, portfolioNotFound } from './portfolio-errors.ts';

type PortfolioRow = InferSelectModel<typeof portfolios>;

/** A portfolio the user reached, and their place in its team when it is shared. */
export interface ReachedPortfolio {
  row: PortfolioRow;
  membership: Membership | null;
  /** Whose plan the portfolio is used under: its maker's, or the team owner's when shared. */
  planHolder: string;
}

/**
 * The portfolio, when the user may `need` it: their own personal one, or one of their team
 * (docs/PRODUCT.md §3.26): read by every member, changed by Editors and up while the team can
 * be changed (`sharedThingAccess`, the teams module's one rule). Anything else is "not found".
 * `lock` holds the portfolio's row until the transaction ends.
 */
export async function reachPortfolio(
  db: Db,
  userId: string,
  portfolioId: string,
  need: 'read' | 'change',
  options: { lock?: boolean } = {},
): Promise<ReachedPortfolio> {
  if (!isId(portfolioId)) throw portfolioNotFound();
  const query = db.select().from(portfolios).where(eq(portfolios.id, portfolioId));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw portfolioNotFound();
  if (row.teamId === null) {
    if (row.userId !== userId) throw portfolioNotFound();
    return { row, membership: null, planHolder: userId };
  }
  const access = await sharedThingAccess(db, userId, row.teamId);
  if (!access) throw portfolioNotFound();
  if (need === 'change' && !access.canChange) refuseSharedChange(access.membership);
  return { row, membership: access.membership, planHolder: access.membership.ownerId };
}

/** How a portfolio shows it is the team's: null for a personal one. */
export function shareOf(
  row: Pick<PortfolioRow, 'teamId' | 'userId'>,
  membership: Membership | null,
  userId: string,
): SharedWithTeam | null {
  if (!row.teamId || !membership) return null;
  return {
    teamName: membership.teamName,
    role: membership.role,
    readOnly: membership.readOnly,
    mine: row.userId === userId,
  };
}
