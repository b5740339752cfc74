import { createHash, randomBytes } from 'node:crypto';
import {
  csvDocument,
  csvLine,
  hasFeature,
  type MemberRole,
  type Team,
  type TeamActivity,
  type TeamAnswer,
  type TeamEventAction,
  teamEventRetentionDays,
  teamEventText,
  teamInvitationDays,
  teamRoleLabels,
} from '@tickerwise/shared';
import { and, asc, count, desc, eq, gt, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  alertDeliveries,
  alertDestinations,
  alerts,
  portfolios,
  teamEvents,
  teamInvitations,
  teamMembers,
  teams,
  user,
  watchlistItems,
  watchlists,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Mail } from '../email/service.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { tierOf } from '../profiles/service.ts';
import { teamInvitationEmail } from './emails.tsx';
import {
  type Membership,
  membershipOf,
  noTeam,
  readOnlyMessage,
  requireTeamRight,
} from './team-access.ts';

const day = 24 * 3600_000;
/**
 * What a change of membership changes on members' screens: the team, and the shared things
 * and destinations they see or no longer see.
 */
const teamTopics = ['team', 'watchlists', 'portfolios', 'alerts', 'integrations'] as const;
const changeChannel = 'app_changes';
/** Audit log entries a page of the Activity tab shows. */
const activityPage = 50;
/** Entries an export holds at most (a year of a busy team is far fewer). */
const exportRows = 20_000;

/** The longest name of a portfolio or a watchlist. */
const nameLength = 60;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

const missingInvitation = () =>
  new AppError(404, 'invitation_not_found', 'This invitation does not exist. Ask for a new one.');

export interface Actor {
  id: string;
  name: string;
}

export interface TeamServiceDeps {
  db: Db;
  clock: Clock;
  mail: Pick<Mail, 'mailer' | 'outbox'>;
  publicUrl: string;
  entitlements: Pick<EntitlementService, 'requireEntitlement'>;
}

/**
 * Writes one audit log entry in the caller's transaction (docs/PRODUCT.md §3.26, Activity):
 * who did it, under the name they had then, what and when.
 */
export async function recordTeamEvent(
  tx: Db,
  entry: {
    teamId: string;
    actor: Actor;
    action: TeamEventAction;
    details: Record<string, string>;
    at: Date;
  },
): Promise<void> {
  await tx.insert(teamEvents).values({
    teamId: entry.teamId,
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    action: entry.action,
    details: entry.details,
    at: entry.at,
  });
}

/**
 * Tells the live pages of these users (and of every member of `teamId`) that `topics` changed:
 * the same `app_changes` announcement the `announce_change` trigger sends, from inside the
 * transaction, so it goes out at the commit and never for a change rolled back.
 */
export async function announceToTeam(
  tx: Db,
  teamId: string | null,
  topics: readonly string[],
  alsoUserIds: readonly string[] = [],
): Promise<void> {
  const members = teamId
    ? (
        await tx
          .select({ userId: teamMembers.userId })
          .from(teamMembers)
          .where(eq(teamMembers.teamId, teamId))
      ).map((row) => row.userId)
    : [];
  const userIds = [...new Set([...members, ...alsoUserIds])];
  if (userIds.length === 0) return;
  for (const topic of topics) {
    await tx.execute(
      sql`select pg_notify(${changeChannel}, ${JSON.stringify({ topic, userIds })})`,
    );
  }
}

/**
 * Takes the team's destinations out of alerts that may no longer post to them: a member's own
 * alerts when they leave, are removed or become a Viewer (`memberId`), or every alert when the
 * team goes (`null`; its destinations go with it).
 */
async function forgetTeamDestinations(
  tx: Db,
  teamId: string,
  memberId: string | null,
): Promise<void> {
  const ofTeam = sql`array(select td.id from alert_destinations td where td.team_id = ${teamId})`;
  await tx.execute(sql`
    update alerts set destination_ids = array(
      select d from unnest(alerts.destination_ids) as d where not d = any(${ofTeam}))
    where alerts.destination_ids && ${ofTeam}
      ${memberId === null ? sql`` : sql`and alerts.user_id = ${memberId} and alerts.team_id is null`}`);
}

/** Teams, their members and invitations, and the audit log (docs/PRODUCT.md §3.26). */
export class TeamService {
  constructor(private readonly deps: TeamServiceDeps) {}

  /** `GET /api/team`. */
  async view(userId: string): Promise<TeamAnswer> {
    const { db } = this.deps;
    const membership = await membershipOf(db, userId);
    if (!membership) {
      return { team: null, canCreate: hasFeature(await tierOf(db, userId), 'teamManagement') };
    }
    return { team: await this.teamOf(db, membership), canCreate: false };
  }

  /** The owner's team: one per Enterprise or Alpha account, for an account in no team yet. */
  async create(owner: Actor, name: string): Promise<Team> {
    const { db, clock } = this.deps;
    await this.deps.entitlements.requireEntitlement(owner, 'teamManagement');
    try {
      return await db.transaction(async (tx) => {
        if (await membershipOf(tx, owner.id)) throw alreadyInTeam();
        const [team] = await tx.insert(teams).values({ ownerId: owner.id, name }).returning();
        await tx.insert(teamMembers).values({ teamId: team!.id, userId: owner.id, role: 'owner' });
        await recordTeamEvent(tx, {
          teamId: team!.id,
          actor: owner,
          action: 'team_created',
          details: { name },
          at: clock(),
        });
        await announceToTeam(tx, team!.id, ['team']);
        const membership = await membershipOf(tx, owner.id);
        return this.teamOf(tx, membership!);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyInTeam();
      throw error;
    }
  }

  async rename(actor: Actor, name: string): Promise<Team> {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const membership = await requireTeamRight(tx, actor.id, 'manage', {
        change: true,
        lock: true,
      });
      await tx.update(teams).set({ name }).where(eq(teams.id, membership.teamId));
      await recordTeamEvent(tx, {
        teamId: membership.teamId,
        actor,
        action: 'team_renamed',
        details: { from: membership.teamName, name },
        at: clock(),
      });
      await announceToTeam(tx, membership.teamId, teamTopics);
      return this.teamOf(tx, { ...membership, teamName: name });
    });
  }

  /**
   * Invites an address with a role (Admin and up, from a confirmed address). Seats are counted
   * with the team's row locked, as accepting counts them, so no two requests at once pass the
   * plan's seats. The email is recorded in the outbox in the same transaction.
   */
  async invite(actor: Actor, input: { email: string; role: MemberRole }): Promise<Team> {
    const { db, clock, mail, publicUrl } = this.deps;
    const [inviter] = await db
      .select({ verified: user.emailVerified })
      .from(user)
      .where(eq(user.id, actor.id));
    // Checked before the lock: the cheap refusals first.
    const before = await requireTeamRight(db, actor.id, 'manage', { change: true });
    if (!inviter?.verified) {
      throw new AppError(
        403,
        'email_unconfirmed',
        'Confirm your email address before you invite anyone: invitations go out in your name.',
      );
    }
    const token = randomBytes(32).toString('base64url');
    const email = await mail.mailer.prepare(
      teamInvitationEmail(
        {
          to: input.email,
          teamName: before.teamName,
          inviterName: actor.name,
          role: input.role,
          token,
        },
        publicUrl,
      ),
    );
    // The address's mail limits are counted before the transaction, on their own connection.
    const refused = await mail.outbox.admits(email);
    if (refused) {
      throw new AppError(
        429,
        'invitation_not_sent',
        `We cannot send another email to ${input.email} today. Try again tomorrow.`,
      );
    }
    try {
      const team = await db.transaction(async (tx) => {
        const membership = await requireTeamRight(tx, actor.id, 'manage', {
          change: true,
          lock: true,
        });
        const now = clock();
        const [member] = await tx
          .select({ userId: teamMembers.userId })
          .from(teamMembers)
          .innerJoin(user, eq(user.id, teamMembers.userId))
          .where(
            and(
              eq(teamMembers.teamId, membership.teamId),
              sql`lower(${user.email}) = ${input.email}`,
            ),
          );
        if (member) {
          throw new AppError(409, 'already_member', `${input.email} is already in the team.`, {
            email: 'Already in the team',
          });
        }
        await this.requireFreeSeat(tx, membership, now);
        // An expired invitation to the address closes, so the address can be invited again.
        await tx
          .update(teamInvitations)
          .set({ revokedAt: now })
          .where(
            and(
              eq(teamInvitations.teamId, membership.teamId),
              eq(teamInvitations.email, input.email),
              isNull(teamInvitations.acceptedAt),
              isNull(teamInvitations.revokedAt),
              lte(teamInvitations.expiresAt, now),
            ),
          );
        await tx.insert(teamInvitations).values({
          teamId: membership.teamId,
          email: input.email,
          role: input.role,
          tokenHash: hashOf(token),
          invitedBy: actor.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + teamInvitationDays * day),
        });
        await recordTeamEvent(tx, {
          teamId: membership.teamId,
          actor,
          action: 'member_invited',
          details: { email: input.email, role: teamRoleLabels[input.role] },
          at: now,
        });
        await mail.outbox.record(tx, email);
        await announceToTeam(tx, membership.teamId, ['team']);
        return this.teamOf(tx, membership);
      });
      return team;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(
          409,
          'already_invited',
          `${input.email} has an open invitation. Revoke it to invite them again.`,
          { email: 'Already invited' },
        );
      }
      throw error;
    }
  }

  async revoke(actor: Actor, invitationId: string): Promise<Team> {
    const { db, clock } = this.deps;
    if (!uuidPattern.test(invitationId)) throw missingInvitation();
    return db.transaction(async (tx) => {
      const membership = await requireTeamRight(tx, actor.id, 'manage', {
        change: true,
        whileReadOnly: true,
        lock: true,
      });
      const now = clock();
      const [revoked] = await tx
        .update(teamInvitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(teamInvitations.id, invitationId),
            eq(teamInvitations.teamId, membership.teamId),
            isNull(teamInvitations.acceptedAt),
            isNull(teamInvitations.revokedAt),
          ),
        )
        .returning({ email: teamInvitations.email });
      if (!revoked) throw missingInvitation();
      await recordTeamEvent(tx, {
        teamId: membership.teamId,
        actor,
        action: 'invitation_revoked',
        details: { email: revoked.email },
        at: now,
      });
      await announceToTeam(tx, membership.teamId, ['team']);
      return this.teamOf(tx, membership);
    });
  }

  /**
   * The signed-in user accepts an invitation sent to their address: once, within its 7 days,
   * unless revoked, and only while a seat is free (counted under the team's lock).
   */
  async accept(actor: Actor & { email: string }, token: string): Promise<Team> {
    const { db, clock } = this.deps;
    const tokenHash = hashOf(token);
    const [found] = await db
      .select({ teamId: teamInvitations.teamId })
      .from(teamInvitations)
      .where(eq(teamInvitations.tokenHash, tokenHash));
    if (!found) throw missingInvitation();
    try {
      return await db.transaction(async (tx) => {
        // The team's row first, as inviting takes it: seats are counted under this lock.
        const [team] = await tx
          .select({ id: teams.id })
          .from(teams)
          .where(eq(teams.id, found.teamId))
          .for('update');
        if (!team) throw missingInvitation();
        const [invitation] = await tx
          .select()
          .from(teamInvitations)
          .where(eq(teamInvitations.tokenHash, tokenHash))
          .for('update');
        if (!invitation) throw missingInvitation();
        const now = clock();
        if (invitation.acceptedAt) {
          throw new AppError(410, 'invitation_used', 'This invitation was already accepted.');
        }
        if (invitation.revokedAt) {
          throw new AppError(410, 'invitation_revoked', 'This invitation was revoked.');
        }
        if (invitation.expiresAt <= now) {
          throw new AppError(
            410,
            'invitation_expired',
            `This invitation expired: invitations work for ${teamInvitationDays} days. Ask for a new one.`,
          );
        }
        if (invitation.email !== actor.email.toLowerCase()) {
          throw new AppError(
            403,
            'invitation_for_another_address',
            `This invitation is for ${invitation.email}. Sign in with that address to accept it.`,
          );
        }
        if (await membershipOf(tx, actor.id)) throw alreadyInTeam();
        const owner = await this.ownerMembership(tx, invitation.teamId);
        if (owner.readOnly) {
          throw new AppError(409, 'team_read_only', readOnlyMessage(owner.ownerTier));
        }
        // This invitation held a seat; joining turns it into a member's, so only the members
        // are counted (more invitations than seats exist only if made under another count).
        await this.requireFreeSeat(tx, owner, now, { membersOnly: true });
        await tx
          .update(teamInvitations)
          .set({ acceptedAt: now, acceptedBy: actor.id })
          .where(eq(teamInvitations.id, invitation.id));
        await tx
          .insert(teamMembers)
          .values({ teamId: invitation.teamId, userId: actor.id, role: invitation.role });
        await recordTeamEvent(tx, {
          teamId: invitation.teamId,
          actor,
          action: 'invitation_accepted',
          details: { email: invitation.email, role: teamRoleLabels[invitation.role] },
          at: now,
        });
        await announceToTeam(tx, invitation.teamId, teamTopics);
        const joined = await membershipOf(tx, actor.id);
        return this.teamOf(tx, joined!);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyInTeam();
      throw error;
    }
  }

  async changeRole(actor: Actor, memberId: string, role: MemberRole): Promise<Team> {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const membership = await requireTeamRight(tx, actor.id, 'manage', {
        change: true,
        lock: true,
      });
      const target = await this.memberOf(tx, membership.teamId, memberId);
      if (target.role === 'owner') {
        throw new AppError(403, 'owner_role_fixed', 'The owner’s role does not change.');
      }
      if (target.role !== role) {
        await tx
          .update(teamMembers)
          .set({ role })
          .where(and(eq(teamMembers.teamId, membership.teamId), eq(teamMembers.userId, memberId)));
        // A Viewer chooses no team destination: their own alerts stop posting to them.
        if (role === 'viewer') await forgetTeamDestinations(tx, membership.teamId, memberId);
        await recordTeamEvent(tx, {
          teamId: membership.teamId,
          actor,
          action: 'member_role_changed',
          details: {
            member: target.name,
            from: teamRoleLabels[target.role],
            to: teamRoleLabels[role],
          },
          at: clock(),
        });
        await announceToTeam(tx, membership.teamId, teamTopics);
      }
      return this.teamOf(tx, membership);
    });
  }

  /**
   * Removes a member (Admin and up; never the owner). From the commit on the member reads
   * nothing of the team on any instance: every request reads the membership afresh.
   */
  async remove(actor: Actor, memberId: string): Promise<Team> {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const membership = await requireTeamRight(tx, actor.id, 'manage', {
        change: true,
        whileReadOnly: true,
        lock: true,
      });
      const target = await this.memberOf(tx, membership.teamId, memberId);
      if (target.role === 'owner') {
        throw new AppError(
          403,
          'owner_not_removable',
          'The owner cannot be removed; the owner can delete the team.',
        );
      }
      await this.dropMember(tx, membership.teamId, memberId);
      await recordTeamEvent(tx, {
        teamId: membership.teamId,
        actor,
        action: 'member_removed',
        details: { member: target.name, role: teamRoleLabels[target.role] },
        at: clock(),
      });
      await announceToTeam(tx, membership.teamId, teamTopics, [memberId]);
      return this.teamOf(tx, membership);
    });
  }

  /** The user leaves their team (any role but the owner's, who deletes it instead). */
  async leave(actor: Actor): Promise<void> {
    const { db, clock } = this.deps;
    await db.transaction(async (tx) => {
      const membership = await requireTeamRight(tx, actor.id, 'read', { lock: true });
      if (membership.role === 'owner') {
        throw new AppError(
          409,
          'owner_cannot_leave',
          'The owner cannot leave the team. Delete the team instead.',
        );
      }
      await this.dropMember(tx, membership.teamId, actor.id);
      await recordTeamEvent(tx, {
        teamId: membership.teamId,
        actor,
        action: 'member_left',
        details: { role: teamRoleLabels[membership.role] },
        at: clock(),
      });
      await announceToTeam(tx, membership.teamId, teamTopics, [actor.id]);
    });
  }

  /**
   * The owner deletes the team: members, invitations and the audit log go; shared lists go
   * back to the members who made them.
   */
  async delete(actor: Actor): Promise<void> {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      const membership = await requireTeamRight(tx, actor.id, 'own', {
        change: true,
        whileReadOnly: true,
        lock: true,
      });
      await announceToTeam(tx, membership.teamId, teamTopics);
      await forgetTeamDestinations(tx, membership.teamId, null);
      await tx.delete(teams).where(eq(teams.id, membership.teamId));
    });
  }

  /** `GET /api/team/activity`: the audit log, newest first (Admin and up). */
  async activity(userId: string, before?: number): Promise<TeamActivity> {
    const { db } = this.deps;
    const membership = await requireTeamRight(db, userId, 'manage');
    const rows = await db
      .select()
      .from(teamEvents)
      .where(
        and(
          eq(teamEvents.teamId, membership.teamId),
          before === undefined ? undefined : lt(teamEvents.id, before),
        ),
      )
      .orderBy(desc(teamEvents.id))
      .limit(activityPage + 1);
    const page = rows.slice(0, activityPage);
    return {
      events: page.map((row) => ({
        id: row.id,
        actor: row.actorName,
        action: row.action as TeamEventAction,
        details: row.details,
        at: row.at.toISOString(),
      })),
      next: rows.length > activityPage ? (page.at(-1)?.id ?? null) : null,
    };
  }

  /** The audit log as CSV (Admin and up): when, who, what, and the details. */
  async activityCsv(userId: string): Promise<{ teamName: string; csv: string }> {
    const { db } = this.deps;
    const membership = await requireTeamRight(db, userId, 'manage');
    const rows = await db
      .select()
      .from(teamEvents)
      .where(eq(teamEvents.teamId, membership.teamId))
      .orderBy(asc(teamEvents.id))
      .limit(exportRows);
    const lines = [csvLine(['When (UTC)', 'Who', 'Action', 'What'])];
    for (const row of rows) {
      const action = row.action as TeamEventAction;
      lines.push(
        csvLine([
          row.at.toISOString(),
          row.actorName,
          action,
          `${row.actorName} ${teamEventText({ action, details: row.details })}`,
        ]),
      );
    }
    return { teamName: membership.teamName, csv: csvDocument(lines) };
  }

  /** Forgets audit log entries older than a year (a scheduler loop on each instance). */
  async pruneActivity(): Promise<number> {
    const cutoff = new Date(this.deps.clock().getTime() - teamEventRetentionDays * day);
    const deleted = await this.deps.db
      .delete(teamEvents)
      .where(lt(teamEvents.at, cutoff))
      .returning({ id: teamEvents.id });
    return deleted.length;
  }

  private async requireFreeSeat(
    tx: Db,
    membership: Pick<Membership, 'teamId' | 'seats' | 'ownerTier'>,
    now: Date,
    options: { membersOnly?: boolean } = {},
  ): Promise<void> {
    const used = await this.seatsUsed(tx, membership.teamId, now, options);
    if (used >= membership.seats) {
      throw new AppError(
        402,
        'plan_limit_reached',
        `The team’s plan includes ${membership.seats} seats, and all ${membership.seats} are taken by members and open invitations. Remove a member or revoke an invitation to make room.`,
      );
    }
  }

  /** Members besides the owner, and invitations still open. */
  private async seatsUsed(
    tx: Db,
    teamId: string,
    now: Date,
    { membersOnly = false }: { membersOnly?: boolean } = {},
  ): Promise<number> {
    const [members] = await tx
      .select({ count: count() })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.role, 'owner')));
    const [open] = await tx
      .select({ count: count() })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.teamId, teamId),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
          gt(teamInvitations.expiresAt, now),
        ),
      );
    return (members?.count ?? 0) + (membersOnly ? 0 : (open?.count ?? 0));
  }

  private async ownerMembership(tx: Db, teamId: string): Promise<Membership> {
    const [team] = await tx
      .select({ ownerId: teams.ownerId })
      .from(teams)
      .where(eq(teams.id, teamId));
    const owner = team ? await membershipOf(tx, team.ownerId) : null;
    if (!owner) throw missingInvitation();
    return owner;
  }

  private async memberOf(tx: Db, teamId: string, memberId: string) {
    const [row] = await tx
      .select({ role: teamMembers.role, name: user.name })
      .from(teamMembers)
      .innerJoin(user, eq(user.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)));
    if (!row) throw notFound('This member is not in your team.');
    return row;
  }

  private async dropMember(tx: Db, teamId: string, memberId: string): Promise<void> {
    await forgetTeamDestinations(tx, teamId, memberId);
    // The team's alerts they set stay the team's, held by the owner from now on (their
    // firings reach the members, and no longer the one who is gone).
    const [team] = await tx
      .select({ ownerId: teams.ownerId })
      .from(teams)
      .where(eq(teams.id, teamId));
    if (team) {
      await tx
        .update(alerts)
        .set({ userId: team.ownerId })
        .where(and(eq(alerts.teamId, teamId), eq(alerts.userId, memberId)));
    }
    await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, memberId)));
  }

  private async teamOf(db: Db, membership: Membership): Promise<Team> {
    const now = this.deps.clock();
    const [team] = await db.select().from(teams).where(eq(teams.id, membership.teamId));
    if (!team) throw noTeam();
    const members = await db
      .select({
        userId: teamMembers.userId,
        name: user.name,
        email: user.email,
        role: teamMembers.role,
        joinedAt: teamMembers.joinedAt,
      })
      .from(teamMembers)
      .innerJoin(user, eq(user.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, membership.teamId))
      .orderBy(
        sql`array_position(array['owner','admin','editor','viewer'], ${teamMembers.role})`,
        asc(user.name),
      );
    const manages = membership.role === 'owner' || membership.role === 'admin';
    const invitations = manages
      ? await db
          .select({
            id: teamInvitations.id,
            email: teamInvitations.email,
            role: teamInvitations.role,
            invitedBy: user.name,
            createdAt: teamInvitations.createdAt,
            expiresAt: teamInvitations.expiresAt,
          })
          .from(teamInvitations)
          .leftJoin(user, eq(user.id, teamInvitations.invitedBy))
          .where(
            and(
              eq(teamInvitations.teamId, membership.teamId),
              isNull(teamInvitations.acceptedAt),
              isNull(teamInvitations.revokedAt),
              gt(teamInvitations.expiresAt, now),
            ),
          )
          .orderBy(asc(teamInvitations.createdAt))
      : [];
    return {
      id: team.id,
      name: team.name,
      role: membership.role,
      members: members.map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() })),
      invitations: invitations.map((invitation) => ({
        ...invitation,
        createdAt: invitation.createdAt.toISOString(),
        expiresAt: invitation.expiresAt.toISOString(),
      })),
      seats: {
        used: await this.seatsUsed(db, membership.teamId, now),
        included: membership.seats,
      },
      readOnly: membership.readOnly
        ? { reason: 'owner_plan', message: readOnlyMessage(membership.ownerTier) }
        : null,
      createdAt: team.createdAt.toISOString(),
    };
  }
}

/**
 * What closing an account does to teams, in the transaction that deletes it (before the user
 * row goes; docs/PRODUCT.md §3.26). The owner's team goes with them, as if they had deleted it.
 * Otherwise whatever they put in a team stays the team's (also in a team they had left): its
 * portfolios, watchlists, alerts and destinations pass to the team's owner (a name the owner
 * already uses gets " (from {name})" added), and the destination logs keep every delivery;
 * the transactions they entered say "Entered by a former member" (the column empties with the
 * account). The audit log records it, and every member's open screens are told.
 */
export async function releaseClosingAccount(tx: Db, userId: string, at: Date): Promise<void> {
  const [closing] = await tx.select({ name: user.name }).from(user).where(eq(user.id, userId));
  if (!closing) return;
  const membership = await membershipOf(tx, userId, { lock: true });
  if (membership?.role === 'owner') {
    await announceToTeam(tx, membership.teamId, teamTopics);
    await forgetTeamDestinations(tx, membership.teamId, null);
    await tx.delete(teams).where(eq(teams.id, membership.teamId));
  }
  // Every team that holds something of theirs (their own team, gone by now, aside).
  const held = rowsOf<{ teamId: string; ownerId: string }>(
    await tx.execute(sql`
      select t.id as "teamId", t.owner_id as "ownerId" from ${teams} t
      where t.owner_id <> ${userId} and (
        exists (select 1 from ${portfolios} p where p.team_id = t.id and p.user_id = ${userId})
        or exists (select 1 from ${watchlists} w where w.team_id = t.id and w.user_id = ${userId})
        or exists (select 1 from ${alerts} a where a.team_id = t.id and a.user_id = ${userId})
        or exists (select 1 from ${alertDestinations} d
          where d.team_id = t.id and d.user_id = ${userId})
        or t.id = ${membership?.teamId ?? null}::uuid)
      order by t.id
      for update`),
  );
  for (const { teamId, ownerId } of held) {
    await handOverNames(tx, portfolios, teamId, userId, ownerId, closing.name);
    await handOverNames(tx, watchlists, teamId, userId, ownerId, closing.name);
    await tx.execute(sql`
      update ${watchlistItems} set user_id = ${ownerId}
      where user_id = ${userId}
        and watchlist_id in (select id from ${watchlists} where team_id = ${teamId})`);
    await tx.execute(sql`
      update ${portfolios} set user_id = ${ownerId}
      where team_id = ${teamId} and user_id = ${userId}`);
    await tx.execute(sql`
      update ${watchlists} set user_id = ${ownerId}
      where team_id = ${teamId} and user_id = ${userId}`);
    await tx.execute(sql`
      update ${alerts} set user_id = ${ownerId} where team_id = ${teamId} and user_id = ${userId}`);
    await tx.execute(sql`
      update ${alertDestinations} set user_id = ${ownerId}
      where team_id = ${teamId} and user_id = ${userId}`);
    // The team's delivery logs keep what went (or goes) to its destinations from their alerts.
    await tx.execute(sql`
      update ${alertDeliveries} set user_id = ${ownerId}
      where user_id = ${userId}
        and destination_id in (select id from ${alertDestinations} where team_id = ${teamId})`);
    if (teamId === membership?.teamId) {
      await forgetTeamDestinations(tx, teamId, userId);
      await recordTeamEvent(tx, {
        teamId,
        actor: { id: userId, name: closing.name },
        action: 'member_account_closed',
        details: { role: teamRoleLabels[membership.role] },
        at,
      });
    }
    await announceToTeam(tx, teamId, teamTopics);
  }
}

/**
 * Renames the closing member's things of a team whose names the owner already uses (names are
 * unique per person): "Club fund" becomes "Club fund (from Ada)", then "(from Ada 2)"...
 */
async function handOverNames(
  tx: Db,
  table: typeof portfolios | typeof watchlists,
  teamId: string,
  userId: string,
  ownerId: string,
  name: string,
): Promise<void> {
  const things = await tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.teamId, teamId), eq(table.userId, userId)));
  if (things.length === 0) return;
  const taken = new Set(
    (await tx.select({ name: table.name }).from(table).where(eq(table.userId, ownerId))).map(
      (row) => row.name.toLowerCase(),
    ),
  );
  for (const thing of things) {
    if (!taken.has(thing.name.toLowerCase())) {
      taken.add(thing.name.toLowerCase());
      continue;
    }
    const from = name.slice(0, 30);
    const named = (n: number) => {
      const suffix = ` (from ${from}${n > 1 ? ` ${n}` : ''})`;
      return `${thing.name.slice(0, Math.max(1, nameLength - suffix.length))}${suffix}`;
    };
    let n = 1;
    while (taken.has(named(n).toLowerCase())) n += 1;
    const renamed = named(n);
    taken.add(renamed.toLowerCase());
    await tx.update(table).set({ name: renamed }).where(eq(table.id, thing.id));
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const alreadyInTeam = () =>
  new AppError(
    409,
    'already_in_team',
    'You are in a team already. Leave it first: an account belongs to one team.',
  );
