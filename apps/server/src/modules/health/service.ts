import type { Health } from '@tickerwise/shared';
import type { Database } from '../../db/client.ts';

const pingTimeoutMs = 2_000;

/** Health after a real round-trip to the database, bounded so a hung database answers "down". */
export async function checkHealth(database: Database): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), pingTimeoutMs);
  });
  try {
    await Promise.race([database.ping(), timeout]);
    return { status: 'ok', db: 'ok' };
  } catch {
    return { status: 'degraded', db: 'down' };
  } finally {
    clearTimeout(timer);
  }
}
