import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverSecret } from '../../db/schema/index.ts';

/**
 * The configured secret, or one the server made once and keeps in the database, so a fresh
 * `npm start` works with no setup and every instance on one database signs alike.
 */
export async function resolveSecret(db: Db, name: string, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(serverSecret)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecret).where(eq(serverSecret.name, name));
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}
