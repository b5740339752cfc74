import { z } from 'zod';

/**
 * What a user gets by email besides essential mail (Settings > Notifications): alert emails
 * (and whether new alerts send them), the daily watchlist digest after the US close, and
 * product news. `GET /api/notification-preferences` also says whether the address is
 * confirmed: alert emails and the digest only go to a confirmed address.
 */
export const notificationPreferencesSchema = z.object({
  /** Alerts that ask for email send it (grouped: at most one email per 5 minutes). */
  alertEmails: z.boolean(),
  /** New alerts send email unless the form says otherwise. */
  alertEmailDefault: z.boolean(),
  /** A daily email after the US close: watchlist moves, ratings changed, alerts fired. */
  watchlistDigest: z.boolean(),
  /** Now and then, what is new in Tickerwise. */
  productNews: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationSettingsSchema = z.object({
  preferences: notificationPreferencesSchema,
  email: z.string(),
  /** Alert emails and the digest wait for the address to be confirmed. */
  emailVerified: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** `PATCH /api/notification-preferences`: any of the preferences. */
export const updateNotificationPreferencesSchema = notificationPreferencesSchema
  .partial()
  .strict()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;
