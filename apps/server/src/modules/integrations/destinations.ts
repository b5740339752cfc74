import {
  type CreatedDestination,
  type createDestinationSchema,
  type Destination,
  type DestinationKind,
  type DestinationList,
  hasFeature,
  maxDestinationsPerAccount,
  type updateDestinationSchema,
} from '@tickerwise/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { alertDestinations, alerts } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { lockTier, tierOf } from '../profiles/service.ts';
import {
  AddressRefused,
  addressRefusedError,
  checkUrl,
  resolveTarget,
  type TargetPolicy,
} from './address-guard.ts';
import { missingDestination } from './deliveries.ts';
import { newSigningSecret, type Sealer } from './signing.ts';

type CreateDestination = z.output<typeof createDestinationSchema>;
type UpdateDestination = z.output<typeof updateDestinationSchema>;
type DestinationRow = typeof alertDestinations.$inferSelect;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where Slack's and Discord's incoming webhooks live: their addresses are checked for it. */
const kindHosts: Record<Exclude<DestinationKind, 'webhook'>, { hosts: string[]; path: RegExp }> = {
  slack: { hosts: ['hooks.slack.com'], path: /^\/services\// },
  discord: {
    hosts: ['discord.com', 'discordapp.com', 'canary.discord.com', 'ptb.discord.com'],
    path: /^\/api\/webhooks\//,
  },
};

const kindNames: Record<DestinationKind, string> = {
  webhook: 'webhook',
  slack: 'Slack incoming webhook',
  discord: 'Discord webhook',
};

/**
 * The address as lists show it: a webhook's origin and path (its query may hold a token), a
 * Slack or Discord address with its key cut to the last four characters.
 */
export function displayUrlOf(kind: DestinationKind, url: URL): string {
  if (kind === 'webhook') return `${url.origin}${url.pathname === '/' ? '' : url.pathname}`;
  const tail = url.pathname.slice(-4);
  const head = url.pathname
    .split('/')
    .slice(0, kind === 'slack' ? 2 : 3)
    .join('/');
  return `${url.origin}${head}/…${tail}`;
}

function toDestination(row: DestinationRow): Destination {
  return {
    id: row.id,
    kind: row.kind as DestinationKind,
    name: row.name,
    displayUrl: row.displayUrl,
    enabled: row.disabledReason === null,
    disabledReason: row.disabledReason as Destination['disabledReason'],
    failingSince: row.failingSince?.toISOString() ?? null,
    lastDeliveredAt: row.lastDeliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface DestinationStoreDeps {
  db: Db;
  clock: Clock;
  sealer: Sealer;
  policy: TargetPolicy;
  room: Pick<EntitlementService, 'requireEntitlement'>;
}

/** A user's alert destinations; every read and write is scoped to the user. */
export class DestinationStore {
  constructor(private readonly deps: DestinationStoreDeps) {}

  async list(userId: string): Promise<DestinationList> {
    const { db } = this.deps;
    const rows = await db
      .select()
      .from(alertDestinations)
      .where(eq(alertDestinations.userId, userId))
      .orderBy(asc(alertDestinations.createdAt), asc(alertDestinations.id));
    return {
      destinations: rows.map(toDestination),
      limit: maxDestinationsPerAccount,
      included: hasFeature(await tierOf(db, userId), 'integrations'),
    };
  }

  /**
   * Adds a destination: 402 without integrations in the plan, 400 for an address that is not
   * https on a public address (or not Slack's or Discord's for those kinds), 409 past the
   * limit (counted under the user's profile lock, so requests at once cannot pass it).
   */
  async create(userId: string, input: CreateDestination): Promise<CreatedDestination> {
    const { db, clock, sealer, policy, room } = this.deps;
    await room.requireEntitlement({ id: userId }, 'integrations');
    let url: URL;
    try {
      url = checkUrl(input.url, policy);
      const expected = input.kind === 'webhook' ? undefined : kindHosts[input.kind];
      if (
        expected &&
        (!expected.hosts.includes(url.hostname) || !expected.path.test(url.pathname))
      ) {
        throw new AddressRefused(
          `This is not a ${kindNames[input.kind]} address: it starts with https://${expected.hosts[0]}${input.kind === 'slack' ? '/services/' : '/api/webhooks/'}.`,
        );
      }
      await resolveTarget(url, policy);
    } catch (error) {
      if (error instanceof AddressRefused) throw addressRefusedError(error);
      throw error;
    }
    const secret = input.kind === 'webhook' ? newSigningSecret() : null;
    const row = await db.transaction(async (tx) => {
      await lockTier(tx, userId);
      const [held] = await tx
        .select({ count: count() })
        .from(alertDestinations)
        .where(eq(alertDestinations.userId, userId));
      if ((held?.count ?? 0) >= maxDestinationsPerAccount) {
        throw new AppError(
          409,
          'destination_limit_reached',
          `An account can have at most ${maxDestinationsPerAccount} destinations. Delete one to add another.`,
        );
      }
      const [row] = await tx
        .insert(alertDestinations)
        .values({
          userId,
          kind: input.kind,
          name: input.name,
          urlSealed: sealer.seal(url.href),
          displayUrl: displayUrlOf(input.kind, url),
          secretSealed: secret ? sealer.seal(secret) : null,
          createdAt: clock(),
        })
        .returning();
      return row!;
    });
    return { destination: toDestination(row), secret };
  }

  /** Renames it, or turns it on (its failures forgotten) or off. */
  async update(userId: string, id: string, input: UpdateDestination): Promise<Destination> {
    await this.row(userId, id);
    const { db, clock } = this.deps;
    const [row] = await db
      .update(alertDestinations)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.enabled === true
          ? { disabledReason: null, disabledAt: null, failingSince: null }
          : input.enabled === false
            ? {
                disabledReason: sql`coalesce(${alertDestinations.disabledReason}, 'user')`,
                disabledAt: sql`coalesce(${alertDestinations.disabledAt}, ${clock().toISOString()}::timestamptz)`,
              }
            : {}),
      })
      .where(and(eq(alertDestinations.id, id), eq(alertDestinations.userId, userId)))
      .returning();
    if (!row) throw missingDestination();
    return toDestination(row);
  }

  /** Deletes it with its log; alerts that posted to it stop naming it. */
  async delete(userId: string, id: string): Promise<void> {
    await this.row(userId, id);
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(alerts)
        .set({ destinationIds: sql`array_remove(${alerts.destinationIds}, ${id}::uuid)` })
        .where(and(eq(alerts.userId, userId), sql`${id}::uuid = any(${alerts.destinationIds})`));
      const deleted = await tx
        .delete(alertDestinations)
        .where(and(eq(alertDestinations.id, id), eq(alertDestinations.userId, userId)))
        .returning({ id: alertDestinations.id });
      if (deleted.length === 0) throw missingDestination();
    });
  }

  private async row(userId: string, id: string): Promise<DestinationRow> {
    if (!uuidPattern.test(id)) throw missingDestination();
    const [row] = await this.deps.db
      .select()
      .from(alertDestinations)
      .where(and(eq(alertDestinations.id, id), eq(alertDestinations.userId, userId)));
    if (!row) throw missingDestination();
    return row;
  }
}

/**
 * Which of `ids` are destinations of the user's: the alerts module checks an alert's choice
 * with it (400 for an id that is not the user's).
 */
export async function checkOwnedDestinations(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: alertDestinations.id })
    .from(alertDestinations)
    .where(
      and(
        eq(alertDestinations.userId, userId),
        sql`${alertDestinations.id} = any(${`{${ids.join(',')}}`}::uuid[])`,
      ),
    );
  if (rows.length !== new Set(ids).size) {
    throw new AppError(400, 'validation_failed', 'Choose destinations from your integrations.', {
      destinationIds: 'Choose destinations from your integrations.',
    });
  }
}
