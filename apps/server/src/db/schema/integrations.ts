import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { alertFirings } from './alerts.ts';
import { user } from './auth.ts';
import { teams } from './teams.ts';

/**
 * Where a user's alert firings go besides the app and email (`modules/integrations`): an https
 * webhook, a Slack or a Discord incoming webhook. The address and the signing secret are kept
 * encrypted (AES-256-GCM under a key derived from the server's auth secret, ADR 0043); only
 * `displayUrl`, the address with its secret parts hidden, is kept in the clear.
 */
export const alertDestinations = pgTable(
  'alert_destinations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Its owner, or for a team's destination the member who added it. */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * The team the destination belongs to (docs/PRODUCT.md §3.26), or null for the user's own:
     * managed by the team's Admins and Owner, chosen by its Editors and up; it goes with the team.
     */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** `webhook`, `slack` or `discord`. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    urlSealed: text('url_sealed').notNull(),
    displayUrl: text('display_url').notNull(),
    /** The `whsec_...` signing secret, sealed; webhooks only. */
    secretSealed: text('secret_sealed'),
    /** Null while on; `failing` (3 days of failures) or `user` when turned off. */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failed attempt since the last one that went through. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('alert_destinations_user_idx').on(table.userId, table.createdAt),
    index('alert_destinations_team_idx').on(table.teamId, table.createdAt),
  ],
);

/**
 * The outbox of alert destinations: one row per event and destination, written in the
 * transaction that records the firing, and sent by the job `integrations.deliver` (key: the
 * row's id). `state` is pending until an attempt goes through (delivered) or the 24 hours of
 * retries run out (failed): no delivery disappears without a row saying what became of it.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    destinationId: uuid('destination_id')
      .notNull()
      .references(() => alertDestinations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    firingId: uuid('firing_id').references(() => alertFirings.id, { onDelete: 'set null' }),
    /** The `webhook-id` header: `msg_` and 32 hex digits; a resend keeps it. */
    eventId: text('event_id').notNull(),
    /** `alert.fired` or `test`. */
    type: text('type').notNull(),
    /** The event's `data`, from which each attempt renders the same body. */
    data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
    /** When the event happened: the body's `timestamp`. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    latencyMs: integer('latency_ms'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('alert_deliveries_destination_idx').on(table.destinationId, table.createdAt),
    index('alert_deliveries_user_idx').on(table.userId),
    // The sweep for deliveries whose job was lost reads only the pending ones.
    index('alert_deliveries_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'pending'`),
  ],
);
