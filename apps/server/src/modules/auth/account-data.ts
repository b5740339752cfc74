import { getTableColumns } from 'drizzle-orm';
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
import { type UserDataPart, userRows } from '../../user-data/user-data.ts';
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
      const [row] = await userRows(db, getTableColumns(user), user.id, userId);
      const signIns = await userRows(
        db,
        { method: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt },
        account.userId,
        userId,
      );
      const sessions = await userRows(
        db,
        {
          id: session.id,
          ipAddress: session.ipAddress,
          userAgent: session.userAgent,
          createdAt: session.createdAt,
          lastActiveAt: session.updatedAt,
          expiresAt: session.expiresAt,
        },
        session.userId,
        userId,
        session.createdAt,
      );
      const addressChanges = await userRows(
        db,
        {
          oldEmail: emailChanges.oldEmail,
          newEmail: emailChanges.newEmail,
          requestedAt: emailChanges.requestedAt,
          confirmedAt: emailChanges.confirmedAt,
          undoneAt: emailChanges.undoneAt,
        },
        emailChanges.userId,
        userId,
        emailChanges.requestedAt,
      );
      return {
        user: row ?? null,
        signInMethods: signIns,
        sessions: sessions.map((item) => ({ ...item, ...describeDevice(item.userAgent) })),
        emailChanges: addressChanges,
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
      const [factor] = await userRows(
        db,
        { verified: twoFactor.verified, enabledAt: twoFactor.enabledAt },
        twoFactor.userId,
        userId,
      );
      const devices = await userRows(
        db,
        {
          userAgent: knownDevice.userAgent,
          timeZone: knownDevice.timeZone,
          firstSeenAt: knownDevice.firstSeenAt,
          lastSeenAt: knownDevice.lastSeenAt,
          forgottenAt: knownDevice.forgottenAt,
        },
        knownDevice.userId,
        userId,
        knownDevice.firstSeenAt,
      );
      const codesAndLinks = await userRows(
        db,
        {
          purpose: signInToken.purpose,
          createdAt: signInToken.createdAt,
          expiresAt: signInToken.expiresAt,
          usedAt: signInToken.usedAt,
        },
        signInToken.userId,
        userId,
        signInToken.createdAt,
      );
      return {
        twoFactor: factor ?? null,
        knownBrowsers: devices.map((item) => ({ ...item, ...describeDevice(item.userAgent) })),
        signInCodesAndLinks: codesAndLinks,
      };
    },
  };
}
