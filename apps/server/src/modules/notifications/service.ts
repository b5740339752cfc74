import {
  type Notification,
  notificationListLimit,
  type PublishedNotification,
  type PublishNotificationInput,
} from '@tickerwise/shared';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationReads, notifications, user as users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/** For everyone or for this user, and not expired (docs/PRODUCT.md §8). */
function visibleTo(userId: string) {
  return and(
    or(isNull(notifications.userId), eq(notifications.userId, userId)),
    or(isNull(notifications.expiresAt), gt(notifications.expiresAt, sql`now()`)),
  );
}

/** The user's notifications, newest first, each with whether they have read it. */
export async function listNotifications(db: Db, userId: string): Promise<Notification[]> {
  const rows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      link: notifications.link,
      createdAt: notifications.createdAt,
      expiresAt: notifications.expiresAt,
      readAt: notificationReads.readAt,
    })
    .from(notifications)
    .leftJoin(
      notificationReads,
      and(
        eq(notificationReads.notificationId, notifications.id),
        eq(notificationReads.userId, userId),
      ),
    )
    .where(visibleTo(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(notificationListLimit);
  return rows.map(({ readAt, createdAt, expiresAt, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt?.toISOString() ?? null,
    read: readAt !== null,
  }));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records that the user read a notification; reading it again keeps the first time. Someone
 * else's notification (or an expired or unknown one) is "not found", so ids reveal nothing.
 */
export async function markNotificationRead(
  db: Db,
  userId: string,
  notificationId: string,
): Promise<void> {
  const missing = notFound('This notification does not exist.');
  if (!uuidPattern.test(notificationId)) throw missing;
  const [visible] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), visibleTo(userId)));
  if (!visible) throw missing;
  try {
    await db
      .insert(notificationReads)
      .values({ notificationId, userId, readAt: sql`now()` })
      .onConflictDoNothing();
  } catch (error) {
    // Deleted between the check and the insert (foreign key violation): it is gone.
    if ((error as { code?: string }).code === '23503') throw missing;
    throw error;
  }
}

export interface NewNotification {
  title: string;
  message: string;
  link?: string | null;
  userId?: string | null;
  expiresAt?: Date | null;
}

export async function insertNotification(db: Db, input: NewNotification): Promise<string> {
  const [row] = await db
    .insert(notifications)
    .values({
      title: input.title,
      message: input.message,
      link: input.link ?? null,
      userId: input.userId ?? null,
      expiresAt: input.expiresAt ?? null,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('The notification was not stored');
  return row.id;
}

/** Publishes an operator's notification to everyone or to the account with `userEmail`. */
export async function publishNotification(
  db: Db,
  input: PublishNotificationInput,
): Promise<PublishedNotification> {
  let userId: string | null = null;
  if (input.userEmail) {
    const email = input.userEmail.toLowerCase();
    const [account] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    if (!account) {
      throw new AppError(422, 'unknown_user', `There is no account with the email ${email}.`, {
        userEmail: 'There is no account with this email',
      });
    }
    userId = account.id;
  }
  const id = await insertNotification(db, {
    title: input.title,
    message: input.message,
    link: input.link ?? null,
    userId,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
  });
  return {
    id,
    audience: input.userEmail ? { userEmail: input.userEmail.toLowerCase() } : 'everyone',
  };
}

/**
 * Notifications in the data export: those addressed to the user alone, and every notification
 * they read (with when), including ones for everyone.
 */
export function notificationsDataPart(db: Db): UserDataPart {
  return {
    name: 'notifications',
    tables: [notifications, notificationReads],
    async collect(userId) {
      const addressed = await db
        .select({
          id: notifications.id,
          title: notifications.title,
          message: notifications.message,
          link: notifications.link,
          createdAt: notifications.createdAt,
          expiresAt: notifications.expiresAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(notifications.createdAt);
      const read = await db
        .select({
          notificationId: notificationReads.notificationId,
          title: notifications.title,
          readAt: notificationReads.readAt,
        })
        .from(notificationReads)
        .innerJoin(notifications, eq(notifications.id, notificationReads.notificationId))
        .where(eq(notificationReads.userId, userId))
        .orderBy(notificationReads.readAt);
      return { addressedToYou: addressed.map(plainRow), read: read.map(plainRow) };
    },
  };
}
