import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertDeliveries, alertDestinations } from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/**
 * The user's alert destinations and their delivery logs in the data export: no address in
 * full and no signing secret (they are keys), only what the screens show.
 */
export function integrationsDataPart(db: Db): UserDataPart {
  return {
    name: 'integrations',
    tables: [alertDestinations, alertDeliveries],
    async collect(userId) {
      const destinations = await db
        .select({
          id: alertDestinations.id,
          kind: alertDestinations.kind,
          name: alertDestinations.name,
          displayUrl: alertDestinations.displayUrl,
          disabledReason: alertDestinations.disabledReason,
          disabledAt: alertDestinations.disabledAt,
          failingSince: alertDestinations.failingSince,
          lastDeliveredAt: alertDestinations.lastDeliveredAt,
          createdAt: alertDestinations.createdAt,
        })
        .from(alertDestinations)
        .where(eq(alertDestinations.userId, userId))
        .orderBy(asc(alertDestinations.createdAt));
      const deliveries = await db
        .select({
          id: alertDeliveries.id,
          destinationId: alertDeliveries.destinationId,
          eventId: alertDeliveries.eventId,
          type: alertDeliveries.type,
          data: alertDeliveries.data,
          state: alertDeliveries.state,
          attempts: alertDeliveries.attempts,
          responseStatus: alertDeliveries.responseStatus,
          latencyMs: alertDeliveries.latencyMs,
          lastError: alertDeliveries.lastError,
          createdAt: alertDeliveries.createdAt,
          lastAttemptAt: alertDeliveries.lastAttemptAt,
          deliveredAt: alertDeliveries.deliveredAt,
        })
        .from(alertDeliveries)
        .where(eq(alertDeliveries.userId, userId))
        .orderBy(asc(alertDeliveries.createdAt));
      return { destinations: destinations.map(plainRow), deliveries: deliveries.map(plainRow) };
    },
  };
}
