import { z } from 'zod';

/**
 * Teams (docs/PRODUCT.md §3.26): an Enterprise or Alpha Tester account owns one team, whose
 * members have a role. Each role can do what the one after it can, and more:
 * Owner (billing and deletion), Admin (members and invitations), Editor (changes shared
 * things), Viewer (reads them).
 */
export const teamRoles = ['owner', 'admin', 'editor', 'viewer'] as const;
export const teamRoleSchema = z.enum(teamRoles);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** The roles an invitation or a role change may give: one team has one owner. */
export const memberRoles = ['admin', 'editor', 'viewer'] as const;
export const memberRoleSchema = z.enum(memberRoles, { error: 'Choose Admin, Editor or Viewer' });
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const teamRoleLabels: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
};

/** Whether `role` may do what `needed` may (Owner > Admin > Editor > Viewer). */
export function roleAtLeast(role: TeamRole, needed: TeamRole): boolean {
  return teamRoles.indexOf(role) <= teamRoles.indexOf(needed);
}

/** Days an invitation link works. */
export const teamInvitationDays = 7;

/** How long the audit log keeps an entry. */
export const teamEventRetentionDays = 365;

export const teamNameSchema = z
  .string({ error: 'Give the team a name' })
  .trim()
  .min(1, 'Give the team a name')
  .max(60, 'A team name has at most 60 characters');

/** `POST /api/team` (make the owner's team) and `PATCH /api/team` (rename it). */
export const teamNameInputSchema = z.object({ name: teamNameSchema }).strict();

/** `POST /api/team/invitations`. */
export const teamInviteSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'An email address has at most 254 characters')
      .pipe(z.email({ error: 'Enter an email address' })),
    role: memberRoleSchema,
  })
  .strict();
export type TeamInviteInput = z.input<typeof teamInviteSchema>;

/** `PATCH /api/team/members/:userId`. */
export const teamRoleChangeSchema = z.object({ role: memberRoleSchema }).strict();

/** `POST /api/team/invitations/accept`: the token from the invitation's link. */
export const teamAcceptSchema = z
  .object({ token: z.string().trim().min(1, 'The link has no invitation in it').max(200) })
  .strict();

/**
 * `PUT /api/watchlists/:id/team`, `PUT /api/portfolios/:portfolioId/team`,
 * `PUT /api/alerts/:id/team`: move a personal thing into the team, or back out.
 */
export const teamShareSchema = z.object({ shared: z.boolean() }).strict();

/**
 * How a portfolio or an alert that belongs to the user's team says so (null for a personal
 * one): the team's name, the user's role in it, whether the team can be changed now (the
 * owner's plan), and whether the user made it (only its maker takes it back out of the team).
 */
export const sharedWithTeamSchema = z.object({
  teamName: z.string(),
  role: teamRoleSchema,
  readOnly: z.boolean(),
  mine: z.boolean(),
});
export type SharedWithTeam = z.infer<typeof sharedWithTeamSchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  /** ISO 8601. */
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** Why the team cannot be changed now, or null. */
export const teamReadOnlySchema = z
  .object({
    reason: z.literal('owner_plan'),
    message: z.string(),
  })
  .nullable();

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The signed-in user's role. */
  role: teamRoleSchema,
  members: z.array(teamMemberSchema),
  /** Open invitations; listed to Admins and the Owner only (empty for others). */
  invitations: z.array(teamInvitationSchema),
  /** Seats in use (members other than the owner, and open invitations) and the plan's number. */
  seats: z.object({ used: z.number().int(), included: z.number().int() }),
  readOnly: teamReadOnlySchema,
  createdAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

/** `GET /api/team`: the user's team, or null with whether their plan lets them make one. */
export const teamAnswerSchema = z.object({
  team: teamSchema.nullable(),
  canCreate: z.boolean(),
});
export type TeamAnswer = z.infer<typeof teamAnswerSchema>;

export const teamEventActions = [
  'team_created',
  'team_renamed',
  'team_deleted',
  'member_invited',
  'invitation_revoked',
  'invitation_accepted',
  'member_role_changed',
  'member_removed',
  'member_left',
  'member_account_closed',
  'watchlist_shared',
  'watchlist_unshared',
  'watchlist_deleted',
  'portfolio_shared',
  'portfolio_unshared',
  'portfolio_deleted',
  'alert_shared',
  'alert_unshared',
  'alert_deleted',
  'destination_added',
  'destination_deleted',
] as const;
export type TeamEventAction = (typeof teamEventActions)[number];

export const teamEventSchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.enum(teamEventActions),
  /** What the action was about: a member's name, an address, a role, a watchlist's name. */
  details: z.record(z.string(), z.string()),
  /** ISO 8601. */
  at: z.string(),
});
export type TeamEvent = z.infer<typeof teamEventSchema>;

/** `GET /api/team/activity`: newest first, a page at a time (`before`: an id). */
export const teamActivitySchema = z.object({
  events: z.array(teamEventSchema),
  /** Pass as `before` for the next page; null at the end. */
  next: z.number().int().nullable(),
});
export type TeamActivity = z.infer<typeof teamActivitySchema>;

/** The sentence the audit log shows for an event. */
export function teamEventText(event: Pick<TeamEvent, 'action' | 'details'>): string {
  const d = event.details;
  switch (event.action) {
    case 'team_created':
      return `created the team “${d.name ?? ''}”`;
    case 'team_renamed':
      return `renamed the team to “${d.name ?? ''}”`;
    case 'team_deleted':
      return 'deleted the team';
    case 'member_invited':
      return `invited ${d.email ?? ''} as ${d.role ?? ''}`;
    case 'invitation_revoked':
      return `revoked the invitation of ${d.email ?? ''}`;
    case 'invitation_accepted':
      return `joined as ${d.role ?? ''} (invited as ${d.email ?? ''})`;
    case 'member_role_changed':
      return `changed ${d.member ?? ''}’s role from ${d.from ?? ''} to ${d.to ?? ''}`;
    case 'member_removed':
      return `removed ${d.member ?? ''} from the team`;
    case 'member_left':
      return 'left the team';
    case 'member_account_closed':
      return 'closed their account and left the team; what they shared stays the team’s, held by the owner';
    case 'watchlist_shared':
      return `moved the watchlist “${d.watchlist ?? ''}” into the team`;
    case 'watchlist_unshared':
      return `took the watchlist “${d.watchlist ?? ''}” out of the team`;
    case 'watchlist_deleted':
      return `deleted the team watchlist “${d.watchlist ?? ''}”`;
    case 'portfolio_shared':
      return `moved the portfolio “${d.portfolio ?? ''}” into the team`;
    case 'portfolio_unshared':
      return `took the portfolio “${d.portfolio ?? ''}” out of the team`;
    case 'portfolio_deleted':
      return `deleted the team portfolio “${d.portfolio ?? ''}”`;
    case 'alert_shared':
      return `moved the alert “${d.alert ?? ''}” into the team`;
    case 'alert_unshared':
      return `took the alert “${d.alert ?? ''}” out of the team`;
    case 'alert_deleted':
      return `deleted the team alert “${d.alert ?? ''}”`;
    case 'destination_added':
      return `added the team destination “${d.destination ?? ''}” (${d.kind ?? ''})`;
    case 'destination_deleted':
      return `deleted the team destination “${d.destination ?? ''}”`;
  }
}
