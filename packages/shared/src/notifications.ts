import { z } from 'zod';

/**
 * One item of the notification panel (docs/PRODUCT.md §3.10, §8), as `GET /api/notifications` sends
 * it.
 */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601, or null when it never expires. */
  expiresAt: z.string().nullable(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** How many notifications the panel lists at most (newest first). */
export const notificationListLimit = 50;

/**
 * Where an item may lead: a path of this app, or an http(s) address. Anything else (such as
 * `javascript:` or a protocol-relative `//host`) could run script or leave the site unnoticed.
 */
export function isSafeNotificationLink(link: string): boolean {
  if ([...link].some((char) => char.charCodeAt(0) <= 0x20)) return false;
  if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\');
  return /^https?:\/\/[^/?#@\\]+([/?#].*)?$/i.test(link);
}

/** `POST /api/notifications` (operators and admins; `npm run notify` sends it). */
export const publishNotificationSchema = z.object({
  title: z
    .string({ error: 'Please enter a title' })
    .trim()
    .min(1, 'Please enter a title')
    .max(120, 'Title must be at most 120 characters'),
  message: z
    .string({ error: 'Please enter a message' })
    .trim()
    .min(1, 'Please enter a message')
    .max(1000, 'Message must be at most 1000 characters'),
  link: z
    .string()
    .trim()
    .max(2000, 'Link must be at most 2000 characters')
    .refine(isSafeNotificationLink, 'Link must be a path such as /dashboard or an http(s) URL')
    .optional(),
  /** Only this account sees it; everyone when absent. */
  userEmail: z.string().trim().pipe(z.email('User must be an email address')).optional(),
  expiresAt: z.iso
    .datetime({
      offset: true,
      error: 'Expiry must be an ISO 8601 date and time, e.g. 2030-01-31T12:00:00Z',
    })
    .refine((value) => Date.parse(value) > Date.now(), 'Expiry must be in the future')
    .optional(),
});
export type PublishNotificationInput = z.infer<typeof publishNotificationSchema>;

/** The answer to a publish: the new notification and who sees it. */
export const publishedNotificationSchema = z.object({
  id: z.string(),
  audience: z.union([z.literal('everyone'), z.object({ userEmail: z.string() })]),
});
export type PublishedNotification = z.infer<typeof publishedNotificationSchema>;
