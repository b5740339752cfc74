import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  account,
  emailChanges,
  knownDevice,
  session,
  signInToken,
  twoFactor,
  user,
} from '../../db/schema/index.ts';
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

/**
 * Sign-in security in the data export: whether two-factor sign-in is on (never its secret or
 * recovery codes), the browsers the account knows, and the sign-in codes and "this was not me"
 * links sent (never their hashes).
 */
export function signInSecurityDataPart(db: Db): UserDataPart {
  return {
    name: 'signInSecurity',
    tables: [twoFactor, knownDevice, signInToken],
    async collect(userId) {
      const [factor] = await db
        .select({ verified: twoFactor.verified, enabledAt: twoFactor.enabledAt })
        .from(twoFactor)
        .where(eq(twoFactor.userId, userId));
      const devices = await db
        .select({
          userAgent: knownDevice.userAgent,
          timeZone: knownDevice.timeZone,
          firstSeenAt: knownDevice.firstSeenAt,
          lastSeenAt: knownDevice.lastSeenAt,
          forgottenAt: knownDevice.forgottenAt,
        })
        .from(knownDevice)
        .where(eq(knownDevice.userId, userId))
        .orderBy(knownDevice.firstSeenAt);
      const tokens = await db
        .select({
          purpose: signInToken.purpose,
          createdAt: signInToken.createdAt,
          expiresAt: signInToken.expiresAt,
          usedAt: signInToken.usedAt,
        })
        .from(signInToken)
        .where(eq(signInToken.userId, userId))
        .orderBy(signInToken.createdAt);
      return {
        twoFactor: factor ? plainRow(factor) : null,
        knownBrowsers: devices.map((item) => ({
          ...plainRow(item),
          ...describeDevice(item.userAgent),
        })),
        signInCodesAndLinks: tokens.map(plainRow),
      };
    },
  };
}
