import type { AccountSession, deviceKinds } from '@tickerwise/shared';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import UAParser from 'ua-parser-js';
import type { Db } from '../../db/client.ts';
import { session } from '../../db/schema/index.ts';
import { sessionKey } from './session-memo.ts';

/** What a session's browser said about itself, in words people know. */
export function describeDevice(userAgent: string | null): {
  browser: string | null;
  os: string | null;
  device: (typeof deviceKinds)[number];
} {
  if (!userAgent) return { browser: null, os: null, device: 'other' };
  const parsed = new UAParser(userAgent).getResult();
  const browser = parsed.browser.name
    ? [parsed.browser.name, parsed.browser.major].filter(Boolean).join(' ')
    : null;
  const os = osName(parsed.os.name, parsed.os.version);
  const type = parsed.device.type;
  const device =
    type === 'mobile' || type === 'tablet' ? type : browser || os ? 'desktop' : 'other';
  return { browser, os, device };
}

function osName(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  // Every Mac browser reports macOS 10.15.7 whatever the real version: saying it would mislead.
  if (name === 'Mac OS') return 'macOS';
  // Windows 11 reports itself as Windows 10: the version cannot tell them apart.
  if (name === 'Windows' && version === '10') return 'Windows';
  return version ? `${name} ${version}` : name;
}

/** The user's sessions that have not expired: this device first, then the most recently active. */
export async function listAccountSessions(
  db: Db,
  userId: string,
  currentKey: string,
): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, sql`now()`)))
    .orderBy(desc(session.updatedAt), desc(session.createdAt));
  const sessions = rows.map((row) => ({
    id: row.id,
    ...describeDevice(row.userAgent),
    ipAddress: row.ipAddress || null,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    current: sessionKey(row.token) === currentKey,
  }));
  return [...sessions.filter((item) => item.current), ...sessions.filter((item) => !item.current)];
}

/**
 * Ends one of the user's sessions (another user's id is simply not found). The database
 * announces it, so every instance forgets it and its live streams close.
 */
export async function endAccountSession(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const ended = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  return ended.length > 0;
}

/** Ends every session of the user but the one asking; answers how many ended. */
export async function endOtherAccountSessions(
  db: Db,
  userId: string,
  currentKey: string,
): Promise<number> {
  const ended = await db
    .delete(session)
    .where(
      and(
        eq(session.userId, userId),
        ne(sql`encode(sha256(convert_to(${session.token}, 'UTF8')), 'hex')`, currentKey),
      ),
    )
    .returning({ id: session.id });
  return ended.length;
}
