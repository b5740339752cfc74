import type { Alert, AlertFiring } from '@tickerwise/shared';
import type { Db } from '../../db/client.ts';
import { listAlerts, listFirings } from './alert-store.ts';

export type { IndicatorReader, IndicatorReading } from './bar-alerts.ts';

/**
 * A user's most recent alert firings, newest first: what the dashboard's Recent Activity
 * lists.
 */
export async function recentAlertFirings(
  db: Db,
  userId: string,
  limit = 10,
): Promise<AlertFiring[]> {
  return listFirings(db, userId, limit);
}

/** A user's alerts (all of them, or one symbol's): the watchlist's alerts column. */
export async function alertsOfUser(db: Db, userId: string, symbol?: string): Promise<Alert[]> {
  return listAlerts(db, userId, symbol);
}
