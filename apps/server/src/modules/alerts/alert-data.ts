import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertFirings, alerts } from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/**
 * The user's alerts in the data export, as stored (condition, repeat, note, state, last
 * firing), and every time one went off, including firings of alerts since deleted.
 */
export function alertsDataPart(db: Db): UserDataPart {
  return {
    name: 'alerts',
    tables: [alerts, alertFirings],
    async collect(userId) {
      const own = await db
        .select({
          id: alerts.id,
          symbol: alerts.symbol,
          kind: alerts.kind,
          level: alerts.level,
          period: alerts.period,
          rating: alerts.rating,
          repeat: alerts.repeat,
          note: alerts.note,
          state: alerts.state,
          lastFiredAt: alerts.lastFiredAt,
          lastFiredDay: alerts.lastFiredDay,
          email: alerts.email,
          destinationIds: alerts.destinationIds,
          createdAt: alerts.createdAt,
          updatedAt: alerts.updatedAt,
        })
        .from(alerts)
        .where(eq(alerts.userId, userId))
        .orderBy(asc(alerts.createdAt), asc(alerts.id));
      const firings = await db
        .select({
          id: alertFirings.id,
          alertId: alertFirings.alertId,
          symbol: alertFirings.symbol,
          repeat: alertFirings.repeat,
          tradingDay: alertFirings.tradingDay,
          title: alertFirings.title,
          message: alertFirings.message,
          value: alertFirings.value,
          firedAt: alertFirings.firedAt,
          emailState: alertFirings.emailState,
        })
        .from(alertFirings)
        .where(eq(alertFirings.userId, userId))
        .orderBy(asc(alertFirings.firedAt), asc(alertFirings.id));
      return { alerts: own.map(plainRow), firings: firings.map(plainRow) };
    },
  };
}
