import type { Alert } from '@tickerwise/shared';
import type { Db } from '../../db/client.ts';
import { listAlerts } from './alert-store.ts';

export type { IndicatorSource } from './bar-alerts.ts';

/** A user's alerts (all of them, or one symbol's): the watchlist's alerts column. */
export async function alertsOfUser(db: Db, userId: string, symbol?: string): Promise<Alert[]> {
  return listAlerts(db, userId, symbol);
}
