import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import type { ResealCount } from './db/reseal.ts';
import { serverSecret } from './db/schema/index.ts';
import { resealTwoFactor } from './modules/auth/auth.ts';
import { resealDestinations } from './modules/integrations/service.ts';

/** What `main.js reseal` changed, by kind of sealed value. */
interface ResealReport {
  twoFactor: ResealCount;
  destinations: ResealCount;
}

/** A re-seal that cannot start: it changes nothing. */
export class ResealRefused extends Error {
  override name = 'ResealRefused';
}

/**
 * Re-seals every value the server keeps sealed under its auth secret (two-factor secrets and
 * recovery codes, alert destinations' addresses and signing secrets) from `from` to `to`, in
 * one transaction: all of them, or, when any value opens with neither secret (a wrong old
 * secret), none (`UnopenableSealError`). Values that already open with `to` are left alone, so
 * running it again after it succeeded, or after it was interrupted, is harmless.
 */
export async function resealSecrets(
  db: Db,
  { from, to }: { from: string; to: string },
): Promise<ResealReport> {
  if (from === to) throw new ResealRefused('The old and the new secret are the same');
  return db.transaction(async (tx) => ({
    twoFactor: await resealTwoFactor(tx, from, to),
    destinations: await resealDestinations(tx, from, to),
  }));
}

/**
 * The secret the server made and kept itself while `AUTH_SECRET` was unset (`resolveSecret`),
 * if it ever did: the old secret of a first rotation to a configured one.
 */
export async function storedAuthSecret(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ value: serverSecret.value })
    .from(serverSecret)
    .where(eq(serverSecret.name, 'auth'));
  return row?.value;
}
