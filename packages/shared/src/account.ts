import { z } from 'zod';

/** The kind of device a session was signed in on, as its browser describes itself. */
export const deviceKinds = ['desktop', 'mobile', 'tablet', 'other'] as const;

/**
 * One signed-in session of the user (docs/PRODUCT.md §3.19), as `GET /api/me/sessions` lists it:
 * never its token.
 */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome 131", "Safari 18.1"; null when the browser did not say. */
  browser: z.string().nullable(),
  /** "macOS 14.6", "Android 15", "Windows 10"; null when unknown. */
  os: z.string().nullable(),
  device: z.enum(deviceKinds),
  /** The client address it signed in from; null when unknown. */
  ipAddress: z.string().nullable(),
  /** When it was signed in (ISO 8601). */
  createdAt: z.iso.datetime(),
  /** The last request it made, to within a few minutes (ISO 8601). */
  lastActiveAt: z.iso.datetime(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** `GET /api/me/sessions`: the current session first, then the most recently active. */
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;

/**
 * `POST /api/me/sessions/sign-out-others`: how many sessions ended, and how many API keys were
 * revoked with them (docs/PRODUCT.md §3.19).
 */
export const signedOutSessionsSchema = z.object({
  signedOut: z.number().int().min(0),
  revokedApiKeys: z.number().int().min(0),
});
export type SignedOutSessions = z.infer<typeof signedOutSessionsSchema>;

/** `DELETE /api/me`: the password confirms it is the account holder (docs/PRODUCT.md §3.19). */
export const deleteAccountSchema = z.strictObject({
  password: z
    .string({ error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(128, 'Password must be at most 128 characters'),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The version of the data export's layout, written into every file. */
export const dataExportFormat = 'tickerwise-export/1';

/** `GET /api/me/export`: everything Tickerwise holds about the user, one part per module. */
export const dataExportSchema = z.object({
  format: z.literal(dataExportFormat),
  exportedAt: z.iso.datetime(),
  userId: z.string(),
  parts: z.record(z.string(), z.unknown()),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The export's file name on `date` (UTC): `tickerwise-data-2026-01-31.json`. */
export function dataExportFileName(date: Date): string {
  return `tickerwise-data-${date.toISOString().slice(0, 10)}.json`;
}

/**
 * A browser the account knows (docs/PRODUCT.md §3.19), as `GET /api/auth/devices` lists it: one
 * that signed in to the account and was not forgotten since. A sign-in from any other browser
 * sends a notice.
 */
export const knownBrowserSchema = z.object({
  id: z.string(),
  /** "Chrome 131"; null when the browser did not say. */
  browser: z.string().nullable(),
  /** "macOS", "Android 15"; null when unknown. */
  os: z.string().nullable(),
  device: z.enum(deviceKinds),
  /** Its first sign-in to the account (ISO 8601). */
  firstSeenAt: z.iso.datetime(),
  /** Its last sign-in to the account (ISO 8601). */
  lastSeenAt: z.iso.datetime(),
  /** The browser asking. */
  current: z.boolean(),
});
export type KnownBrowser = z.infer<typeof knownBrowserSchema>;

/** `GET /api/auth/devices`: this browser first, then the most recently seen. */
export const knownBrowserListSchema = z.object({ browsers: z.array(knownBrowserSchema) });
export type KnownBrowserList = z.infer<typeof knownBrowserListSchema>;

/** A browser's id in `DELETE /api/auth/devices/:id`. */
export const knownBrowserIdSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16}$/, 'This is not a browser of the account.'),
});
