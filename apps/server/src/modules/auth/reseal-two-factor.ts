import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { openOrUndefined, type ResealCount, UnopenableSealError } from '../../db/reseal.ts';
import { twoFactor } from '../../db/schema/index.ts';

/**
 * Re-seals every two-factor authenticator secret and set of recovery codes (better-auth's
 * `symmetricEncrypt` under the server's secret: auth.ts) from the `from` secret to the `to`
 * secret. `db` is the re-seal's transaction; throws `UnopenableSealError` on a value neither
 * opens, before the caller's transaction commits.
 */
export async function resealTwoFactor(db: Db, from: string, to: string): Promise<ResealCount> {
  const rows = await db
    .select({ id: twoFactor.id, secret: twoFactor.secret, backupCodes: twoFactor.backupCodes })
    .from(twoFactor)
    .orderBy(twoFactor.id)
    .for('update');
  const open = (key: string, data: string) =>
    openOrUndefined(() => symmetricDecrypt({ key, data }));
  const count: ResealCount = { resealed: 0, current: 0 };
  for (const row of rows) {
    const [secretNow, codesNow] = await Promise.all([
      open(to, row.secret),
      open(to, row.backupCodes),
    ]);
    if (secretNow !== undefined && codesNow !== undefined) {
      count.current += 1;
      continue;
    }
    const [secret, codes] = await Promise.all([
      open(from, row.secret),
      open(from, row.backupCodes),
    ]);
    if (secret === undefined || codes === undefined) {
      throw new UnopenableSealError(`Two-factor record ${row.id}`);
    }
    await db
      .update(twoFactor)
      .set({
        secret: await symmetricEncrypt({ key: to, data: secret }),
        backupCodes: await symmetricEncrypt({ key: to, data: codes }),
      })
      .where(eq(twoFactor.id, row.id));
    count.resealed += 1;
  }
  return count;
}
