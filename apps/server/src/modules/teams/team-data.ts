import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamEvents, teamInvitations, teamMembers, teams } from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/**
 * The user's part of teams in the data export: the team they own, their membership, the
 * invitations they sent and the audit log entries of what they did. Other members' details
 * stay out: they are those members' data.
 */
export function teamsDataPart(db: Db): UserDataPart {
  return {
    name: 'teams',
    tables: [teams, teamMembers, teamInvitations, teamEvents],
    async collect(userId) {
      const owned = await db
        .select({ id: teams.id, name: teams.name, createdAt: teams.createdAt })
        .from(teams)
        .where(eq(teams.ownerId, userId));
      const membership = await db
        .select({
          teamId: teamMembers.teamId,
          role: teamMembers.role,
          joinedAt: teamMembers.joinedAt,
        })
        .from(teamMembers)
        .where(eq(teamMembers.userId, userId));
      const invitationsSent = await db
        .select({
          teamId: teamInvitations.teamId,
          email: teamInvitations.email,
          role: teamInvitations.role,
          createdAt: teamInvitations.createdAt,
          expiresAt: teamInvitations.expiresAt,
          acceptedAt: teamInvitations.acceptedAt,
          revokedAt: teamInvitations.revokedAt,
        })
        .from(teamInvitations)
        .where(eq(teamInvitations.invitedBy, userId))
        .orderBy(asc(teamInvitations.createdAt));
      const activity = await db
        .select({
          teamId: teamEvents.teamId,
          action: teamEvents.action,
          details: teamEvents.details,
          at: teamEvents.at,
        })
        .from(teamEvents)
        .where(eq(teamEvents.actorId, userId))
        .orderBy(asc(teamEvents.id));
      return {
        owned: owned.map(plainRow),
        membership: membership.map(plainRow),
        invitationsSent: invitationsSent.map(plainRow),
        activity: activity.map(plainRow),
      };
    },
  };
}
