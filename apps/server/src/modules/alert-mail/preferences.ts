import type {
  NotificationPreferences,
  NotificationSettings,
  UpdateNotificationPreferences,
} from '@tickerwise/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { emailUnsubscribes, notificationPreferences, user } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { alertEmailKind, productNewsKind, watchlistDigestKind } from './emails.tsx';

/** The preferences of a user without a row. */
export const defaultPreferences: NotificationPreferences = {
  alertEmails: true,
  alertEmailDefault: true,
  watchlistDigest: false,
  productNews: false,
};

/** The preferences a one-click unsubscribe turns off, by the kind of mail it came with. */
const preferenceOfKind = {
  [alertEmailKind.name]: 'alertEmails',
  [watchlistDigestKind.name]: 'watchlistDigest',
  [productNewsKind.name]: 'productNews',
} as const satisfies Record<string, keyof NotificationPreferences>;

const kindOfPreference = Object.fromEntries(
  Object.entries(preferenceOfKind).map(([kind, preference]) => [preference, kind]),
) as Partial<Record<keyof NotificationPreferences, string>>;

/**
 * Settings > Notifications. A preference is on when the user turned it on and the address has
 * not unsubscribed from its kind of mail (the one-click unsubscribe of RFC 8058 records the
 * address and kind); turning it on again here lifts that unsubscribe.
 */
export class NotificationPreferenceStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async settings(userId: string): Promise<NotificationSettings> {
    const [account] = await this.db
      .select({ email: user.email, verified: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId));
    if (!account) throw notFound('No such account.');
    return {
      preferences: await this.effective(userId, account.email),
      email: account.email,
      emailVerified: account.verified,
    };
  }

  /** What is on for this user, unsubscribes counted. */
  async effective(userId: string, email: string): Promise<NotificationPreferences> {
    const all = await this.effectiveMany([{ userId, email }]);
    return all.get(userId) ?? { ...defaultPreferences };
  }

  /** What is on for each of these users, by id: two statements however many there are. */
  async effectiveMany(
    accounts: readonly { userId: string; email: string }[],
  ): Promise<Map<string, NotificationPreferences>> {
    const found = new Map<string, NotificationPreferences>();
    if (accounts.length === 0) return found;
    const rows = await this.db
      .select()
      .from(notificationPreferences)
      .where(
        inArray(
          notificationPreferences.userId,
          accounts.map((account) => account.userId),
        ),
      );
    const unsubscribed = await this.db
      .select({ address: emailUnsubscribes.address, kind: emailUnsubscribes.kind })
      .from(emailUnsubscribes)
      .where(
        and(
          inArray(
            emailUnsubscribes.address,
            accounts.map((account) => account.email.toLowerCase()),
          ),
          inArray(emailUnsubscribes.kind, Object.keys(preferenceOfKind)),
        ),
      );
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    for (const { userId, email } of accounts) {
      const row = byUser.get(userId);
      const preferences: NotificationPreferences = row
        ? {
            alertEmails: row.alertEmails,
            alertEmailDefault: row.alertEmailDefault,
            watchlistDigest: row.watchlistDigest,
            productNews: row.productNews,
          }
        : { ...defaultPreferences };
      for (const { address, kind } of unsubscribed) {
        if (address !== email.toLowerCase()) continue;
        const preference = preferenceOfKind[kind as keyof typeof preferenceOfKind];
        if (preference) preferences[preference] = false;
      }
      found.set(userId, preferences);
    }
    return found;
  }

  async update(
    userId: string,
    input: UpdateNotificationPreferences,
  ): Promise<NotificationSettings> {
    const current = await this.settings(userId);
    const next = { ...current.preferences, ...definedOf(input) };
    const turnedOn = (Object.keys(input) as (keyof NotificationPreferences)[]).filter(
      (key) => input[key] === true,
    );
    const kinds = turnedOn.flatMap((key) => kindOfPreference[key] ?? []);
    await this.db.transaction(async (tx) => {
      await tx
        .insert(notificationPreferences)
        .values({ userId, ...next, updatedAt: this.clock() })
        .onConflictDoUpdate({
          target: notificationPreferences.userId,
          set: { ...next, updatedAt: this.clock() },
        });
      if (kinds.length > 0) {
        await tx
          .delete(emailUnsubscribes)
          .where(
            and(
              eq(emailUnsubscribes.address, current.email.toLowerCase()),
              inArray(emailUnsubscribes.kind, kinds),
            ),
          );
      }
    });
    return this.settings(userId);
  }
}

function definedOf(input: UpdateNotificationPreferences): Partial<NotificationPreferences> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
