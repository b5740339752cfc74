import {
  type Alert,
  type AlertFiring,
  alertFiringListLimit,
  barAlertKinds,
  type createAlertSchema,
  describeAlertCondition,
  earningsAlertKinds,
  isBarAlert,
  quoteAlertKinds,
  type SubscriptionTier,
  type updateAlertSchema,
} from '@tickerwise/shared';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { alertBarChecks, alertFirings, alerts } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { checkOwnedDestinations } from '../integrations/service.ts';
import { tierOf } from '../profiles/service.ts';
import {
  announceToTeam,
  type Membership,
  membershipOf,
  recordTeamEvent,
  refuseSharedChange,
  requireSharingMove,
  sharedThingAccess,
  teamIdOf,
} from '../teams/service.ts';
import type { BookEntry } from './alert-book.ts';
import { tiersWithAlerts } from './alert-firing.ts';
import { type AlertRow, conditionColumns, conditionOf, toAlert, toFiring } from './alert-rows.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missingAlert = () => notFound('This alert does not exist.');

type CreateAlert = z.output<typeof createAlertSchema>;
type UpdateAlert = z.output<typeof updateAlertSchema>;

const suspendedOn = (tier: SubscriptionTier) => !tiersWithAlerts.includes(tier);

/** How the audit log names an alert: its symbol and condition. */
const alertName = (row: AlertRow) => `${row.symbol}: ${describeAlertCondition(conditionOf(row))}`;

/**
 * The user's alerts and their team's (or one symbol's), each saying whether its plan leaves it
 * idle: the user's for their own, the team owner's for the team's (docs/PRODUCT.md §3.26).
 */
export async function listAlerts(db: Db, userId: string, symbol?: string): Promise<Alert[]> {
  const tier = await tierOf(db, userId);
  const rows = await db
    .select()
    .from(alerts)
    .where(
      and(
        or(
          and(eq(alerts.userId, userId), isNull(alerts.teamId)),
          eq(alerts.teamId, teamIdOf(userId)),
        ),
        symbol ? eq(alerts.symbol, symbol) : undefined,
      ),
    )
    .orderBy(alerts.symbol, alerts.createdAt);
  const membership = rows.some((row) => row.teamId) ? await membershipOf(db, userId) : null;
  return rows.map((row) =>
    row.teamId && membership
      ? toAlert(row, suspendedOn(membership.ownerTier), sharedOf(row, membership, userId))
      : toAlert(row, suspendedOn(tier)),
  );
}

/** How an alert of the user's team says so. */
function sharedOf(row: AlertRow, membership: Membership, userId: string): Alert['shared'] {
  return {
    teamName: membership.teamName,
    role: membership.role,
    readOnly: membership.readOnly,
    mine: row.userId === userId,
  };
}

/** An alert the user reached, and their place in its team when it is the team's. */
interface ReachedAlert {
  row: AlertRow;
  membership: Membership | null;
}

/** The user's personal alerts, as their plan's limit counts them. */
const personalAlerts = (userId: string) => and(eq(alerts.userId, userId), isNull(alerts.teamId));

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
    const { row, membership } = await this.reach(db, userId, id, 'read');
    return membership
      ? toAlert(row, suspendedOn(membership.ownerTier), sharedOf(row, membership, userId))
      : toAlert(row, suspendedOn(await tierOf(db, userId)));
  }

  /** Recent firings of the user's alerts, newest first (Recent Activity, the Alerts page). */
  async firings(userId: string, limit = alertFiringListLimit): Promise<AlertFiring[]> {
    return listFirings(this.deps.db, userId, limit);
  }

  /**
   * The alert's firings: the user's own alert's, or their team's alert's (whoever made it),
   * each once however many members it reached (the user's own row when it reached them).
   */
  async firingsOf(userId: string, alertId: string): Promise<AlertFiring[]> {
    const { row } = await this.reach(this.deps.db, userId, alertId, 'read');
    if (!row.teamId) {
      const rows = await this.deps.db
        .select()
        .from(alertFirings)
        .where(and(eq(alertFirings.userId, userId), eq(alertFirings.alertId, alertId)))
        .orderBy(desc(alertFirings.firedAt))
        .limit(alertFiringListLimit);
      return rows.map(toFiring);
    }
    const rows = await this.deps.db
      .selectDistinctOn([alertFirings.firedAt])
      .from(alertFirings)
      .where(eq(alertFirings.alertId, alertId))
      .orderBy(
        desc(alertFirings.firedAt),
        desc(sql`${alertFirings.userId} = ${userId}`),
        asc(alertFirings.id),
      )
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
          .where(personalAlerts(userId));
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
    const { row: current, membership } = await this.reach(db, userId, id, 'change');
    // A team's alert is used under the team's plan: its owner's.
    await room.requireEntitlement({ id: membership?.ownerId ?? userId }, 'customAlerts');
    if (input.destinationIds) {
      await checkOwnedDestinations(db, userId, input.destinationIds, { teamId: current.teamId });
    }
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
      .where(eq(alerts.id, current.id))
      .returning();
    if (!row) throw missingAlert();
    if (row.teamId) await announceToTeam(db, row.teamId, ['alerts']);
    return toAlert(row, false, membership ? sharedOf(row, membership, userId) : null);
  }

  /** Deletes the user's alert, or their team's as Editor and up (in the team's audit log). */
  async delete(actor: { id: string; name: string }, id: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const { row } = await this.reach(tx, actor.id, id, 'change', true);
      await tx.delete(alerts).where(eq(alerts.id, row.id));
      if (row.teamId) {
        await recordTeamEvent(tx, {
          teamId: row.teamId,
          actor,
          action: 'alert_deleted',
          details: { alert: alertName(row) },
          at: this.deps.clock(),
        });
        await announceToTeam(tx, row.teamId, ['alerts']);
      }
    });
  }

  /**
   * Moves a personal alert into the user's team, or a team alert back out: its maker only, as
   * Editor or above while the team can be changed. It then counts against the plan of the
   * team's owner (in) or of its maker (out), counted under that plan's lock, and keeps only
   * the destinations it may post to there (the team's, or the maker's own).
   */
  async share(actor: { id: string; name: string }, id: string, shared: boolean): Promise<Alert> {
    const { db, room, clock } = this.deps;
    await db.transaction(async (tx) => {
      const { row } = await this.reach(tx, actor.id, id, 'read', true);
      const membership = await requireSharingMove(tx, actor.id, row, shared, {
        noun: 'alert',
        code: 'not_alert_maker',
        maker: 'set',
      });
      if (!membership) return;
      const teamId = membership.teamId;
      const holder = shared ? membership.ownerId : actor.id;
      await room.requireRoomFor(tx, { id: holder }, 'customAlerts', async () => {
        const [counted] = await tx
          .select({ count: count() })
          .from(alerts)
          .where(shared ? eq(alerts.teamId, teamId) : personalAlerts(actor.id));
        return counted?.count ?? 0;
      });
      // Only destinations of where it goes: the team's, or the maker's own.
      const kept = sql`array(select d.id from alert_destinations d
        where d.id = any(alerts.destination_ids)
          and ${shared ? sql`d.team_id = ${teamId}` : sql`d.team_id is null and d.user_id = ${actor.id}`})`;
      await tx
        .update(alerts)
        .set({ teamId: shared ? teamId : null, destinationIds: kept, updatedAt: sql`now()` })
        .where(eq(alerts.id, row.id));
      await recordTeamEvent(tx, {
        teamId,
        actor,
        action: shared ? 'alert_shared' : 'alert_unshared',
        details: { alert: alertName(row) },
        at: clock(),
      });
      await announceToTeam(tx, teamId, ['alerts']);
    });
    return this.get(actor.id, id);
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

  /** 403 or 409 unless the user may change the alert (404 when they may not see it). */
  async requireChange(userId: string, id: string): Promise<void> {
    await this.reach(this.deps.db, userId, id, 'change');
  }

  /**
   * The alert, when the user may `need` it: their own personal alert, or one of their team
   * (read by any member; changed per `sharedThingAccess`). Anything else is "not found".
   */
  private async reach(
    db: Db,
    userId: string,
    id: string,
    need: 'read' | 'change',
    lock = false,
  ): Promise<ReachedAlert> {
    if (!uuidPattern.test(id)) throw missingAlert();
    const query = db.select().from(alerts).where(eq(alerts.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw missingAlert();
    if (row.teamId === null) {
      if (row.userId !== userId) throw missingAlert();
      return { row, membership: null };
    }
    const access = await sharedThingAccess(db, userId, row.teamId);
    if (!access) throw missingAlert();
    if (need === 'change' && !access.canChange) refuseSharedChange(access.membership);
    return { row, membership: access.membership };
  }
}
