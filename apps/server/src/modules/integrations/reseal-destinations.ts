import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { openOrUndefined, type ResealCount, UnopenableSealError } from '../../db/reseal.ts';
import { alertDestinations } from '../../db/schema/index.ts';
import { sealerFrom } from './signing.ts';

/**
 * Re-seals every alert destination's address and signing secret from the `from` secret to the
 * `to` secret (`db` is the re-seal's transaction; the rows stay locked until it ends). Throws
 * `UnopenableSealError` on a value neither opens, before the caller's transaction commits.
 */
export async function resealDestinations(db: Db, from: string, to: string): Promise<ResealCount> {
  const before = sealerFrom(from);
  const after = sealerFrom(to);
  const rows = await db
    .select({
      id: alertDestinations.id,
      urlSealed: alertDestinations.urlSealed,
      secretSealed: alertDestinations.secretSealed,
    })
    .from(alertDestinations)
    .orderBy(alertDestinations.id)
    .for('update');
  const count: ResealCount = { resealed: 0, current: 0 };
  for (const row of rows) {
    const sealed = [row.urlSealed, ...(row.secretSealed ? [row.secretSealed] : [])];
    const opened = await Promise.all(
      sealed.map((value) => openOrUndefined(() => after.open(value))),
    );
    if (opened.every((value) => value !== undefined)) {
      count.current += 1;
      continue;
    }
    const url = await openOrUndefined(() => before.open(row.urlSealed));
    const secret = row.secretSealed
      ? await openOrUndefined(() => before.open(row.secretSealed ?? ''))
      : null;
    if (url === undefined || secret === undefined) {
      throw new UnopenableSealError(`Alert destination ${row.id}`);
    }
    await db
      .update(alertDestinations)
      .set({
        urlSealed: after.seal(url),
        secretSealed: secret === null ? null : after.seal(secret),
      })
      .where(eq(alertDestinations.id, row.id));
    count.resealed += 1;
  }
  return count;
}
