import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  alertEmailWindows,
  notificationPreferences,
  watchlistDigests,
} from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/**
 * The user's email choices in the data export (Settings > Notifications), when the last alert
 * email went, and the days a watchlist digest was sent.
 */
export function alertMailDataPart(db: Db): UserDataPart {
  return {
    name: 'emailNotifications',
    tables: [notificationPreferences, alertEmailWindows, watchlistDigests],
    async collect(userId) {
      const [preferences] = await db
        .select({
          alertEmails: notificationPreferences.alertEmails,
          alertEmailDefault: notificationPreferences.alertEmailDefault,
          watchlistDigest: notificationPreferences.watchlistDigest,
          productNews: notificationPreferences.productNews,
          updatedAt: notificationPreferences.updatedAt,
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      const [window] = await db
        .select({ lastAlertEmailAt: alertEmailWindows.lastSentAt })
        .from(alertEmailWindows)
        .where(eq(alertEmailWindows.userId, userId));
      const digests = await db
        .select({ tradingDay: watchlistDigests.tradingDay, queuedAt: watchlistDigests.queuedAt })
        .from(watchlistDigests)
        .where(eq(watchlistDigests.userId, userId))
        .orderBy(asc(watchlistDigests.tradingDay));
      return {
        preferences: preferences ? plainRow(preferences) : null,
        lastAlertEmailAt: window?.lastAlertEmailAt?.toISOString() ?? null,
        watchlistDigests: digests.map(plainRow),
      };
    },
  };
}
