import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, emailChanges, session, user } from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';
import { describeDevice } from './account-sessions.ts';

/**
 * The account in the data export: the user row, how they sign in, their sessions and changes
 * of address; never a password hash, a session token or a link's digest.
 */
export function accountDataPart(db: Db): UserDataPart {
  return {
    name: 'account',
    tables: [user, account, session, emailChanges],
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
      const addressChanges = await db
        .select({
          oldEmail: emailChanges.oldEmail,
          newEmail: emailChanges.newEmail,
          requestedAt: emailChanges.requestedAt,
          confirmedAt: emailChanges.confirmedAt,
          undoneAt: emailChanges.undoneAt,
        })
        .from(emailChanges)
        .where(eq(emailChanges.userId, userId))
        .orderBy(emailChanges.requestedAt);
      return {
        user: row ? plainRow(row) : null,
        signInMethods: signIns.map(plainRow),
        sessions: sessions.map((item) => ({
          ...plainRow(item),
          ...describeDevice(item.userAgent),
        })),
        emailChanges: addressChanges.map(plainRow),
      };
    },
  };
}
