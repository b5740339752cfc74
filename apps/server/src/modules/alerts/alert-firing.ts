import { randomUUID } from 'node:crypto';
import { hasFeature, stockPath, subscriptionTiers } from '@tickerwise/shared';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { alertFirings, notifications, teamMembers } from '../../db/schema/index.ts';
import { recordAlertDeliveries } from '../integrations/service.ts';
import { type AlertRow, conditionOf } from './alert-rows.ts';
import {
  type FiringFigures,
  firingMessage,
  firingTitle,
  type ReportFigures,
} from './alert-texts.ts';

/** An alert whose condition a quote, a bar or a report date met, with the figures that met it. */
export interface FiringCandidate {
  id: string;
  /**
   * The level the caller judged against: an alert edited in the meantime is not fired on its
   * old level. Undefined when the caller read the alert in the same transaction.
   */
  level?: number | null;
  figures: FiringFigures | ReportFigures;
  /** The number stored with the firing (price, change, average, RSI; none for a report). */
  value: number | null;
}

/** One alert that fired: whom it reached, and the notification of its owner (or first member). */
export interface FiredAlert {
  alertId: string;
  userId: string;
  symbol: string;
  title: string;
  notificationId: string;
  /** Everyone it reached: its owner, or every member of its team. */
  reached: string[];
}

/** Plans whose alerts are checked; a user who moved to a plan without alerts keeps them idle. */
export const tiersWithAlerts = subscriptionTiers.filter((tier) => hasFeature(tier, 'customAlerts'));

const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/**
 * Fires alerts exactly once: one UPDATE moves each from armed to fired (a once-alert) or
 * stamps today's trading day on it (a daily one, which only matches on a later day). Row locks
 * make that a single transition however many instances try at once: only the transaction that
 * made it gets the row back, and only it records the firing and the user's notification, in
 * the same transaction. A team alert's firing reaches every member of its team (Viewer and up)
 * as the team is then: a firing row and a notification each, and its email with each member's
 * own alert emails; its destinations get one delivery, whoever it reached. The notification reaches the user's open pages through the
 * notifications table's change announcement; a firing of an alert that sends email waits,
 * marked pending, for the user's next alert email.
 *
 * `at` is the market's time of the quote or bar that met the condition (the firing's time, the
 * event's); `now` is the app clock's, which times the firing's deliveries to its destinations
 * (made and first due then, retried for 24 hours from then). The two differ when a simulated
 * market runs at another instant (`SIMULATED_MARKET_START`).
 */
export async function fireAlerts(
  db: Db,
  candidates: readonly FiringCandidate[],
  tradingDay: string,
  at: Date,
  now: Date,
): Promise<FiredAlert[]> {
  if (candidates.length === 0) return [];
  const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const ids = arrayLiteral(candidates.map((candidate) => candidate.id));
  // NaN stands for "any level": float8 NaN equals only itself in PostgreSQL.
  const levels = arrayLiteral(
    candidates.map((candidate) =>
      candidate.level === undefined || candidate.level === null ? 'NaN' : candidate.level,
    ),
  );
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update alerts as a set
        state = case when a.repeat = 'once' then 'fired' else a.state end,
        last_fired_at = ${at.toISOString()}::timestamptz,
        last_fired_day = ${tradingDay}::date,
        awaits_cross = false,
        updated_at = now()
      from unnest(${ids}::uuid[], ${levels}::float8[]) as judged(id, level)
      where a.id = judged.id
        and (judged.level = 'NaN'::float8 or a.level = judged.level)
        and a.state = 'armed'
        and (a.repeat = 'once' or a.last_fired_day is null or a.last_fired_day < ${tradingDay}::date)
        and exists (
          select 1 from profiles p
          -- A team's alert is checked under the team's plan: its owner's.
          where p.id = coalesce((select t.owner_id from teams t where t.id = a.team_id), a.user_id)
            and p.subscription_tier::text = any(${arrayLiteral(tiersWithAlerts)}::text[])
        )
      returning a.id, a.user_id as "userId", a.team_id as "teamId", a.symbol, a.kind, a.level, a.period, a.rating,
        a.repeat, a.note, a.email, array_to_json(a.destination_ids) as "destinationIds",
        (select t.name from teams t where t.id = a.team_id) as "teamName"`);
    const fired = rowsOf<
      Pick<AlertRow, 'id' | 'userId' | 'teamId' | 'symbol' | 'kind' | 'level' | 'period'> &
        Pick<AlertRow, 'rating'> &
        Pick<AlertRow, 'repeat' | 'note' | 'email' | 'destinationIds'> & {
          teamName: string | null;
        }
    >(result);
    if (fired.length === 0) return [];
    const reaches = await recipientsOf(tx, fired);
    const texts = fired.map((row) => {
      const candidate = byId.get(row.id)!;
      const condition = conditionOf(row);
      const message = firingMessage(row.symbol, condition, candidate.figures, row.note);
      return {
        row,
        candidate,
        title: firingTitle(row.symbol, condition, candidate.figures),
        // A member who did not set it is told whose alert it is.
        message: row.teamName ? `${message} A team alert of ${row.teamName}.` : message,
      };
    });
    const firingRows = texts.flatMap(({ row, candidate, title, message }) =>
      reaches(row).map((userId) => ({
        // Made here, so the rows recorded are told by their ids, not by the order they return.
        id: randomUUID(),
        alert_id: row.id,
        user_id: userId,
        symbol: row.symbol,
        repeat: row.repeat,
        title,
        message,
        value: candidate.value,
        // Waits for the person's next alert email (`modules/alert-mail` groups them and
        // sends it only to a confirmed address while they want alert emails).
        email_state: row.email ? 'pending' : null,
      })),
    );
    if (firingRows.length === 0) return [];
    // One JSON parameter for every row: a statement the same whatever the count, with no
    // query building per value (hundreds of firings come from one quote).
    const inserted = await tx.execute(sql`
      insert into ${alertFirings} (id, alert_id, user_id, symbol, repeat, trading_day, title,
        message, value, fired_at, email_state)
      select f.id, f.alert_id, f.user_id, f.symbol, f.repeat, ${tradingDay}::date, f.title,
        f.message, f.value, ${at.toISOString()}::timestamptz, f.email_state
      from jsonb_to_recordset(${JSON.stringify(firingRows)}::jsonb) as f(id uuid, alert_id uuid,
        user_id text, symbol text, repeat text, title text, message text, value float8,
        email_state text)
      on conflict do nothing
      returning id`);
    const recordedIds = new Set(rowsOf<{ id: string }>(inserted).map((row) => row.id));
    const recordedOf = new Map<string, { id: string; userId: string }[]>();
    for (const firing of firingRows) {
      if (!recordedIds.has(firing.id)) continue;
      const list = recordedOf.get(firing.alert_id);
      const recorded = { id: firing.id, userId: firing.user_id };
      if (list) list.push(recorded);
      else recordedOf.set(firing.alert_id, [recorded]);
    }
    const toNotify = texts.filter(({ row }) => recordedOf.has(row.id));
    if (toNotify.length === 0) return [];
    // The firing its destinations' deliveries point at: the alert owner's row (or, should the
    // owner no longer be in the team, the first member's).
    const mainFiring = (row: { id: string; userId: string }) => {
      const rows = recordedOf.get(row.id)!;
      return rows.find((firing) => firing.userId === row.userId) ?? rows[0]!;
    };
    // Its destinations' deliveries, written now and sent by their jobs (`modules/integrations`):
    // once per firing, however many members it reached.
    await recordAlertDeliveries(
      tx,
      toNotify.map(({ row, candidate, title, message }) => ({
        userId: row.userId,
        teamId: row.teamId ?? null,
        destinationIds: row.destinationIds ?? [],
        alertId: row.id,
        firingId: mainFiring(row).id,
        symbol: row.symbol,
        title,
        message,
        value: candidate.value,
        tradingDay,
        firedAt: at.toISOString(),
      })),
      now,
    );
    const notices = toNotify.flatMap(({ row, title, message }) =>
      recordedOf.get(row.id)!.map((firing) => ({
        id: randomUUID(),
        alertId: row.id,
        title,
        message,
        link: stockPath(row.symbol),
        userId: firing.userId,
      })),
    );
    await tx.execute(sql`
      insert into ${notifications} (id, title, message, link, user_id)
      select n.id, n.title, n.message, n.link, n."userId"
      from jsonb_to_recordset(${JSON.stringify(notices)}::jsonb) as n(id uuid, title text,
        message text, link text, "userId" text)`);
    const notificationOf = new Map(
      notices.map((notice) => [`${notice.alertId} ${notice.userId}`, notice.id]),
    );
    return toNotify.map(({ row, title }) => {
      const main = mainFiring(row);
      return {
        alertId: row.id,
        userId: main.userId,
        symbol: row.symbol,
        title,
        notificationId: notificationOf.get(`${row.id} ${main.userId}`)!,
        reached: recordedOf.get(row.id)!.map((firing) => firing.userId),
      };
    });
  });
}

/**
 * Whom each fired alert reaches: a personal alert its owner; a team alert every member of its
 * team (read in the firing's transaction, so a member removed before it gets nothing).
 */
async function recipientsOf(
  tx: Db,
  fired: readonly { userId: string; teamId: string | null }[],
): Promise<(row: { userId: string; teamId: string | null }) => string[]> {
  const teamIds = [...new Set(fired.flatMap((row) => (row.teamId ? [row.teamId] : [])))];
  const members = new Map<string, string[]>();
  if (teamIds.length > 0) {
    const rows = await tx
      .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
      .from(teamMembers)
      .where(inArray(teamMembers.teamId, teamIds))
      .orderBy(asc(teamMembers.userId));
    for (const { teamId, userId } of rows) {
      members.set(teamId, [...(members.get(teamId) ?? []), userId]);
    }
  }
  return (row) => (row.teamId ? (members.get(row.teamId) ?? []) : [row.userId]);
}
