import {
  type CreatedDestination,
  type createDestinationSchema,
  type Destination,
  type DestinationKind,
  type DestinationList,
  hasFeature,
  maxDestinationsPerAccount,
  roleAtLeast,
  type TeamDestinations,
  type updateDestinationSchema,
} from '@tickerwise/shared';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { alertDestinations, alerts } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { lockTier, tierOf } from '../profiles/service.ts';
import {
  announceToTeam,
  membershipOf,
  readOnlyMessage,
  recordTeamEvent,
  requireTeamRight,
} from '../teams/service.ts';
import {
  AddressRefused,
  addressRefusedError,
  checkUrl,
  resolveTarget,
  type TargetPolicy,
} from './address-guard.ts';
import { type DestinationRow, missingDestination, reachDestination } from './destination-access.ts';
import { newSigningSecret, type Sealer } from './signing.ts';

type CreateDestination = z.output<typeof createDestinationSchema>;
type UpdateDestination = z.output<typeof updateDestinationSchema>;

/** Who is acting: a change to a team's destination is written to its audit log. */
interface Actor {
  id: string;
  name: string;
}

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
    team: row.teamId !== null,
  };
}

const limitReached = (whose: string) =>
  new AppError(
    409,
    'destination_limit_reached',
    `${whose} can have at most ${maxDestinationsPerAccount} destinations. Delete one to add another.`,
  );

export interface DestinationStoreDeps {
  db: Db;
  clock: Clock;
  sealer: Sealer;
  policy: TargetPolicy;
  room: Pick<EntitlementService, 'requireEntitlement'>;
}

/**
 * A user's alert destinations, and their team's (docs/PRODUCT.md §3.26): every read and write
 * goes through `reachDestination`, which says who may do what.
 */
export class DestinationStore {
  constructor(private readonly deps: DestinationStoreDeps) {}

  async list(userId: string): Promise<DestinationList> {
    const { db } = this.deps;
    const rows = await db
      .select()
      .from(alertDestinations)
      .where(and(eq(alertDestinations.userId, userId), isNull(alertDestinations.teamId)))
      .orderBy(asc(alertDestinations.createdAt), asc(alertDestinations.id));
    return {
      destinations: rows.map(toDestination),
      limit: maxDestinationsPerAccount,
      included: hasFeature(await tierOf(db, userId), 'integrations'),
      team: await this.teamList(userId),
    };
  }

  private async teamList(userId: string): Promise<TeamDestinations | null> {
    const { db } = this.deps;
    const membership = await membershipOf(db, userId);
    if (!membership) return null;
    const rows = await db
      .select()
      .from(alertDestinations)
      .where(eq(alertDestinations.teamId, membership.teamId))
      .orderBy(asc(alertDestinations.createdAt), asc(alertDestinations.id));
    const included = hasFeature(membership.ownerTier, 'integrations');
    const open = !membership.readOnly && included;
    return {
      teamName: membership.teamName,
      role: membership.role,
      destinations: rows.map(toDestination),
      canManage: open && roleAtLeast(membership.role, 'admin'),
      canUse: open && roleAtLeast(membership.role, 'editor'),
      readOnly: membership.readOnly ? readOnlyMessage(membership.ownerTier) : null,
      included,
    };
  }

  /**
   * Adds a destination: 402 without integrations in the plan (the team's owner's, for a team
   * destination), 400 for an address that is not https on a public address (or not Slack's or
   * Discord's for those kinds), 409 past the limit, counted under the user's profile lock or
   * the team's row lock, so requests at once cannot pass it. A team destination takes an Admin
   * or the Owner and is written to the team's audit log.
   */
  async create(actor: Actor, input: CreateDestination): Promise<CreatedDestination> {
    const { db, clock, sealer, policy, room } = this.deps;
    if (input.team) {
      const membership = await requireTeamRight(db, actor.id, 'manage', { change: true });
      await room.requireEntitlement({ id: membership.ownerId }, 'integrations');
    } else {
      await room.requireEntitlement({ id: actor.id }, 'integrations');
    }
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
      let teamId: string | null = null;
      if (input.team) {
        // The team's row, locked: destinations are counted under it, as seats are.
        const membership = await requireTeamRight(tx, actor.id, 'manage', {
          change: true,
          lock: true,
        });
        teamId = membership.teamId;
      } else {
        await lockTier(tx, actor.id);
      }
      const [held] = await tx
        .select({ count: count() })
        .from(alertDestinations)
        .where(
          teamId
            ? eq(alertDestinations.teamId, teamId)
            : and(eq(alertDestinations.userId, actor.id), isNull(alertDestinations.teamId)),
        );
      if ((held?.count ?? 0) >= maxDestinationsPerAccount) {
        throw limitReached(teamId ? 'A team' : 'An account');
      }
      const now = clock();
      const [row] = await tx
        .insert(alertDestinations)
        .values({
          userId: actor.id,
          teamId,
          kind: input.kind,
          name: input.name,
          urlSealed: sealer.seal(url.href),
          displayUrl: displayUrlOf(input.kind, url),
          secretSealed: secret ? sealer.seal(secret) : null,
          createdAt: now,
        })
        .returning();
      if (teamId) {
        await recordTeamEvent(tx, {
          teamId,
          actor,
          action: 'destination_added',
          details: { destination: input.name, kind: kindNames[input.kind] },
          at: now,
        });
        await announceToTeam(tx, teamId, ['integrations']);
      }
      return row!;
    });
    return { destination: toDestination(row), secret };
  }

  /** Renames it, or turns it on (its failures forgotten) or off. */
  async update(userId: string, id: string, input: UpdateDestination): Promise<Destination> {
    const { row: found } = await reachDestination(this.deps.db, userId, id, 'manage');
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
      .where(eq(alertDestinations.id, found.id))
      .returning();
    if (!row) throw missingDestination();
    if (row.teamId) await announceToTeam(db, row.teamId, ['integrations']);
    return toDestination(row);
  }

  /**
   * Deletes it with its log; alerts that posted to it stop naming it (every member's alerts,
   * for a team's destination, whose deletion goes in the audit log).
   */
  async delete(actor: Actor, id: string): Promise<void> {
    const { row } = await reachDestination(this.deps.db, actor.id, id, 'manage');
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(alerts)
        .set({ destinationIds: sql`array_remove(${alerts.destinationIds}, ${id}::uuid)` })
        .where(
          and(
            row.teamId ? undefined : eq(alerts.userId, actor.id),
            sql`${id}::uuid = any(${alerts.destinationIds})`,
          ),
        );
      const deleted = await tx
        .delete(alertDestinations)
        .where(eq(alertDestinations.id, id))
        .returning({ id: alertDestinations.id });
      if (deleted.length === 0) throw missingDestination();
      if (row.teamId) {
        await recordTeamEvent(tx, {
          teamId: row.teamId,
          actor,
          action: 'destination_deleted',
          details: { destination: row.name },
          at: this.deps.clock(),
        });
        await announceToTeam(tx, row.teamId, ['integrations', 'alerts']);
      }
    });
  }
}

/**
 * Checks an alert's choice of destinations (400 for one the user may not choose): the user's
 * own, and their team's when they are Editor or above while the team can be changed. An alert
 * of the team (`teamId`) chooses the team's destinations only.
 */
export async function checkOwnedDestinations(
  db: Db,
  userId: string,
  ids: readonly string[],
  options: { teamId?: string | null } = {},
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({
      id: alertDestinations.id,
      userId: alertDestinations.userId,
      teamId: alertDestinations.teamId,
    })
    .from(alertDestinations)
    .where(sql`${alertDestinations.id} = any(${`{${ids.join(',')}}`}::uuid[])`);
  const needsTeam = rows.some((row) => row.teamId !== null);
  const membership = needsTeam ? await membershipOf(db, userId) : null;
  const mayUseTeam =
    membership !== null &&
    roleAtLeast(membership.role, 'editor') &&
    !membership.readOnly &&
    hasFeature(membership.ownerTier, 'integrations');
  const allowed = rows.filter((row) =>
    row.teamId === null
      ? !options.teamId && row.userId === userId
      : mayUseTeam && row.teamId === membership?.teamId,
  );
  if (allowed.length !== new Set(ids).size) {
    throw new AppError(400, 'validation_failed', 'Choose destinations from your integrations.', {
      destinationIds: options.teamId
        ? 'A team alert posts to the team’s destinations.'
        : 'Choose destinations from your integrations.',
    });
  }
}
