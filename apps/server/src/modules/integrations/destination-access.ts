import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertDestinations } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { type Membership, requireSharedRight } from '../teams/service.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const missingDestination = () => notFound('This destination does not exist.');

export type DestinationRow = typeof alertDestinations.$inferSelect;

/** A destination the user reached, and their place in its team when it is the team's. */
export interface ReachedDestination {
  row: DestinationRow;
  membership: Membership | null;
}

/**
 * The destination, when the user may `need` it: their own (everything), or their team's
 * (docs/PRODUCT.md §3.26): every member reads it and its log; Admins and the Owner change,
 * test, resend and delete it, while the team can be changed. Anyone else's is "not found",
 * and a member of another team never learns more.
 */
export async function reachDestination(
  db: Db,
  userId: string,
  id: string,
  need: 'read' | 'manage',
): Promise<ReachedDestination> {
  if (!uuidPattern.test(id)) throw missingDestination();
  const [row] = await db.select().from(alertDestinations).where(eq(alertDestinations.id, id));
  if (!row) throw missingDestination();
  if (row.teamId === null) {
    if (row.userId !== userId) throw missingDestination();
    return { row, membership: null };
  }
  const membership = await requireSharedRight(
    db,
    userId,
    row.teamId,
    need === 'read' ? 'read' : 'manage',
    { change: need === 'manage' },
  );
  if (!membership) throw missingDestination();
  return { row, membership };
}
