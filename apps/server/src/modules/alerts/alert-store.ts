import {
  type Alert,
  type AlertFiring,
  alertFiringListLimit,
  barAlertKinds,
  type createAlertSchema,
  earningsAlertKinds,
  isBarAlert,
  quoteAlertKinds,
  type SubscriptionTier,
  type updateAlertSchema,
} from '@tickerwise/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { alertBarChecks, alertFirings, alerts } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { checkOwnedDestinations } from '../integrations/service.ts';
import { tierOf } from '../profiles/service.ts';
import type { BookEntry } from './alert-book.ts';
import { tiersWithAlerts } from './alert-firing.ts';
import { type AlertRow, conditionColumns, toAlert, toFiring } from './alert-rows.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missingAlert = () => notFound('This alert does not exist.');

type CreateAlert = z.output<typeof createAlertSchema>;
type UpdateAlert = z.output<typeof updateAlertSchema>;

const suspendedOn = (tier: SubscriptionTier) => !tiersWithAlerts.includes(tier);

/** The user's alerts (or one symbol's), each saying whether the plan leaves it idle. */
export async function listAlerts(db: Db, userId: string, symbol?: string): Promise<Alert[]> {
  const tier = await tierOf(db, userId);
  const rows = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), symbol ? eq(alerts.symbol, symbol) : undefined))
    .orderBy(alerts.symbol, alerts.createdAt);
  return rows.map((row) => toAlert(row, suspendedOn(tier)));
}

/** Recent firings of the user's alerts, newest first. */
export async function listFirings(
  db: Db,
  userId: string,
  limit = alertFiringListLimit,
): Promise<AlertFiring[]> {
  const rows = await db
    .select()
    .from(alertFirings)
    .where(eq(alertFirings.userId, userId))
    .orderBy(desc(alertFirings.firedAt), desc(alertFirings.id))
    .limit(limit);
  return rows.map(toFiring);
}

export interface AlertStoreDeps {
  db: Db;
  /**
   * The app's clock, which times what firings record for later work (their deliveries); the
   * firings themselves take the market's time.
   */
  clock: Clock;
  room: Pick<EntitlementService, 'requireEntitlement' | 'requireRoomFor'>;
  /** The last stored bar's date of a symbol: indicator alerts start checking after it. */
  lastBarDate: (symbol: string) => Promise<string | null>;
  /** Whether moving-average, RSI and rating alerts can be checked on this server. */
  barAlerts: boolean;
  /** Whether earnings alerts can be checked: the server has an earnings calendar. */
  earningsAlerts: boolean;
}

const barAlertsUnavailable = () =>
  new AppError(
    503,
    'indicator_alerts_unavailable',
    'Moving-average, RSI and rating alerts are not available on this server yet. Price and day-change alerts are.',
  );

const earningsAlertsUnavailable = () =>
  new AppError(
    409,
    'earnings_alerts_unavailable',
    'Earnings alerts need an earnings calendar from Finnhub. This server runs offline on simulated prices, so it has none.',
  );

/** The user's alerts and their firings in the database; every read is scoped to the user. */
export class AlertStore {
  constructor(private readonly deps: AlertStoreDeps) {}

  get db(): Db {
    return this.deps.db;
  }

  get clock(): Clock {
    return this.deps.clock;
  }

  async list(userId: string, symbol?: string): Promise<Alert[]> {
    return listAlerts(this.deps.db, userId, symbol);
  }

  async get(userId: string, id: string): Promise<Alert> {
    const { db } = this.deps;
    const row = await this.row(db, userId, id);
    return toAlert(row, suspendedOn(await tierOf(db, userId)));
  }

  /** Recent firings of the user's alerts, newest first (Recent Activity, the Alerts page). */
  async firings(userId: string, limit = alertFiringListLimit): Promise<AlertFiring[]> {
    return listFirings(this.deps.db, userId, limit);
  }

  async firingsOf(userId: string, alertId: string): Promise<AlertFiring[]> {
    await this.row(this.deps.db, userId, alertId);
    const rows = await this.deps.db
      .select()
      .from(alertFirings)
      .where(and(eq(alertFirings.userId, userId), eq(alertFirings.alertId, alertId)))
      .orderBy(desc(alertFirings.firedAt))
      .limit(alertFiringListLimit);
    return rows.map(toFiring);
  }

  /** 402 when the user's plan has no custom alerts (before anything else is judged). */
  async requireAlerts(userId: string): Promise<void> {
    await this.deps.room.requireEntitlement({ id: userId }, 'customAlerts');
  }

  /**
   * Sets a new alert: 402 without alerts in the plan or with as many as it allows (counted
   * under the user's plan lock, so requests at once cannot pass the limit).
   */
  async create(
    userId: string,
    input: CreateAlert,
    { awaitsCross = false }: { awaitsCross?: boolean } = {},
  ): Promise<Alert> {
    const { db, room } = this.deps;
    const member = { id: userId };
    await room.requireEntitlement(member, 'customAlerts');
    await this.checkOffered(input.symbol, input.condition.kind);
    await checkOwnedDestinations(db, userId, input.destinationIds ?? []);
    const row = await db.transaction(async (tx) => {
      await room.requireRoomFor(tx, member, 'customAlerts', async () => {
        const [row] = await tx
          .select({ count: count() })
          .from(alerts)
          .where(eq(alerts.userId, userId));
        return row?.count ?? 0;
      });
      const [row] = await tx
        .insert(alerts)
        .values({
          userId,
          symbol: input.symbol,
          ...conditionColumns(input.condition),
          repeat: input.repeat,
          note: input.note ?? null,
          awaitsCross,
          // Unless the form says, the user's default for new alerts (Settings > Notifications).
          email:
            input.email ??
            sql<boolean>`coalesce((select alert_email_default from notification_preferences
              where user_id = ${userId}), true)`,
          destinationIds: input.destinationIds ?? [],
        })
        .returning();
      return row!;
    });
    return toAlert(row, false);
  }

  /**
   * Edits, pauses or re-arms an alert. A changed condition or repeat arms it again;
   * `awaitsCross` is set when given (a price alert re-armed past its level, or not).
   */
  async update(
    userId: string,
    id: string,
    input: UpdateAlert,
    { awaitsCross }: { awaitsCross?: boolean } = {},
  ): Promise<Alert> {
    const { db, room } = this.deps;
    await room.requireEntitlement({ id: userId }, 'customAlerts');
    const current = await this.row(db, userId, id);
    if (input.destinationIds) await checkOwnedDestinations(db, userId, input.destinationIds);
    if (input.condition) await this.checkOffered(current.symbol, input.condition.kind);
    const rearm = input.condition !== undefined || input.repeat !== undefined;
    const state = input.state ?? (rearm && current.state === 'fired' ? 'armed' : undefined);
    const [row] = await db
      .update(alerts)
      .set({
        ...(input.condition ? conditionColumns(input.condition) : {}),
        ...(input.repeat ? { repeat: input.repeat } : {}),
        ...(input.note !== undefined ? { note: input.note } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.destinationIds !== undefined ? { destinationIds: input.destinationIds } : {}),
        ...(state ? { state } : {}),
        ...(awaitsCross !== undefined ? { awaitsCross } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
      .returning();
    if (!row) throw missingAlert();
    return toAlert(row, false);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!uuidPattern.test(id)) throw missingAlert();
    const deleted = await this.deps.db
      .delete(alerts)
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
      .returning({ id: alerts.id });
    if (deleted.length === 0) throw missingAlert();
  }

  /** Every armed quote alert, for an instance's book. */
  async armedQuoteAlerts(): Promise<BookEntry[]> {
    const rows = await this.deps.db
      .select({
        id: alerts.id,
        userId: alerts.userId,
        symbol: alerts.symbol,
        kind: alerts.kind,
        level: alerts.level,
        repeat: alerts.repeat,
        lastFiredDay: alerts.lastFiredDay,
        awaitsCross: alerts.awaitsCross,
      })
      .from(alerts)
      .where(and(eq(alerts.state, 'armed'), inArray(alerts.kind, [...quoteAlertKinds])));
    return rows.map((row) => ({ ...row, level: row.level ?? 0 }) as BookEntry);
  }

  /** Armed earnings alerts: what the earnings check judges. */
  async armedEarningsAlerts(): Promise<AlertRow[]> {
    return this.deps.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.state, 'armed'), inArray(alerts.kind, [...earningsAlertKinds])))
      .orderBy(alerts.symbol);
  }

  /** Symbols with an armed alert checked on daily bars. */
  async symbolsWithBarAlerts(): Promise<string[]> {
    const rows = await this.deps.db
      .selectDistinct({ symbol: alerts.symbol })
      .from(alerts)
      .where(and(eq(alerts.state, 'armed'), inArray(alerts.kind, [...barAlertKinds])))
      .orderBy(alerts.symbol);
    return rows.map((row) => row.symbol);
  }

  /** Refuses a kind this server cannot check; a bar alert starts its checks. */
  private async checkOffered(symbol: string, kind: CreateAlert['condition']['kind']) {
    if (kind === 'earnings_within' && !this.deps.earningsAlerts) {
      throw earningsAlertsUnavailable();
    }
    if (isBarAlert(kind)) {
      if (!this.deps.barAlerts) throw barAlertsUnavailable();
      await this.startBarChecks(symbol);
    }
  }

  /**
   * A symbol's indicator alerts start with the next bar after the last stored one: a cross
   * that happened before the alert was set does not set it off.
   */
  private async startBarChecks(symbol: string): Promise<void> {
    const through = await this.deps.lastBarDate(symbol);
    if (!through) return;
    await this.deps.db
      .insert(alertBarChecks)
      .values({ symbol, checkedThrough: through })
      .onConflictDoUpdate({
        target: alertBarChecks.symbol,
        set: {
          checkedThrough: sql`greatest(${alertBarChecks.checkedThrough}, excluded.checked_through)`,
        },
      });
  }

  private async row(db: Db, userId: string, id: string): Promise<AlertRow> {
    if (!uuidPattern.test(id)) throw missingAlert();
    const [row] = await db
      .select()
      .from(alerts)
      .where(and(eq(alerts.id, id), eq(alerts.userId, userId)));
    if (!row) throw missingAlert();
    return row;
  }
}
