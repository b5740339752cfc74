import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, session, user } from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';
import { describeDevice } from './account-sessions.ts';

/**
 * The account in the data export: the user row, how they sign in, and their sessions; never
 * a password hash or a session token.
 */
export function accountDataPart(db: Db): UserDataPart {
  return {
    name: 'account',
    tables: [user, account, session],
    async collect(userId) {
      const [row] = await db.select().from(user).where(eq(user.id, userId));
      const signIns = await db
        .select({
          method: account.providerId,
          createdAt: account.createdAt,
          updatedAt: account.updatedAt,
        })
        .from(account)
        .where(eq(account.userId, userId));
      const sessions = await db
        .select({
          id: session.id,
          ipAddress: session.ipAddress,
          userAgent: session.userAgent,
          createdAt: session.createdAt,
          lastActiveAt: session.updatedAt,
          expiresAt: session.expiresAt,
        })
        .from(session)
        .where(eq(session.userId, userId))
        .orderBy(session.createdAt);
      return {
        user: row ? plainRow(row) : null,
        signInMethods: signIns.map(plainRow),
        sessions: sessions.map((item) => ({
          ...plainRow(item),
          ...describeDevice(item.userAgent),
        })),
      };
    },
  };
}
