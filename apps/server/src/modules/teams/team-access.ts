import {
  entitlementsFor,
  planFor,
  roleAtLeast,
  type SubscriptionTier,
  type TeamRole,
  teamRoleLabels,
} from '@tickerwise/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, teamMembers, teams } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';

/**
 * Who may do what in a team (docs/PRODUCT.md §3.26): the one place every team route and every
 * shared thing asks. Membership is read from the database on each request (one indexed row),
 * never remembered, so a removal or a role change holds on every instance from the commit on.
 */

/** The signed-in user's place in their team. */
export interface Membership {
  teamId: string;
  teamName: string;
  ownerId: string;
  role: TeamRole;
  /** The owner's plan: the team's plan, under which shared things are used. */
  ownerTier: SubscriptionTier;
  /** The owner's plan no longer includes teams: everyone reads, nobody changes. */
  readOnly: boolean;
  /** Seats the owner's plan includes (members besides the owner, and open invitations). */
  seats: number;
}

/** What an action on the team or a shared thing needs. */
export type TeamRight =
  /** Read the team and its shared things. */
  | 'read'
  /** Change shared things: Editor and up. */
  | 'edit'
  /** Invite, remove and change the roles of members; read the audit log: Admin and up. */
  | 'manage'
  /** Delete the team: the Owner. */
  | 'own';

const neededRole: Record<TeamRight, TeamRole> = {
  read: 'viewer',
  edit: 'editor',
  manage: 'admin',
  own: 'owner',
};

const rightWords: Record<TeamRight, string> = {
  read: 'read this team',
  edit: 'change the team’s things',
  manage: 'manage the team’s members',
  own: 'do this',
};

export const noTeam = () => notFound('You are not in a team.');

export function readOnlyMessage(ownerTier: SubscriptionTier): string {
  return `The team is read-only: its owner’s plan is ${planFor(ownerTier).name}, and teams are part of Enterprise. Everything stays as it is until the owner upgrades again.`;
}

const readOnlyRefusal = (membership: Membership) =>
  new AppError(409, 'team_read_only', readOnlyMessage(membership.ownerTier));

const roleRefusal = (membership: Membership, right: TeamRight) =>
  new AppError(
    403,
    'team_role_required',
    `As ${teamRoleLabels[membership.role]} you cannot ${rightWords[right]}: it takes ${teamRoleLabels[neededRole[right]]}${right === 'own' ? '' : ' or above'}.`,
  );

/** The user's membership, or null; `lock` holds the team's row until the transaction ends. */
export async function membershipOf(
  db: Db,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<Membership | null> {
  const query = db
    .select({
      teamId: teams.id,
      teamName: teams.name,
      ownerId: teams.ownerId,
      role: teamMembers.role,
      ownerTier: profiles.subscriptionTier,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(profiles, eq(profiles.id, teams.ownerId))
    .where(eq(teamMembers.userId, userId));
  const [row] = options.lock ? await query.for('update', { of: teams }) : await query;
  if (!row) return null;
  const plan = entitlementsFor(row.ownerTier);
  return {
    ...row,
    readOnly: !plan.teamManagement,
    seats: plan.teamSeats,
  };
}

/**
 * The membership when the user's role allows `right`: 404 outside a team, 403 naming the role
 * it takes, and 409 `team_read_only` for a change while the owner's plan has no teams (unless
 * `whileReadOnly`: leaving, removing and deleting shrink a team and stay open).
 */
export async function requireTeamRight(
  db: Db,
  userId: string,
  right: TeamRight,
  options: { change?: boolean; whileReadOnly?: boolean; lock?: boolean } = {},
): Promise<Membership> {
  const membership = await membershipOf(db, userId, { lock: options.lock ?? false });
  if (!membership) throw noTeam();
  if (!roleAtLeast(membership.role, neededRole[right])) throw roleRefusal(membership, right);
  if (options.change && membership.readOnly && !options.whileReadOnly) {
    throw readOnlyRefusal(membership);
  }
  return membership;
}

/**
 * What the user may do to a thing that belongs to `teamId`: null when they are not in that
 * team (the thing is "not found" for them); otherwise whether they may read and change it.
 */
export async function sharedThingAccess(
  db: Db,
  userId: string,
  teamId: string,
): Promise<{ membership: Membership; canChange: boolean } | null> {
  const membership = await membershipOf(db, userId);
  if (!membership || membership.teamId !== teamId) return null;
  return {
    membership,
    canChange: roleAtLeast(membership.role, 'editor') && !membership.readOnly,
  };
}

/**
 * The user's membership when they may do `right` to a thing of `teamId`: null when they are
 * not in that team (the thing is "not found" for them), 403 naming the role it takes, and for
 * a change 409 while the team is read-only. Checked in that order, so a member of another
 * team learns nothing from a role refusal.
 */
export async function requireSharedRight(
  db: Db,
  userId: string,
  teamId: string,
  right: TeamRight,
  options: { change?: boolean } = {},
): Promise<Membership | null> {
  const membership = await membershipOf(db, userId);
  if (!membership || membership.teamId !== teamId) return null;
  if (!roleAtLeast(membership.role, neededRole[right])) throw roleRefusal(membership, right);
  if (options.change && membership.readOnly) throw readOnlyRefusal(membership);
  return membership;
}

/** 403 or 409 for a change to a shared thing the user may only read. */
export function refuseSharedChange(membership: Membership): never {
  if (membership.readOnly) throw readOnlyRefusal(membership);
  throw roleRefusal(membership, 'edit');
}

/**
 * The checks before `actorId` moves a thing of theirs (an alert, a portfolio) into their team
 * or back out of it: only its maker may (403 `maker.code`), they must be in the team it goes
 * to or comes from (409 `no_team`), and they must be allowed to change the team's things.
 * Null when the thing is already where it is asked to be (nothing to do).
 */
export async function requireSharingMove(
  db: Db,
  actorId: string,
  thing: { userId: string; teamId: string | null },
  shared: boolean,
  words: { noun: string; code: string; maker: string },
): Promise<Membership | null> {
  if (thing.userId !== actorId) {
    throw new AppError(
      403,
      words.code,
      `Only the member who ${words.maker} this ${words.noun} can move it into or out of the team.`,
    );
  }
  if (Boolean(thing.teamId) === shared) return null;
  const membership = await membershipOf(db, actorId);
  if (!membership || (thing.teamId && membership.teamId !== thing.teamId)) {
    throw new AppError(409, 'no_team', `You are not in a team to share this ${words.noun} with.`);
  }
  const access = await sharedThingAccess(db, actorId, membership.teamId);
  if (!access?.canChange) refuseSharedChange(membership);
  return membership;
}

/** The id of the user's team, as SQL, for reads of shared things (null outside a team). */
export function teamIdOf(userId: string) {
  return sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`;
}
